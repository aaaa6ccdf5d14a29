/*
 * The texts and constants of the catalogue and library request layer, one definition each.
 */

/** spec 001 §4 Request de-duplication, §8 Generic: a GET identical to one still pending. */
export const DUPLICATE_REQUEST_MESSAGE = 'Already sent this request';
export const DUPLICATE_REQUEST_ERROR = 'DUPLICATE_REQUEST_ERROR';

/** spec 001 §8 Generic: the library and catalogue texts. */
export const SAVE_TRACK_ONLY_TRACKS = "saveTrack will only save track URI's";
export const REMOVE_TRACK_ONLY_TRACKS = "removeTrack will only remove track URI's";
export const NO_URI_FOR_CONTAINS_TRACK = 'No URI specified for containsTrack';
export const URI_NOT_PARSED = 'Spotify URI could not be parsed';
export const SIMILAR_EPISODES_FAILED = 'Failed to request similar episodes';

/** spec 001 §8 User info: a 2xx answer without the body the request needs. */
export const UNEXPECTED_EMPTY_RESPONSE = 'Unexpected empty response.';
/**
 * spec 001 §8 code families (USER_INFO_*) and User info: "request failed with status; 'Unexpected
 * empty response.'". The names after the family are ours; INVALID is an answer that is not a user.
 */
export const USER_INFO_REQUEST_FAILED = 'USER_INFO_REQUEST_FAILED';
export const USER_INFO_EMPTY_RESPONSE = 'USER_INFO_EMPTY_RESPONSE';
export const USER_INFO_INVALID_RESPONSE = 'USER_INFO_INVALID_RESPONSE';
/** spec 001 §8 Generic: "Request was not successful (status N)" with method, url and query. */
export const requestNotSuccessful = (status: number): string => `Request was not successful (status ${status})`;
/** Ours: the text of a request that got no answer in time (spec 001 §7 timeout). */
export const REQUEST_TIMED_OUT = 'Request timed out';

/** spec 001 §7: every Web API and gateway request times out after 30000 ms. */
export const REQUEST_TIMEOUT_MS = 30000;

/** spec 001 §7: logged-in listeners ask for the token's market. */
export const MARKET_FROM_TOKEN = 'from_token';

/** spec 001 §7: web gateway requests say which app sent them. */
export const APP_PLATFORM = 'WebPlayer';
export const APP_PLATFORM_HEADER = 'app-platform';
export const APP_VERSION_HEADER = 'spotify-app-version';

/** spec 001 §9 Recently played limit. */
export const RECENTLY_PLAYED_LIMIT = 20;
/** spec 001 §9: views content_limit 12, limit 10, types album, playlist, artist, show. */
export const VIEWS_CONTENT_LIMIT = 12;
export const VIEWS_LIMIT = 10;
export const VIEWS_TYPES = ['album', 'playlist', 'artist', 'show'] as const;
/** spec 001 §9: station count 20. */
export const STATION_COUNT = 20;

/** spec 001 §9 Cache limit default: 100 entries; track cache 2; metadata cache 20. */
export const CACHE_LIMIT_DEFAULT = 100;
export const CACHE_LIMIT_TRACKS = 2;
export const CACHE_LIMIT_METADATA = 20;
