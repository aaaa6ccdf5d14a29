import { authorisation } from '../session/authorisation';
import { EMPTY, catchError, concat, defer, filter, mergeMap, of, take, timer, type Observable } from 'rxjs';
import type { HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import type { SessionSlice } from '../session/state';
import { storageResolved, storageResolveRequested, storageResolveRetried } from './actions';
import { MIN_RESOLVE_GAP_MS, REQUEST_RETRIES_MAX } from './constants';
import type { MediaDeps, MediaEpic } from './deps';
import { failure } from './failure';
import { isStale } from './play-id';
import { spaceResolutions } from './resolve-spacing';
import { judgeStorageResolve } from './storage-resolve';
import type { MediaSlice } from './state';

type ResolveRequest = ReturnType<typeof storageResolveRequested>;

/**
 * One storage resolution with its retries (spec 001 §7 Media: retry on non-success; §9 Request
 * retries max 2). A retry is a resolution too, so it waits the 1001 ms of spec 001 §9 as well.
 */
function resolveWithRetries(deps: MediaDeps, state$: StateObservable<MediaSlice & SessionSlice>, request: ResolveRequest, retry: number): Observable<Action> {
  return defer(() => {
    const { media, session } = state$.value;
    // spec 001 §4: a step of an older load is dropped.
    if (isStale(media.playId, request) || media.status === 'stopped') return EMPTY;
    return deps.http
      .request({
        method: 'GET',
        url: `${deps.media.storageResolveBase}${encodeURIComponent(request.fileId)}`,
        ...(session.accessToken === null ? {} : { headers: { ...authorisation(session) } }),
      })
      .pipe(
        take(1),
        // No response (a connection error) is a failed resolve with status 0, retried as the others.
        catchError((): Observable<HttpResponse> => of({ status: 0, headers: {}, body: '' })),
        mergeMap((response) => {
          const verdict = judgeStorageResolve(response, deps.clock.now());
          const { playId } = request;
          if (verdict.kind === 'ok') {
            const { urls, expiresAt } = verdict.resolved;
            return of(storageResolved({ playId, urls: [...urls], expiresAt: expiresAt ?? null }));
          }
          if (verdict.kind === 'retry' && retry < REQUEST_RETRIES_MAX) {
            return concat(
              of(storageResolveRetried({ playId, retry: retry + 1, code: verdict.error.code, message: verdict.error.message })),
              timer(MIN_RESOLVE_GAP_MS, deps.scheduler).pipe(mergeMap(() => resolveWithRetries(deps, state$, request, retry + 1))),
            );
          }
          return of(failure(state$.value.media, playId, verdict.error));
        }),
      );
  });
}

/**
 * spec 001 §7 Media storage-resolve (asked for by a load, and again after a CDN 403), one at a
 * time and at least 1001 ms apart (spec 001 §9, resolve-spacing.ts).
 */
export const storageResolveEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(storageResolveRequested.match),
    spaceResolutions((request: ResolveRequest) => resolveWithRetries(deps, state$, request, 0), deps.scheduler),
  );
