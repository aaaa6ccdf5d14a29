import { Observable, Subject, merge } from 'rxjs';
import { ignoreElements, switchMap, take, tap } from 'rxjs/operators';
import type { Action } from './action';
import type { Epic } from './store';

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
      action$.pipe(
        tap(relay),
        ignoreElements(),
      ),
      load.pipe(
        take(1),
        switchMap((epic) => epic(relay.asObservable(), state$, deps)),
      ),
    );
  };
}
