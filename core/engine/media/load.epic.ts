import { EMPTY, catchError, filter, map, merge, of, switchMap, take, type Observable } from 'rxjs';
import { isLeft } from 'fp-ts/Either';
import type { Action } from '../../store/action';
import { mediaLoadRequested, mediaPreloadUsed, mediaSourceOpened, mediaStopRequested, seekTableLoaded, storageResolveRequested } from './actions';
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
 * spec 001 §4 Media player, load: a new MediaSource on the element with its source buffer, the
 * storage resolution and the seek table, all under the new play id. A newer load or a stop
 * detaches the MediaSource (the switch unsubscribes it) and drops the older steps.
 */
export const loadEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((action) => mediaLoadRequested.match(action) || mediaStopRequested.match(action)),
    switchMap((action) => {
      if (!mediaLoadRequested.match(action)) return EMPTY;
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
