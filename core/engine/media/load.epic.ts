import { EMPTY, catchError, filter, map, merge, mergeMap, of, switchMap, take, type Observable } from 'rxjs';
import { isLeft } from 'fp-ts/Either';
import type { Action } from '../../store/action';
import {
  mediaElementFact,
  mediaLoadRequested,
  mediaPreloadUsed,
  mediaSourceOpened,
  mediaStopRequested,
  seekTableLoaded,
  storageResolveRequested,
} from './actions';
import type { MediaDeps, MediaEpic } from './deps';
import { mediaElementError } from './element-fact';
import { failure } from './failure';
import { storageManifestEmpty, storageManifestFailed } from './media-errors';
import { decodeSeekTable } from './seek-table';
import type { MediaSlice } from './state';
import type { StateObservable } from '../../store/store';

/** spec 001 §7 Media: GET seek-table JSON per file id; §8 Storage/Manifest: failed, empty, malformed. */
function loadSeekTable(deps: MediaDeps, state$: StateObservable<MediaSlice>, playId: number, fileId: string): Observable<Action> {
  const failed = (error: Parameters<typeof failure>[2]) => failure(state$.value.media, playId, error);
  return deps.http.request({ method: 'GET', url: `${deps.media.seekTableBase}${encodeURIComponent(fileId)}.json` }).pipe(
    take(1),
    map((response) => {
      if (response.status < 200 || response.status > 299) return failed(storageManifestFailed(response.status));
      if (response.body === '') return failed(storageManifestEmpty());
      const table = decodeSeekTable(response.body);
      if (isLeft(table)) return failed(table.left);
      const { offset, timescale, segments, protection } = table.right;
      return seekTableLoaded({ playId, offset, timescale, segments: segments.map((s) => [s.size, s.duration] as [number, number]), protection });
    }),
    catchError(() => of(failed(storageManifestFailed(0)))),
  );
}

/**
 * issue 15, gapless: a load that continued the MediaSource of the track before it (reducer.ts
 * continued) opens none. The element, already playing into the file, reports no new metadata or
 * playing: they are told here, as the element's facts at the file's origin, so that the list
 * player, tracking and the device see the load's steps as after a new MediaSource.
 */
function continuedLoad(state$: StateObservable<MediaSlice>, fileId: string): Observable<Action> {
  const { playId, originMs = 0, plan, bufferedEndMs } = state$.value.media;
  const fact = { positionMs: originMs, durationMs: originMs + (plan?.durationMs ?? 0), bufferedEndMs: originMs + bufferedEndMs, errorCode: null };
  return of(mediaPreloadUsed({ playId, fileId }), mediaElementFact({ kind: 'loadedmetadata', ...fact }), mediaElementFact({ kind: 'playing', ...fact }));
}

/**
 * spec 001 §4 Media player, load: a new MediaSource on the element with its source buffer, the
 * storage resolution and the seek table, all under the new play id. A newer load or a stop
 * detaches the MediaSource (the switch unsubscribes it) and drops the older steps; a load that
 * continues the chained file (continuedLoad) keeps it.
 */
export const loadEpic: MediaEpic = (action$, state$, deps) => {
  // The reducer has taken the load: only a continued one names the load it continued.
  const continues = (action: Action): boolean => mediaLoadRequested.match(action) && state$.value.media.chainedFrom !== undefined;
  const continuing = action$.pipe(
    filter(mediaLoadRequested.match),
    filter(() => state$.value.media.chainedFrom !== undefined),
    mergeMap((action) => continuedLoad(state$, action.fileId)),
  );
  const attaching = action$.pipe(
    filter((action) => (mediaLoadRequested.match(action) && !continues(action)) || mediaStopRequested.match(action)),
    switchMap((action) => {
      // Issue 18: a video track's MediaSource is the video epic's (core/engine/video/video.epic.ts).
      if (!mediaLoadRequested.match(action) || state$.value.media.track?.video !== undefined) return EMPTY;
      const { playId, resolved, plan } = state$.value.media;
      const attach = deps.mediaSource.attach(deps.media.mimeType).pipe(
        map(() => mediaSourceOpened({ playId })),
        // spec 001 §8 Media: the type cannot be played (MediaError 4's text).
        catchError((err: unknown) => of(failure(state$.value.media, playId, { ...mediaElementError(4), detail: String(err) }))),
      );
      // The file fetched ahead (reducer.ts fromPreload): its URLs, seek table and first bodies are here.
      if (resolved !== null && plan !== null) return merge(of(mediaPreloadUsed({ playId, fileId: action.fileId })), attach);
      return merge(attach, of(storageResolveRequested({ playId, fileId: action.fileId, reason: 'load' })), loadSeekTable(deps, state$, playId, action.fileId));
    }),
  );
  return merge(continuing, attaching);
};
