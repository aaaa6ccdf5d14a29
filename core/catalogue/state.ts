import { CACHE_LIMIT_DEFAULT, CACHE_LIMIT_METADATA, CACHE_LIMIT_TRACKS } from './constants';

export interface CatalogueConfig {
  readonly webApiUrl: string;
  readonly gatewayUrl: string;
  readonly locale: string;
  readonly appVersion: string;
  readonly sessionMarket: string;
}

export interface CacheEntry {
  readonly key: string;
  readonly endpoint: string;
  readonly result: unknown;
}

export type CacheKind = 'default' | 'tracks' | 'metadata';

export interface CatalogueState {
  readonly config: CatalogueConfig | null;
  readonly userId: string | null;
  /** spec 001 §4 Request de-duplication: de-duplication key → requestId of the GET in flight. */
  readonly pending: Readonly<Record<string, string>>;
  /** requestId → its key, until it settles. */
  readonly inFlight: Readonly<Record<string, string | null>>;
  /** The last answers of GETs, oldest first, bounded per kind (spec 001 §9 cache limits). */
  readonly cache: Readonly<Record<CacheKind, ReadonlyArray<CacheEntry>>>;
  /** spec 001 §7 Terms: the licence to reaccept (null: none asked), and the acceptance in flight. */
  readonly terms: {
    readonly license: string;
    readonly documents: ReadonlyArray<{ readonly name: string; readonly url: string }>;
    readonly accepting: string | null;
  } | null;
}

export const initialCatalogueState: CatalogueState = {
  config: null,
  userId: null,
  pending: {},
  inFlight: {},
  cache: { default: [], tracks: [], metadata: [] },
  terms: null,
};

export interface CatalogueSlice {
  readonly catalogue: CatalogueState;
}

/** spec 001 §9 Cache limit default: 100 entries; track cache 2; metadata cache 20. */
export const CACHE_LIMITS: Readonly<Record<CacheKind, number>> = {
  default: CACHE_LIMIT_DEFAULT,
  tracks: CACHE_LIMIT_TRACKS,
  metadata: CACHE_LIMIT_METADATA,
};

/**
 * The GETs answered from the cache (spec 001 §9 cache limits): catalogue items, which do not change
 * while the page lives. A listener's own data (/me, the collection, playlists they may edit, views,
 * stations that follow their likes and bans) is asked each time, so it is neither kept nor read.
 */
const CACHED_ENDPOINTS: ReadonlySet<string> = new Set([
  'album',
  'albums',
  'albumTracks',
  'artist',
  'artists',
  'artistAlbums',
  'artistTopTracks',
  'relatedArtists',
  'track',
  'tracks',
  'show',
  'showEpisodes',
  'episode',
  'episodes',
  'backendArtist',
  'backendEpisode',
]);

/** Whether an endpoint's GET answers are kept in and read from the cache. */
export const isCached = (endpoint: string): boolean => CACHED_ENDPOINTS.has(endpoint);

/** Full track objects go to the track cache, the backend metadata of artists and episodes to the metadata cache. */
export function cacheKindOf(endpoint: string): CacheKind {
  if (endpoint === 'track' || endpoint === 'tracks') return 'tracks';
  if (endpoint === 'backendArtist' || endpoint === 'backendEpisode') return 'metadata';
  return 'default';
}

/** The cached answer of a GET by its key (`GET <url>`, request.ts duplicateKey), or undefined. */
export function cachedAnswer(state: CatalogueState, key: string): unknown {
  for (const kind of Object.keys(state.cache) as CacheKind[]) {
    const hit = state.cache[kind].find((e) => e.key === key);
    if (hit !== undefined) return hit.result;
  }
  return undefined;
}
