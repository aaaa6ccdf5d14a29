import { Observable, type SchedulerLike } from 'rxjs';

/** An Error named like the DOMException a browser call rejects with (NotSupportedError, QuotaExceededError, ...). */
export const named = (name: string): Error => Object.assign(new Error(name), { name });

/** Answers with work()'s value after `ms` scheduler ms (0: the next turn, as the browser's promises do); an Error errors the Observable. */
export function later<T>(scheduler: SchedulerLike, work: () => T | Error, ms = 0): Observable<T> {
  return new Observable<T>((subscriber) => {
    const task = scheduler.schedule(() => {
      const value = work();
      if (value instanceof Error) subscriber.error(value);
      else {
        subscriber.next(value);
        subscriber.complete();
      }
    }, ms);
    return () => task.unsubscribe();
  });
}
