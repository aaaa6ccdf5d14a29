import { Observable, Subject, merge } from 'rxjs';
import { ignoreElements, switchMap, take, tap } from 'rxjs/operators';
import type { Action } from './action';
import type { Epic, StateObservable, StoreClock } from './store';

/**
 * An epic whose code arrives later (a lazily loaded chunk), holding its place in the store's epic
 * order from the start: the place subscribes to the actions at once and relays each one to the
 * loaded epic synchronously, so an action several epics answer is still answered in list order,
 * as engine replay (which has every epic from the start) answers it. Actions that came before the
 * epic arrived are not seen by it: bind the inputs it obeys only once it is loaded. A `load` that
 * completes empty leaves the place silent.
 */
export function deferredEpic<S, D>(load: Observable<Epic<S, D>>): Epic<S, D> {
  return (action$, state$, deps) => {
    const relay = new Subject<Action>();
    return merge(
      action$.pipe(tap(relay), ignoreElements()),
      load.pipe(
        take(1),
        switchMap((epic) => epic(relay.asObservable(), state$, deps)),
      ),
    );
  };
}

/** One action the place heard before its epic arrived, with the state after it and the time it came. */
interface Heard<S> {
  readonly action: Action;
  readonly state: S;
  readonly at: number;
}

/**
 * The most actions a place keeps for its epic while the code has not arrived. A chunk that never
 * arrives (the network went away after the page's first files) must not grow the page for ever;
 * the first ones are kept, since they carry the session's start.
 */
export const HEARD_BEFORE_LOAD_MAX = 2000;

/**
 * A deferredEpic that hears the whole session: the actions that came before its code arrived are
 * kept (at most `max`, the first ones) and handed to it first, in order, as soon as it is loaded,
 * then the live ones. For the epics that must see every action but not at once (the logging
 * channels: issue 12's exactly-once logging starts with the session's first action). While it
 * goes through the early actions, `state$.value` is the state after each of them and
 * `deps.clock.now()` the time it came, so what it records of them (a log entry's time, the
 * state it reads) is what it would have recorded live. Its answers to early actions have no
 * cause (they are not emitted while the store processes them): keep such an epic's answers
 * asynchronous (a port's answer), so engine replay, which has it from the start, matches them.
 */
export function deferredEpicHearingAll<S, D extends { readonly clock: StoreClock }>(
  load: Observable<Epic<S, D>>,
  max: number = HEARD_BEFORE_LOAD_MAX,
): Epic<S, D> {
  return (action$, state$, deps) => {
    const relay = new Subject<Action>();
    /** Until the epic has caught up; also takes what arrives while it catches up, so order holds. */
    let heard: Heard<S>[] | undefined = [];
    let replaying: Heard<S> | undefined;
    let catchingUp = false;
    const pastState$ = Object.defineProperty(new Observable<S>((subscriber) => state$.subscribe(subscriber)), 'value', {
      get: () => (replaying === undefined ? state$.value : replaying.state),
    }) as StateObservable<S>;
    const pastDeps: D = { ...deps, clock: { now: () => (replaying === undefined ? deps.clock.now() : replaying.at) } };
    const hear = (action: Action): void => {
      if (heard === undefined) relay.next(action);
      else if (catchingUp || heard.length < max) heard.push({ action, state: state$.value, at: deps.clock.now() });
    };
    return merge(
      action$.pipe(tap(hear), ignoreElements()),
      load.pipe(
        take(1),
        switchMap(
          (epic) =>
            new Observable<Action>((subscriber) => {
              const subscription = epic(relay.asObservable(), pastState$, pastDeps).subscribe(subscriber);
              // Actions the store processes while the epic catches up are appended to `heard`.
              catchingUp = true;
              for (let next = heard?.shift(); next !== undefined; next = heard?.shift()) {
                replaying = next;
                try {
                  relay.next(next.action);
                } finally {
                  replaying = undefined;
                }
              }
              heard = undefined;
              catchingUp = false;
              return subscription;
            }),
        ),
      ),
    );
  };
}
