import { concatMap, defer, Observable, switchMap, tap, timer, type OperatorFunction, type SchedulerLike } from 'rxjs';
import { MIN_RESOLVE_GAP_MS } from './constants';

/** spec 001 §9 Min gap between URL resolutions: how long a resolution asked for `now` must wait. */
export function resolveDelayMs(lastStartedAt: number | undefined, now: number, gapMs: number = MIN_RESOLVE_GAP_MS): number {
  return lastStartedAt === undefined ? 0 : Math.max(0, lastStartedAt + gapMs - now);
}

/**
 * Runs the storage resolutions asked for (spec 001 §7 Media: storage-resolve, re-run on a 403)
 * one at a time, each starting at least 1001 ms after the previous one started (spec 001 §9), so a
 * CDN URL that keeps answering 403 cannot make the engine hammer the resolver.
 */
export function spaceResolutions<Q, R>(
  resolve: (request: Q) => Observable<R>,
  scheduler: SchedulerLike,
  gapMs: number = MIN_RESOLVE_GAP_MS,
): OperatorFunction<Q, R> {
  return (requests) =>
    defer(() => {
      let lastStartedAt: number | undefined;
      return requests.pipe(
        concatMap((request) =>
          timer(resolveDelayMs(lastStartedAt, scheduler.now(), gapMs), scheduler).pipe(
            tap(() => (lastStartedAt = scheduler.now())),
            switchMap(() => resolve(request)),
          ),
        ),
      );
    });
}
