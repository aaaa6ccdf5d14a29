import { concat, EMPTY, from, merge, of, throwError, type Observable } from 'rxjs';
import { catchError, filter, map, mergeMap, timeout } from 'rxjs/operators';
import { REQUEST_FAILURE } from '../engine/player/logs.epic';
import { authorisation } from '../engine/session/authorisation';
import { metricsQueued } from '../engine/tracking/log-actions';
import { isLoggedIn } from '../engine/session/state';
import { tryParseUri } from '../model/uri';
import type { Action } from '../store/action';
import * as A from './actions';
import {
  DUPLICATE_REQUEST_ERROR,
  DUPLICATE_REQUEST_MESSAGE,
  NO_URI_FOR_CONTAINS_TRACK,
  REMOVE_TRACK_ONLY_TRACKS,
  REQUEST_TIMED_OUT,
  REQUEST_TIMEOUT_MS,
  SAVE_TRACK_ONLY_TRACKS,
  SIMILAR_EPISODES_FAILED,
  UNEXPECTED_EMPTY_RESPONSE,
  URI_NOT_PARSED,
  USER_INFO_EMPTY_RESPONSE,
  USER_INFO_INVALID_RESPONSE,
  USER_INFO_REQUEST_FAILED,
} from './constants';
import type { CatalogueEpic } from './deps';
import { catalogueApi, collectionService, endpointOfRequest, otherServices, type Endpoint } from './endpoints';
import { buildRequest, decodeAnswer, duplicateKey, isFatal, type Decoded, type RequestContext } from './request';
import { cacheKindOf, isCached, type CatalogueSlice } from './state';
import { termsAnswerEpic, termsEpic } from './terms';
import type { SessionSlice } from '../engine/session/state';

/** Ours: a library intent about the collection before the user is known. */
export const NO_COLLECTION_USER = 'No user for the collection service';
/** Ours: a request before catalogueConfigured. */
export const NOT_CONFIGURED = 'Catalogue requests are not configured';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function contextOf(state: CatalogueSlice & SessionSlice): RequestContext | null {
  const config = state.catalogue.config;
  if (config === null) return null;
  return { ...config, loggedIn: isLoggedIn(state.session), authorisation: authorisation(state.session) };
}

/** spec 001 §8 User info: which USER_INFO_* failure this is. */
function userInfoCode(failure: Extract<Decoded, { ok: false }>): string {
  if (failure.err === UNEXPECTED_EMPTY_RESPONSE) return USER_INFO_EMPTY_RESPONSE;
  if (failure.status !== null && failure.status >= 200 && failure.status <= 299) return USER_INFO_INVALID_RESPONSE;
  return USER_INFO_REQUEST_FAILED;
}

/** spec 001 §8 Generic: a failure gives the caller null, a request-failure metric and an analytics exception. */
function failed(endpoint: Endpoint, requestId: string, method: string, url: string, failure: Extract<Decoded, { ok: false }>): Observable<Action> {
  const err = endpoint.failure ?? failure.err;
  const fatal = isFatal(endpoint);
  const q = url.indexOf('?');
  const userInfo = endpoint.name === catalogueApi.me.name ? [A.userInfoFailed({ requestId, code: userInfoCode(failure), status: failure.status, err })] : [];
  return from([
    A.requestFailed({
      requestId,
      endpoint: endpoint.name,
      method,
      url: q < 0 ? url : url.slice(0, q),
      query: q < 0 ? '' : url.slice(q + 1),
      status: failure.status,
      err,
      fatal,
    }),
    // The engine's request-failure meter (core/engine/player/logs.epic.ts), sent by its metrics batch.
    metricsQueued({ meters: [{ what: REQUEST_FAILURE, result: 'failure', reason: err, endpoint: endpoint.name }], timers: [] }),
    A.exceptionReported({ description: `${endpoint.name}: ${err}`, fatal }),
    ...userInfo,
    endpoint.answered({ requestId, result: null }),
  ] as Action[]);
}

/**
 * One request action → its call, then its answer (spec 001 §4 Data request actions). A GET identical
 * to one pending is refused; with no token the pending ones are forgotten first (spec 001 §4).
 */
export const requestEpic: CatalogueEpic = (action$, state$, deps) =>
  action$.pipe(
    mergeMap((action) => {
      const endpoint = endpointOfRequest(action.type);
      if (endpoint === undefined) return EMPTY;
      const { requestId, args } = action as unknown as { requestId: string; args: unknown };
      const state = state$.value;
      const ctx = contextOf(state);
      if (ctx === null) return failed(endpoint, requestId, endpoint.method, endpoint.path, { ok: false, status: null, err: NOT_CONFIGURED });
      const request = buildRequest(endpoint, args, ctx);
      const key = duplicateKey(request);
      // spec 001 §9 cache: a catalogue item already answered is answered again from the cache.
      if (key !== null && isCached(endpoint.name)) {
        const hit = state.catalogue.cache[cacheKindOf(endpoint.name)].find((e) => e.key === key);
        if (hit !== undefined) {
          return from([A.answeredFromCache({ requestId, endpoint: endpoint.name, key }), endpoint.answered({ requestId, result: hit.result }) as Action]);
        }
      }
      const noToken = state.session.accessToken === null;
      if (key !== null && !noToken && state.catalogue.pending[key] !== undefined) {
        return of(A.requestRefused({ requestId, endpoint: endpoint.name, err: DUPLICATE_REQUEST_MESSAGE, code: DUPLICATE_REQUEST_ERROR }));
      }
      const answer$ = deps.http.request(request).pipe(
        // spec 001 §7: timeout 30000 ms.
        timeout({ first: REQUEST_TIMEOUT_MS, scheduler: deps.scheduler, with: () => throwError(() => new Error(REQUEST_TIMED_OUT)) }),
        map((response) => decodeAnswer(endpoint, response)),
        catchError((e: unknown) => of<Decoded>({ ok: false, status: null, err: message(e) })),
        mergeMap((decoded) =>
          decoded.ok
            ? of(endpoint.answered({ requestId, result: decoded.result }) as Action)
            : failed(endpoint, requestId, request.method, request.url, decoded),
        ),
      );
      return concat(of(A.requestSent({ requestId, endpoint: endpoint.name, key, resetPending: noToken })), answer$);
    }),
  );

type Refusal = { readonly err: string };

/** The id of a URI of `type`, or the refusal (spec 001 §5, §8). */
function idOf(uri: string | null, type: string, wrongType: string): { readonly id: string } | Refusal {
  const parsed = uri === null ? null : tryParseUri(uri);
  if (parsed === null) return { err: URI_NOT_PARSED };
  return parsed.type === type ? { id: parsed.id } : { err: wrongType };
}

/** Library intents taking a URI: checked, then sent as their collection or seed-to-playlist request. */
export const libraryEpic: CatalogueEpic = (action$, state$) => {
  const collection = (name: string, requestId: string, checked: { readonly id: string } | Refusal, send: (userId: string, id: string) => Action): Action => {
    if ('err' in checked) return A.libraryRefused({ requestId, action: name, err: checked.err });
    const userId = state$.value.catalogue.userId;
    return userId === null ? A.libraryRefused({ requestId, action: name, err: NO_COLLECTION_USER }) : send(userId, checked.id);
  };
  const C = collectionService;
  return merge(
    action$.pipe(
      filter(A.saveTrack.match),
      map((a) =>
        collection('saveTrack', a.requestId, idOf(a.uri, 'track', SAVE_TRACK_ONLY_TRACKS), (userId, id) =>
          C.collectionSaveTracks.request({ requestId: a.requestId, args: { userId, base62ids: [id] } }),
        ),
      ),
    ),
    action$.pipe(
      filter(A.removeTrack.match),
      map((a) =>
        collection('removeTrack', a.requestId, idOf(a.uri, 'track', REMOVE_TRACK_ONLY_TRACKS), (userId, id) =>
          C.collectionRemoveTracks.request({ requestId: a.requestId, args: { userId, base62ids: [id] } }),
        ),
      ),
    ),
    action$.pipe(
      filter(A.containsTrack.match),
      map((a) =>
        collection(
          'containsTrack',
          a.requestId,
          a.uri === null || a.uri === '' ? { err: NO_URI_FOR_CONTAINS_TRACK } : idOf(a.uri, 'track', URI_NOT_PARSED),
          (userId, id) => C.collectionContainsTracks.request({ requestId: a.requestId, args: { userId, base62ids: [id] } }),
        ),
      ),
    ),
    action$.pipe(
      filter(A.saveAlbum.match),
      map((a) =>
        collection('saveAlbum', a.requestId, idOf(a.uri, 'album', URI_NOT_PARSED), (userId, id) =>
          C.collectionSaveAlbums.request({ requestId: a.requestId, args: { userId, base62ids: [id] } }),
        ),
      ),
    ),
    action$.pipe(
      filter(A.removeAlbum.match),
      map((a) =>
        collection('removeAlbum', a.requestId, idOf(a.uri, 'album', URI_NOT_PARSED), (userId, id) =>
          C.collectionRemoveAlbums.request({ requestId: a.requestId, args: { userId, base62ids: [id] } }),
        ),
      ),
    ),
    action$.pipe(
      filter(A.similarEpisodes.match),
      map((a): Action => {
        const checked = idOf(a.uri, 'episode', SIMILAR_EPISODES_FAILED);
        return 'err' in checked
          ? A.libraryRefused({ requestId: a.requestId, action: 'similarEpisodes', err: checked.err })
          : otherServices.seedToPlaylist.request({ requestId: a.requestId, args: { uri: a.uri } });
      }),
    ),
  );
};

export const catalogueEpics: ReadonlyArray<CatalogueEpic> = [requestEpic, libraryEpic, termsEpic, termsAnswerEpic];
