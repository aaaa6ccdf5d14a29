import * as t from 'io-ts';
import { actionsCodec, defineAction, type ActionCreator } from '../store/action';
import { ENDPOINTS, type Endpoint } from './endpoints';
import { termsActions } from './terms';

/** Where the layer sends its calls and for whom (the edge knows: page config, the locale, the user). */
export const catalogueConfigured = defineAction('catalogue/configured', {
  webApiUrl: t.string,
  gatewayUrl: t.string,
  locale: t.string,
  appVersion: t.string,
  /** spec 001 §7: the market of anonymous listeners. */
  sessionMarket: t.string,
  /** The collection service's user; also learnt from the answer of `me` (spec 001 §7 User and flags). */
  userId: t.union([t.string, t.null]),
});

/** A call went out. `key` is its de-duplication key (GETs only); `resetPending`: there was no token (spec 001 §4). */
export const requestSent = defineAction('catalogue/requestSent', {
  requestId: t.string,
  endpoint: t.string,
  key: t.union([t.string, t.null]),
  resetPending: t.boolean,
});
/** spec 001 §9 cache: a GET answered from the answers kept, not sent (its answer action follows). */
export const answeredFromCache = defineAction('catalogue/answeredFromCache', { requestId: t.string, endpoint: t.string, key: t.string });
/** spec 001 §8 User info: the user info request failed (USER_INFO_* code, spec 001 §8 code families). */
export const userInfoFailed = defineAction('catalogue/userInfoFailed', {
  requestId: t.string,
  code: t.string,
  status: t.union([t.number, t.null]),
  err: t.string,
});
/** spec 001 §4 Request de-duplication: a GET identical to one still pending, not sent. */
export const requestRefused = defineAction('catalogue/requestRefused', { requestId: t.string, endpoint: t.string, err: t.string, code: t.string });
/** spec 001 §8 Generic: failure actions carry an err field; "with method, url and query". */
export const requestFailed = defineAction('catalogue/requestFailed', {
  requestId: t.string,
  endpoint: t.string,
  method: t.string,
  url: t.string,
  query: t.string,
  status: t.union([t.number, t.null]),
  err: t.string,
  fatal: t.boolean,
});
/** spec 001 §8 Generic: the analytics exception of a failed call, fatal for /me endpoints. */
export const exceptionReported = defineAction('catalogue/exceptionReported', { description: t.string, fatal: t.boolean });

/*
 * Library intents taking a URI (spec 001 §4 Data request actions, §5, §8): checked here, then sent
 * as the collection or seed-to-playlist request of the same requestId. The other library actions
 * (follow, save shows, playlist writes) are the endpoint requests themselves (endpoints.ts).
 */
export const saveTrack = defineAction('catalogue/library/saveTrack', { requestId: t.string, uri: t.string });
export const removeTrack = defineAction('catalogue/library/removeTrack', { requestId: t.string, uri: t.string });
export const containsTrack = defineAction('catalogue/library/containsTrack', { requestId: t.string, uri: t.union([t.string, t.null]) });
export const saveAlbum = defineAction('catalogue/library/saveAlbum', { requestId: t.string, uri: t.string });
export const removeAlbum = defineAction('catalogue/library/removeAlbum', { requestId: t.string, uri: t.string });
export const similarEpisodes = defineAction('catalogue/library/similarEpisodes', { requestId: t.string, uri: t.string });
/** A library intent refused before any request (its text of spec 001 §8). */
export const libraryRefused = defineAction('catalogue/library/refused', { requestId: t.string, action: t.string, err: t.string });

const endpointActions = Object.values(ENDPOINTS).flatMap((e) => {
  const endpoint = e as unknown as Endpoint;
  return [endpoint.request, endpoint.answered] as unknown as ReadonlyArray<ActionCreator<string, t.Props>>;
});

export const catalogueActions = [
  catalogueConfigured,
  requestSent,
  requestRefused,
  answeredFromCache,
  requestFailed,
  userInfoFailed,
  exceptionReported,
  saveTrack,
  removeTrack,
  containsTrack,
  saveAlbum,
  removeAlbum,
  similarEpisodes,
  libraryRefused,
  ...termsActions,
  ...endpointActions,
] as const;

/** Decodes any action of this layer (log lines, replays). */
export const CatalogueAction = actionsCodec(catalogueActions as unknown as ReadonlyArray<ActionCreator<string, t.Props>>);
