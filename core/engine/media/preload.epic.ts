import { EMPTY, catchError, filter, forkJoin, map, mergeMap, of, switchMap, take, type Observable } from 'rxjs';
import { isLeft } from 'fp-ts/Either';
import { PRELOAD_KEY_PREFIX, type HttpResponse, type RangeFetchResult } from '../../ports';
import type { Action } from '../../store/action';
import { authorisation } from '../session/authorisation';
import { mediaLoadRequested, mediaPreloadDropped, mediaPreloaded, mediaPreloadRequested, mediaSeekRequested, mediaStopRequested } from './actions';
import type { MediaDeps, MediaEpic } from './deps';
import { judgeFragment } from './fragment-fetch';
import { fragmentPlan } from './fragment-plan';
import { decodeSeekTable } from './seek-table';
import { judgeStorageResolve } from './storage-resolve';

type PreloadRequest = ReturnType<typeof mediaPreloadRequested>;

const noAnswer = (): Observable<HttpResponse> => of({ status: 0, headers: {}, body: '' });

/** The adapter's keys of the next file's bodies: kept across the current track's detach (core/ports.ts). */
export const preloadKeys = (fileId: string): { readonly initKey: string; readonly fragmentKey: string } => ({
  initKey: `${PRELOAD_KEY_PREFIX}${fileId}.init`,
  fragmentKey: `${PRELOAD_KEY_PREFIX}${fileId}.0`,
});

/**
 * The next file, as its load would fetch it (spec 001 §7 Media: storage-resolve authorised, the
 * seek table, then the init segment and fragment 0 by byte range from the first CDN URL), once
 * each: a preload is an optimisation, so a failure of any step drops it without retries or an
 * error, and the load does the steps itself (with the retries and errors of spec 001 §8).
 */
function preloadFile(deps: MediaDeps, request: PreloadRequest, auth: Readonly<Record<string, string>> | null): Observable<Action> {
  const { playId, fileId } = request;
  const dropped = (reason: string): Action => mediaPreloadDropped({ reason });
  const resolve$ = deps.http
    .request({ method: 'GET', url: `${deps.media.storageResolveBase}${encodeURIComponent(fileId)}`, ...(auth === null ? {} : { headers: { ...auth } }) })
    .pipe(take(1), catchError(noAnswer));
  const table$ = deps.http.request({ method: 'GET', url: `${deps.media.seekTableBase}${encodeURIComponent(fileId)}.json` }).pipe(take(1), catchError(noAnswer));
  return forkJoin([resolve$, table$]).pipe(
    mergeMap(([resolveAnswer, tableAnswer]): Observable<Action> => {
      const verdict = judgeStorageResolve(resolveAnswer, deps.clock.now());
      if (verdict.kind !== 'ok') return of(dropped('storage-resolve failed'));
      const table = tableAnswer.status >= 200 && tableAnswer.status <= 299 ? decodeSeekTable(tableAnswer.body) : null;
      if (table === null || isLeft(table)) return of(dropped('seek table failed'));
      const plan = fragmentPlan(table.right);
      const first = plan.fragments[0];
      const url = verdict.resolved.urls[0];
      if (first === undefined || url === undefined) return of(dropped('nothing to fetch'));
      const { initKey, fragmentKey } = preloadKeys(fileId);
      const fetched = (key: string, range: { first: number; last: number }): Observable<RangeFetchResult | null> =>
        deps.mediaSource.fetchRange(key, url, range).pipe(
          take(1),
          map((result) => (judgeFragment(result, range).kind === 'ok' ? result : null)),
        );
      return forkJoin([fetched(initKey, plan.init), fetched(fragmentKey, first.bytes)]).pipe(
        map(([init, fragment]): Action => {
          if (init === null || fragment === null) return dropped('fragment fetch failed');
          const { offset, timescale, segments, protection } = table.right;
          return mediaPreloaded({
            playId,
            fileId,
            urls: [...verdict.resolved.urls],
            expiresAt: verdict.resolved.expiresAt ?? null,
            offset,
            timescale,
            segments: segments.map((s): [number, number] => [s.size, s.duration]),
            protection,
            initKey,
            fragmentKey,
            initData: init.kind === 'response' ? (init.initData ?? null) : null,
          });
        }),
      );
    }),
  );
}

/**
 * spec 001 §4 Media player: the can-preload signal's consumer on the media side. The next file
 * (named by the player, core/engine/player/preload.epic.ts) is fetched while the current one
 * plays its last 10 s; a newer preload, a drop, a load or a stop cancels one under way (a load of
 * the same file before it is ready does all its steps itself).
 */
export const preloadEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((a) => mediaPreloadRequested.match(a) || mediaPreloadDropped.match(a) || mediaLoadRequested.match(a) || mediaStopRequested.match(a)),
    switchMap((a) => {
      if (!mediaPreloadRequested.match(a)) return EMPTY;
      const { media, session } = state$.value;
      // The reducer took it only for the current load (spec 001 §4: a stale play id is dropped).
      if (media.preload?.fileId !== a.fileId || media.preload.ready !== null) return EMPTY;
      return preloadFile(deps, a, session.accessToken === null ? null : authorisation(session));
    }),
  );

/** A seek back from the boundary cleared the chained file (reducer.ts): it is fetched ahead again, under the same load. */
export const refetchEpic: MediaEpic = (action$, state$) =>
  action$.pipe(
    filter(mediaSeekRequested.match),
    map(() => state$.value.media),
    filter((media) => media.preload?.again === true),
    map((media) => mediaPreloadRequested({ playId: media.playId, fileId: media.preload?.fileId ?? '' })),
  );
