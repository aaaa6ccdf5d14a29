import { catchError, map, of, retry, throwError, timer, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
import type { HttpResponse } from '../../ports';
import { STATE_CALL_RETRY_BASE_MS } from './constants';

/** spec 001 §9 State call retries are exponential: retry n waits 500 × 2^(n-1) ms (the base is ours, see constants.ts). */
export function stateCallRetryDelayMs(retry: number): number {
  return STATE_CALL_RETRY_BASE_MS * 2 ** Math.max(0, retry - 1);
}

/** A 5xx answer, carried through retry() as an error until the retries give up. */
class ServerAnswer extends Error {
  constructor(readonly response: HttpResponse) {
    super(`status ${response.status}`);
  }
}

/**
 * spec 001 §9 State call retries: a failed state call (no answer, or a 5xx) is sent again, up to
 * `retries` times with exponential delays on `scheduler`; other answers (2xx, 4xx) end it at once.
 * When the retries give up the caller sees the last failure as it is: the 5xx answer, or the error.
 */
export function retryStateCall(retries: number, scheduler: SchedulerLike): MonoTypeOperatorFunction<HttpResponse> {
  return (response$) =>
    response$.pipe(
      map((r) => {
        if (r.status >= 500) throw new ServerAnswer(r);
        return r;
      }),
      retry({ count: retries, delay: (_err, n) => timer(stateCallRetryDelayMs(n), scheduler) }),
      catchError((e: unknown) => (e instanceof ServerAnswer ? of(e.response) : throwError(() => e))),
    );
}
