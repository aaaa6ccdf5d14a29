import { Observable, type OperatorFunction, type SchedulerLike } from 'rxjs';
import { STALL_MS } from './constants';

/** A fetch's value, or the notice that it stalled (it goes on: the stall is logged, not cancelled). */
export type FetchEvent<T> = { readonly kind: 'value'; readonly value: T } | { readonly kind: 'stall'; readonly afterMs: number };

/**
 * spec 001 §9 Stall: a fetch over 9000 ms. Emits one stall notice when the fetch has not answered
 * 9000 ms after it started, then passes its value on. An answer in the same instant as the timer
 * wins (the source is subscribed, and so scheduled, first), so exactly 9000 ms is not a stall.
 * Only the first answer counts: a fetch answers once.
 */
export function flagStall<T>(scheduler: SchedulerLike, stallMs: number = STALL_MS): OperatorFunction<T, FetchEvent<T>> {
  return (source) =>
    new Observable<FetchEvent<T>>((subscriber) => {
      let answered = false;
      const subscription = source.subscribe({
        next: (value) => {
          answered = true;
          subscriber.next({ kind: 'value', value });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      if (!answered && !subscription.closed) {
        subscription.add(
          scheduler.schedule(() => {
            if (!answered) subscriber.next({ kind: 'stall', afterMs: stallMs });
          }, stallMs),
        );
      }
      return subscription;
    });
}
