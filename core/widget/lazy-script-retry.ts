import { timer, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
import { retry } from 'rxjs/operators';

/**
 * How long the widget waits before each new attempt at one of its lazily loaded scripts (the lazy
 * chunk ui/widget/extras.ts, the engine's bundle engine.js) after a load failed: three more tries,
 * roughly doubling. Our choice (the spec names no script loading): a network blip or a deploy that
 * swapped the files while the page was open is over within seconds, and a visitor who clicked
 * play should hear something (the fallback to the preview) within about ten seconds at worst.
 */
export const LAZY_SCRIPT_RETRY_DELAYS_MS: ReadonlyArray<number> = [500, 1500, 4000];

/**
 * Resubscribes to a failed load after each of `delaysMs` in turn (timed by `scheduler`), then lets
 * the last error through. The source must be cold: each subscription is a new attempt.
 */
export function retryLazyScript<T>(scheduler: SchedulerLike, delaysMs: ReadonlyArray<number> = LAZY_SCRIPT_RETRY_DELAYS_MS): MonoTypeOperatorFunction<T> {
  return retry({ count: delaysMs.length, delay: (_err: unknown, retryCount: number) => timer(delaysMs[retryCount - 1] ?? 0, scheduler) });
}
