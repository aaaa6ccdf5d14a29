import * as E from 'fp-ts/Either';
import { EMPTY, catchError, concat, defaultIfEmpty, filter, map, mergeMap, of, switchMap, take, timer, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { connectionFailed, disconnected, serviceResolved, serviceResolveRequested, serviceResolveRetried } from './actions';
import { genericBackoffMs } from './backoff';
import { RESOLVE_RETRIES } from './constants';
import type { TransportDeps, TransportEpic } from './deps';
import { retryAfterMs } from './retry-after';
import { decodeResolve, resolveRequest, TRANSPORT_FAILED_MESSAGE, type Endpoints, type ResolveError } from './service-resolve';

const transportFailed: E.Either<ResolveError, Endpoints> = E.left({ code: 'XRESOLVE_TRANSPORT_FAILED', message: TRANSPORT_FAILED_MESSAGE });

/**
 * One resolve request, then up to 5 retries (spec 001 §9 Resolve retries). Each retry waits what
 * the answer's Retry-After asks (seconds or a date, spec 001 §8), else the generic backoff (base
 * 200 ms, linear, 20% jitter from deps.random).
 */
function resolveFrom(deps: TransportDeps, url: string, retry: number): Observable<Action> {
  return deps.http.request(resolveRequest(url)).pipe(
    take(1),
    map(decodeResolve),
    defaultIfEmpty(transportFailed),
    catchError(() => of(transportFailed)),
    mergeMap((result): Observable<Action> => {
      if (E.isRight(result)) return of(serviceResolved(result.right));
      if (retry >= RESOLVE_RETRIES) return of(connectionFailed({ err: result.left.message }));
      const next = retry + 1;
      const delayMs = retryAfterMs(result.left.retryAfter, deps.clock.now()) ?? genericBackoffMs(next, deps.random.next());
      return concat(
        of(serviceResolveRetried({ retry: next, err: result.left.message, delayMs })),
        timer(delayMs, deps.scheduler).pipe(mergeMap(() => resolveFrom(deps, url, next))),
      );
    }),
  );
}

/** spec 001 §7 Service resolve: the dealer and web-gateway hosts; an owner's disconnect cancels it. */
export const serviceResolveEpic: TransportEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((action) => serviceResolveRequested.match(action) || disconnected.match(action)),
    switchMap((action) => (serviceResolveRequested.match(action) ? resolveFrom(deps, state$.value.transport.resolveUrl ?? '', 0) : EMPTY)),
  );
