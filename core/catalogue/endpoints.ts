import * as t from 'io-ts';
import type { HttpRequest } from '../ports';
import { defineAction, type ActionCreator } from '../store/action';
import * as C from './codecs';
import { RECENTLY_PLAYED_LIMIT, SIMILAR_EPISODES_FAILED, STATION_COUNT, VIEWS_CONTENT_LIMIT, VIEWS_LIMIT, VIEWS_TYPES } from './constants';

/*
 * Every call of spec 001 §7 Catalogue API, Collection service and Other services, declared
 * codec-first: method, path template, query, body codec and answer codec. Each row gives a request
 * action (`catalogue/<name>`, payload { requestId, args }) and its answer action
 * (`catalogue/<name>Answered`, the decoded answer, or null when the request failed: §8 Generic).
 * `args` holds the path parameters, the query parameters and `body`.
 */

/** Which host and prefix a call goes to. Only 'webApi' is the Web API; the others are web-gateway calls (spec 001 §7). */
export type Service =
  'webApi' | 'collection' | 'backend' | 'recommendations' | 'radio' | 'terms' | 'recentlyPlayed' | 'sponsored' | 'social' | 'rootlist' | 'inspiredby';

/** spec 001 §7 Other services: the base prefixes (as the provider serves them, server/other-services/README.md). */
export const SERVICE_PREFIX: Readonly<Record<Service, string>> = {
  webApi: '/v1',
  collection: '',
  backend: '/open-backend-2/v1',
  recommendations: '/playlistextender',
  radio: '/radio-apollo/v3',
  terms: '/reaccept-my-legal/v1',
  recentlyPlayed: '/metrics-backend/v1',
  sponsored: '/sponsoredplaylist/v1',
  social: '/social-connect/v1',
  rootlist: '/playlist/v2',
  inspiredby: '/inspiredby-mix/v2',
};

export type QueryValue = string | number | boolean | ReadonlyArray<string>;

export interface Endpoint<N extends string = string, Args = unknown, A = unknown> {
  readonly name: N;
  readonly method: HttpRequest['method'];
  readonly service: Service;
  /** `{name}` placeholders are filled from args (URI-encoded). */
  readonly path: string;
  readonly args: t.Type<Args, unknown, unknown>;
  /** Whether args carry a JSON body (its codec is part of `args`). */
  readonly hasBody: boolean;
  readonly answer: t.Type<A, unknown, unknown>;
  /** Query parameters every call sends (spec 001 §7), before the caller's. */
  readonly fixed: Readonly<Record<string, QueryValue>>;
  /** Defaults of optional query parameters (spec 001 §9 limits). */
  readonly defaults: Readonly<Record<string, QueryValue>>;
  /** spec 001 §7 "Most requests add a market parameter (some omit it)". */
  readonly market: boolean;
  /** A 2xx with an empty body is a success (writes). */
  readonly emptyOk: boolean;
  /** The err of a failure when the spec names one (spec 001 §8), else the transport's. */
  readonly failure: string | null;
  readonly request: ActionCreator<`catalogue/${N}`, { requestId: t.StringC; args: t.Type<Args, unknown, unknown> }>;
  readonly answered: ActionCreator<`catalogue/${N}Answered`, { requestId: t.StringC; result: t.Type<A | null, unknown, unknown> }>;
}

interface Def<P extends t.Props, Q extends t.Props, O extends t.Props, B extends t.Mixed | undefined, A extends t.Mixed> {
  readonly method: HttpRequest['method'];
  readonly service: Service;
  readonly path: string;
  /** Path parameters. */
  readonly params?: P;
  /** Required query parameters. */
  readonly query?: Q;
  /** Optional query parameters. */
  readonly optional?: O;
  readonly body?: B;
  readonly answer: A;
  readonly fixed?: Readonly<Record<string, QueryValue>>;
  readonly defaults?: Readonly<Record<string, QueryValue>>;
  readonly market?: boolean;
  readonly failure?: string;
}

type ArgsOf<P extends t.Props, Q extends t.Props, O extends t.Props, B> = t.TypeOf<t.TypeC<P>> &
  t.TypeOf<t.TypeC<Q>> &
  Partial<t.TypeOf<t.TypeC<O>>> &
  (B extends t.Mixed ? { body: t.TypeOf<B> } : unknown);

function endpoint<
  N extends string,
  A extends t.Mixed,
  P extends t.Props = Record<never, never>,
  Q extends t.Props = Record<never, never>,
  O extends t.Props = Record<never, never>,
  B extends t.Mixed | undefined = undefined,
>(name: N, def: Def<P, Q, O, B, A>): Endpoint<N, ArgsOf<P, Q, O, B>, t.TypeOf<A>> {
  const parts: t.Mixed[] = [t.type({ ...(def.params ?? {}), ...(def.query ?? {}) }), t.partial(def.optional ?? {})];
  if (def.body !== undefined) parts.push(t.type({ body: def.body }));
  const args = t.intersection(parts as unknown as [t.Mixed, t.Mixed], `${name}Args`) as unknown as t.Type<ArgsOf<P, Q, O, B>, unknown, unknown>;
  const answer = def.answer as unknown as t.Type<t.TypeOf<A>, unknown, unknown>;
  return {
    name,
    method: def.method,
    service: def.service,
    path: def.path,
    args,
    hasBody: def.body !== undefined,
    answer,
    fixed: def.fixed ?? {},
    defaults: def.defaults ?? {},
    market: def.market ?? false,
    emptyOk: (def.answer as t.Mixed) === C.NoContent,
    failure: def.failure ?? null,
    request: defineAction(`catalogue/${name}`, { requestId: t.string, args }),
    answered: defineAction(`catalogue/${name}Answered`, {
      requestId: t.string,
      result: t.union([answer, t.null]) as unknown as t.Type<t.TypeOf<A> | null, unknown, unknown>,
    }),
  };
}

const id = { id: t.string };
const ids = { ids: t.array(t.string) };
const page = { limit: t.number, offset: t.number };
const W = 'webApi' as const;

/** spec 001 §7 Catalogue API. */
export const catalogueApi = {
  album: endpoint('album', { method: 'GET', service: W, path: '/albums/{id}', params: id, answer: C.Album, market: true }),
  albums: endpoint('albums', { method: 'GET', service: W, path: '/albums', query: ids, answer: C.Several('albums', C.Album), market: true }),
  albumTracks: endpoint('albumTracks', {
    method: 'GET',
    service: W,
    path: '/albums/{id}/tracks',
    params: id,
    optional: page,
    answer: C.Paging(t.type({ id: t.string, uri: t.string, name: t.string })),
    market: true,
  }),
  artist: endpoint('artist', { method: 'GET', service: W, path: '/artists/{id}', params: id, answer: C.Artist }),
  artists: endpoint('artists', { method: 'GET', service: W, path: '/artists', query: ids, answer: C.Several('artists', C.Artist) }),
  artistAlbums: endpoint('artistAlbums', {
    method: 'GET',
    service: W,
    path: '/artists/{id}/albums',
    params: id,
    optional: { ...page, include_groups: t.string },
    answer: C.Paging(C.Album),
    market: true,
  }),
  artistTopTracks: endpoint('artistTopTracks', {
    method: 'GET',
    service: W,
    path: '/artists/{id}/top-tracks',
    params: id,
    query: { country: t.string },
    answer: C.TopTracks,
  }),
  relatedArtists: endpoint('relatedArtists', { method: 'GET', service: W, path: '/artists/{id}/related-artists', params: id, answer: C.RelatedArtists }),
  track: endpoint('track', { method: 'GET', service: W, path: '/tracks/{id}', params: id, answer: C.Track, market: true }),
  tracks: endpoint('tracks', { method: 'GET', service: W, path: '/tracks', query: ids, answer: C.Several('tracks', C.Track), market: true }),
  search: endpoint('search', {
    method: 'GET',
    service: W,
    path: '/search',
    query: { q: t.string, type: t.array(t.string) },
    optional: page,
    answer: C.Search,
    market: true,
    fixed: { decorate_restrictions: false, best_match: true, include_external: 'audio' },
  }),
  user: endpoint('user', { method: 'GET', service: W, path: '/users/{id}', params: id, answer: C.User }),
  userPlaylists: endpoint('userPlaylists', {
    method: 'GET',
    service: W,
    path: '/users/{id}/playlists',
    params: id,
    optional: page,
    answer: C.Paging(C.Playlist),
  }),
  myPlaylists: endpoint('myPlaylists', { method: 'GET', service: W, path: '/me/playlists', optional: page, answer: C.Paging(C.Playlist) }),
  /** spec 001 §7 User and flags, §8 User info. */
  me: endpoint('me', { method: 'GET', service: W, path: '/me', answer: C.User }),
  playlist: endpoint('playlist', {
    method: 'GET',
    service: W,
    path: '/playlists/{id}',
    params: id,
    optional: { type: t.string },
    answer: C.Playlist,
    market: true,
  }),
  playlistPublished: endpoint('playlistPublished', {
    method: 'GET',
    service: W,
    path: '/playlists/{id}',
    params: id,
    fixed: { fields: 'public' },
    answer: t.type({ public: t.union([t.boolean, t.null]) }),
  }),
  createPlaylist: endpoint('createPlaylist', {
    method: 'POST',
    service: W,
    path: '/users/{id}/playlists',
    params: id,
    body: C.CreatePlaylistBody,
    answer: C.Playlist,
  }),
  addToPlaylist: endpoint('addToPlaylist', {
    method: 'POST',
    service: W,
    path: '/playlists/{id}/tracks',
    params: id,
    body: C.AddTracksBody,
    answer: C.Snapshot,
  }),
  changePlaylistDetails: endpoint('changePlaylistDetails', {
    method: 'PUT',
    service: W,
    path: '/playlists/{id}',
    params: id,
    body: C.ChangePlaylistBody,
    answer: C.NoContent,
  }),
  removeFromPlaylist: endpoint('removeFromPlaylist', {
    method: 'DELETE',
    service: W,
    path: '/playlists/{id}/tracks',
    params: id,
    body: C.RemoveTracksBody,
    answer: C.Snapshot,
  }),
  reorderPlaylist: endpoint('reorderPlaylist', {
    method: 'PUT',
    service: W,
    path: '/playlists/{id}/tracks',
    params: id,
    body: C.ReorderTracksBody,
    answer: C.Snapshot,
  }),
  followsPlaylist: endpoint('followsPlaylist', {
    method: 'GET',
    service: W,
    path: '/playlists/{id}/followers/contains',
    params: id,
    query: ids,
    answer: C.Flags,
  }),
  followPlaylist: endpoint('followPlaylist', {
    method: 'PUT',
    service: W,
    path: '/playlists/{id}/followers',
    params: id,
    body: C.FollowPlaylistBody,
    answer: C.NoContent,
  }),
  unfollowPlaylist: endpoint('unfollowPlaylist', { method: 'DELETE', service: W, path: '/playlists/{id}/followers', params: id, answer: C.NoContent }),
  followsArtists: endpoint('followsArtists', {
    method: 'GET',
    service: W,
    path: '/me/following/contains',
    query: ids,
    fixed: { type: 'artist' },
    answer: C.Flags,
  }),
  followArtists: endpoint('followArtists', { method: 'PUT', service: W, path: '/me/following', query: ids, fixed: { type: 'artist' }, answer: C.NoContent }),
  unfollowArtists: endpoint('unfollowArtists', {
    method: 'DELETE',
    service: W,
    path: '/me/following',
    query: ids,
    fixed: { type: 'artist' },
    answer: C.NoContent,
  }),
  savedShowsContain: endpoint('savedShowsContain', { method: 'GET', service: W, path: '/me/shows/contains', query: ids, answer: C.Flags }),
  saveShows: endpoint('saveShows', { method: 'PUT', service: W, path: '/me/shows', query: ids, answer: C.NoContent }),
  removeShows: endpoint('removeShows', { method: 'DELETE', service: W, path: '/me/shows', query: ids, answer: C.NoContent }),
  savedTracks: endpoint('savedTracks', {
    method: 'GET',
    service: W,
    path: '/me/tracks',
    optional: page,
    answer: C.Paging(C.Saved('track', C.Track)),
    market: true,
  }),
  savedAlbums: endpoint('savedAlbums', {
    method: 'GET',
    service: W,
    path: '/me/albums',
    optional: page,
    answer: C.Paging(C.Saved('album', C.Album)),
    market: true,
  }),
  savedShows: endpoint('savedShows', { method: 'GET', service: W, path: '/me/shows', optional: page, answer: C.Paging(C.Saved('show', C.Show)) }),
  followedArtists: endpoint('followedArtists', {
    method: 'GET',
    service: W,
    path: '/me/following',
    optional: { limit: t.number, after: t.string },
    fixed: { type: 'artist' },
    answer: C.FollowedArtists,
  }),
  devices: endpoint('devices', { method: 'GET', service: W, path: '/me/player/devices', answer: C.Devices }),
  show: endpoint('show', { method: 'GET', service: W, path: '/shows/{id}', params: id, answer: C.Show, market: true }),
  showEpisodes: endpoint('showEpisodes', {
    method: 'GET',
    service: W,
    path: '/shows/{id}/episodes',
    params: id,
    optional: page,
    answer: C.Paging(C.Episode),
    market: true,
  }),
  episode: endpoint('episode', { method: 'GET', service: W, path: '/episodes/{id}', params: id, answer: C.Episode, market: true }),
  episodes: endpoint('episodes', { method: 'GET', service: W, path: '/episodes', query: ids, answer: C.Several('episodes', C.Episode), market: true }),
  /** spec 001 §9: views content_limit 12, limit 10, types album, playlist, artist, show. */
  view: endpoint('view', {
    method: 'GET',
    service: W,
    path: '/views/{viewId}',
    params: { viewId: t.string },
    query: { timestamp: t.string },
    optional: { content_limit: t.number, limit: t.number, offset: t.number, types: t.array(t.string), image_style: t.string, locale: t.string },
    fixed: { platform: 'web' },
    defaults: { content_limit: VIEWS_CONTENT_LIMIT, limit: VIEWS_LIMIT, types: VIEWS_TYPES },
    answer: C.View,
    market: true,
  }),
} as const;

const base62ids = { base62ids: t.array(t.string) };

/** spec 001 §7 Collection service (the saved tracks and albums of `userId`). */
export const collectionService = {
  collectionSaveTracks: endpoint('collectionSaveTracks', {
    method: 'PUT',
    service: 'collection',
    path: '/collection/tracks/{userId}',
    params: { userId: t.string },
    query: base62ids,
    fixed: { model: 'bookmark' },
    answer: C.NoContent,
  }),
  collectionRemoveTracks: endpoint('collectionRemoveTracks', {
    method: 'DELETE',
    service: 'collection',
    path: '/collection/tracks/{userId}',
    params: { userId: t.string },
    query: base62ids,
    fixed: { model: 'bookmark' },
    answer: C.NoContent,
  }),
  collectionContainsTracks: endpoint('collectionContainsTracks', {
    method: 'GET',
    service: 'collection',
    path: '/collection/tracks/{userId}/contains',
    params: { userId: t.string },
    query: base62ids,
    answer: C.CollectionFlags,
  }),
  collectionSaveAlbums: endpoint('collectionSaveAlbums', {
    method: 'PUT',
    service: 'collection',
    path: '/collection/albums/{userId}',
    params: { userId: t.string },
    query: base62ids,
    fixed: { model: 'bookmark' },
    answer: C.NoContent,
  }),
  collectionRemoveAlbums: endpoint('collectionRemoveAlbums', {
    method: 'DELETE',
    service: 'collection',
    path: '/collection/albums/{userId}',
    params: { userId: t.string },
    query: base62ids,
    fixed: { model: 'bookmark' },
    answer: C.NoContent,
  }),
  collectionContainsAlbums: endpoint('collectionContainsAlbums', {
    method: 'GET',
    service: 'collection',
    path: '/collection/albums/{userId}/contains',
    params: { userId: t.string },
    query: base62ids,
    answer: C.CollectionFlags,
  }),
} as const;

const mix = { context: t.string, track: t.string };
/** Ours: the root list fields asked for by default (spec 001 §7 "decorate"). */
export const ROOTLIST_DECORATE = ['revision', 'length', 'attributes', 'timestamp', 'owner'];

/** spec 001 §7 Other services. */
export const otherServices = {
  backendArtist: endpoint('backendArtist', { method: 'GET', service: 'backend', path: '/artists/{id}', params: id, answer: C.Artist }),
  backendEpisode: endpoint('backendEpisode', { method: 'GET', service: 'backend', path: '/episodes/{id}', params: id, answer: C.Episode }),
  extendPlaylist: endpoint('extendPlaylist', {
    method: 'POST',
    service: 'recommendations',
    path: '/extendp/',
    body: C.ExtendPlaylistBody,
    answer: C.ExtendedPlaylist,
  }),
  radioClusters: endpoint('radioClusters', {
    method: 'GET',
    service: 'radio',
    path: '/clusters',
    query: { salt: t.number },
    optional: { image_style: t.string },
    answer: C.RadioClusters,
  }),
  /** spec 001 §9 station count 20. */
  station: endpoint('station', {
    method: 'GET',
    service: 'radio',
    path: '/stations/{id}',
    params: id,
    query: { salt: t.number },
    optional: { count: t.number, image_style: t.string },
    defaults: { count: STATION_COUNT },
    answer: C.Station,
  }),
  likeRadioSong: endpoint('likeRadioSong', { method: 'POST', service: 'radio', path: '/mixes/like/song/{context}/{track}', params: mix, answer: C.NoContent }),
  banRadioSong: endpoint('banRadioSong', { method: 'POST', service: 'radio', path: '/mixes/ban/song/{context}/{track}', params: mix, answer: C.NoContent }),
  banRadioArtist: endpoint('banRadioArtist', {
    method: 'POST',
    service: 'radio',
    path: '/mixes/ban/artist/{context}/{track}',
    params: mix,
    answer: C.NoContent,
  }),
  termsReacceptance: endpoint('termsReacceptance', {
    method: 'GET',
    service: 'terms',
    path: '/reacceptance-metadata',
    query: { language: t.string },
    answer: C.TermsMetadata,
  }),
  acceptLicence: endpoint('acceptLicence', { method: 'PUT', service: 'terms', path: '/license/{license}', params: { license: t.string }, answer: C.NoContent }),
  /** spec 001 §9 Recently played limit 20. */
  recentlyPlayed: endpoint('recentlyPlayed', {
    method: 'GET',
    service: 'recentlyPlayed',
    path: '/user/{userId}/recently-played',
    params: { userId: t.string },
    optional: { limit: t.number },
    fixed: { alt: 'json' },
    defaults: { limit: RECENTLY_PLAYED_LIMIT },
    answer: C.RecentlyPlayed,
  }),
  sponsored: endpoint('sponsored', { method: 'GET', service: 'sponsored', path: '/sponsored', answer: C.Sponsorships }),
  sponsoredPlaylist: endpoint('sponsoredPlaylist', {
    method: 'GET',
    service: 'sponsored',
    path: '/sponsored/{playlistUri}',
    params: { playlistUri: t.string },
    answer: C.Untyped,
  }),
  socialSessionInfo: endpoint('socialSessionInfo', {
    method: 'GET',
    service: 'social',
    path: '/session_info/{token}',
    params: { token: t.string },
    answer: C.SocialSession,
  }),
  socialJoin: endpoint('socialJoin', { method: 'PUT', service: 'social', path: '/join/{token}', params: { token: t.string }, answer: C.SocialSession }),
  rootlist: endpoint('rootlist', {
    method: 'GET',
    service: 'rootlist',
    path: '/user/{id}/rootlist',
    params: id,
    optional: { decorate: t.array(t.string), revision: t.string },
    defaults: { decorate: ROOTLIST_DECORATE },
    answer: C.Untyped,
  }),
  rootlistDiff: endpoint('rootlistDiff', {
    method: 'GET',
    service: 'rootlist',
    path: '/user/{id}/rootlist/diff',
    params: id,
    query: { revision: t.string },
    answer: C.Untyped,
  }),
  rootlistChanges: endpoint('rootlistChanges', {
    method: 'POST',
    service: 'rootlist',
    path: '/user/{id}/rootlist/changes',
    params: id,
    body: C.Untyped,
    answer: C.Untyped,
  }),
  /** spec 001 §7 Seed-to-playlist: GET {uri} with response-format=json (similar episodes). */
  seedToPlaylist: endpoint('seedToPlaylist', {
    method: 'GET',
    service: 'inspiredby',
    path: '/seed_to_playlist/{uri}',
    params: { uri: t.string },
    fixed: { 'response-format': 'json' },
    answer: C.SimilarEpisodes,
    failure: SIMILAR_EPISODES_FAILED,
  }),
} as const;

export const ENDPOINTS = { ...catalogueApi, ...collectionService, ...otherServices } as const;
export type EndpointName = keyof typeof ENDPOINTS;
export type AnyEndpoint = (typeof ENDPOINTS)[EndpointName];

const byRequestType = new Map<string, Endpoint>(Object.values(ENDPOINTS).map((e) => [e.request.type, e as unknown as Endpoint]));
/** The endpoint whose request action this is, or undefined. */
export const endpointOfRequest = (type: string): Endpoint | undefined => byRequestType.get(type);
export const endpointNamed = (name: string): Endpoint | undefined => (ENDPOINTS as unknown as Record<string, Endpoint>)[name];

const byAnswerType = new Map<string, Endpoint>(Object.values(ENDPOINTS).map((e) => [e.answered.type, e as unknown as Endpoint]));
/** The endpoint whose answer action this is, or undefined. */
export const endpointOfAnswer = (type: string): Endpoint | undefined => byAnswerType.get(type);
