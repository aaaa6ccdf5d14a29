import { BehaviorSubject, Observable, Subject, Subscription, merge } from 'rxjs';
import type { Action, ActionSource } from './action';
import { defineAction } from './action';
import * as t from 'io-ts';

/** One line of the action log (ARCHITECTURE.md §3). */
export interface Envelope {
  readonly seq: number;
  /** Milliseconds since the store was created, from the injected clock. */
  readonly t: number;
  readonly src: ActionSource;
  /** For epic output: the seq of the action whose processing produced it synchronously. */
  readonly cause?: number;
  readonly action: Action;
}

export type Reducer<S> = (state: S, action: Action) => S;

/** state$ for epics: an Observable that also exposes the current value. */
export interface StateObservable<S> extends Observable<S> {
  readonly value: S;
}

export type Epic<S, D> = (action$: Observable<Action>, state$: StateObservable<S>, deps: D) => Observable<Action>;

/** The store only needs "now"; the rest of the deps are handed to the epics untouched. */
export interface StoreClock {
  now(): number;
}

export interface StoreOptions<S, D extends { clock: StoreClock }> {
  readonly reducer: Reducer<S>;
  readonly epics?: ReadonlyArray<Epic<S, D>>;
  readonly deps: D;
  readonly initialState: S;
  /** Sees every envelope, including those emitted while the epics start up, with the state after it. */
  readonly onEnvelope?: (envelope: Envelope, stateAfter: S) => void;
}

export interface Store<S> {
  getState(): S;
  readonly state$: StateObservable<S>;
  /** Every action that entered the store, as log envelopes, in seq order. */
  readonly envelopes$: Observable<Envelope>;
  /** UI intents and adapter facts enter here; epic output is tagged by the store itself. */
  dispatch(action: Action, src?: Exclude<ActionSource, 'epic'>): void;
  /** For useSyncExternalStore, which calls it unbound (a function property: it reads no `this`). */
  readonly subscribe: (listener: () => void) => () => void;
  /** Stops the epics; the state stays readable. */
  stop(): void;
}

/** An epic threw instead of turning its error into a `...Failed` action; it is reported, not retried. */
export const epicFailed = defineAction('store/epicFailed', { epic: t.number, message: t.string });

interface Pending {
  readonly action: Action;
  readonly src: ActionSource;
  readonly cause?: number;
}

/**
 * One queue: for each action the reducer runs, then state$ emits, then the epics see it.
 * Actions dispatched while the queue drains (by epics or subscribers) wait their turn,
 * so every subscriber sees states and actions in the same order as the log.
 */
export function createStore<S, D extends { clock: StoreClock }>(options: StoreOptions<S, D>): Store<S> {
  const { reducer, deps, initialState } = options;
  const t0 = deps.clock.now();
  const state$ = new BehaviorSubject<S>(initialState);
  const action$ = new Subject<Action>();
  const envelopes$ = new Subject<Envelope>();
  const queue: Pending[] = [];
  let seq = 0;
  let processing: number | undefined;
  let draining = false;

  const drain = (): void => {
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        seq += 1;
        const envelope: Envelope = {
          seq,
          t: deps.clock.now() - t0,
          src: next.src,
          ...(next.cause === undefined ? {} : { cause: next.cause }),
          action: next.action,
        };
        state$.next(reducer(state$.value, next.action));
        options.onEnvelope?.(envelope, state$.value);
        envelopes$.next(envelope);
        processing = seq;
        try {
          action$.next(next.action);
        } finally {
          processing = undefined;
        }
      }
    } finally {
      draining = false;
    }
    notifyListeners();
  };

  // UI subscribers (React) hear once per drained batch, not once per action: a click's chain of
  // epic actions costs one round of snapshot reads, taken after the chain's effects (audio play())
  // have run. Epics still see every state on state$.
  const listeners = new Set<() => void>();
  let notified = initialState;
  const notifyListeners = (): void => {
    if (draining || state$.value === notified) return;
    notified = state$.value;
    listeners.forEach((listener) => listener());
  };

  const enqueue = (pending: Pending): void => {
    queue.push(pending);
    drain();
  };

  const stateObservable = Object.defineProperty(state$.asObservable(), 'value', {
    get: () => state$.value,
  }) as StateObservable<S>;

  const subscription = new Subscription();
  (options.epics ?? []).forEach((epic, index) => {
    subscription.add(
      epic(action$.asObservable(), stateObservable, deps).subscribe({
        next: (action) => enqueue({ action, src: 'epic', ...(processing === undefined ? {} : { cause: processing }) }),
        error: (err: unknown) => enqueue({ action: epicFailed({ epic: index, message: err instanceof Error ? err.message : String(err) }), src: 'epic' }),
      }),
    );
  });

  return {
    getState: () => state$.value,
    state$: stateObservable,
    envelopes$: envelopes$.asObservable(),
    dispatch: (action, src = 'ui') => enqueue({ action, src }),
    subscribe: (listener) => {
      // A fresh callback per subscription, so one component subscribing twice is two listeners.
      const entry = () => listener();
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    stop: () => subscription.unsubscribe(),
  };
}

/** Runs several epics as one. */
export function combineEpics<S, D>(...epics: ReadonlyArray<Epic<S, D>>): Epic<S, D> {
  return (action$, state$, deps) => merge(...epics.map((epic) => epic(action$, state$, deps)));
}
