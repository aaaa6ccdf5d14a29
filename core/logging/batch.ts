import { EMPTY, Observable, type OperatorFunction, type SchedulerLike, type Subscription } from 'rxjs';

/**
 * Collects values into batches: a batch opens with its first value and is emitted `maxWaitMs`
 * later on the scheduler, or at once when it holds `maxCount` values, or when `flush$` emits;
 * what is left is emitted when the source completes. No timer runs while nothing waits (unlike
 * bufferTime), so an idle widget schedules nothing and a virtual-time test that flushes ends.
 */
export function batch<T>(maxCount: number, maxWaitMs: number, scheduler: SchedulerLike, flush$: Observable<unknown> = EMPTY): OperatorFunction<T, T[]> {
  return (source) =>
    new Observable<T[]>((subscriber) => {
      let pending: T[] = [];
      let timer: Subscription | null = null;
      const flush = () => {
        timer?.unsubscribe();
        timer = null;
        if (pending.length === 0) return;
        const out = pending;
        pending = [];
        subscriber.next(out);
      };
      const subscription = source.subscribe({
        next: (value) => {
          pending.push(value);
          if (pending.length >= maxCount) flush();
          else if (timer === null) timer = scheduler.schedule(flush, maxWaitMs);
        },
        error: (err: unknown) => {
          flush();
          subscriber.error(err);
        },
        complete: () => {
          flush();
          subscriber.complete();
        },
      });
      // Subscribed after the source: a value that also triggers a flush is in the batch it flushes.
      subscription.add(flush$.subscribe(() => flush()));
      return () => {
        timer?.unsubscribe();
        subscription.unsubscribe();
      };
    });
}
