import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp } from '../../adapters/fake';
import type { HttpRequest } from '../ports';
import type { Action } from '../store/action';
import { RECENTLY_PLAYED_LIMIT, STATION_COUNT, VIEWS_CONTENT_LIMIT, VIEWS_LIMIT, VIEWS_TYPES } from './constants';
import { ENDPOINTS, SERVICE_PREFIX, type Endpoint } from './endpoints';
import { LOGGED_IN, TEST_CONFIG, runCatalogue } from './testing/run-catalogue';

/*
 * Issue 17 Must show: "Unit tables for every endpoint's request (method, path, query, headers,
 * body) and decoded answer" — spec 001 §7 Catalogue API, Collection service and Other services,
 * each sent by its request action through the layer (a logged-in listener, locale sv) and answered
 * by its decoded answer action.
 */

const API = { accept: 'application/json', 'accept-language': 'sv', authorization: 'Bearer tok' };
/** spec 001 §7: web gateway requests add App-Platform WebPlayer and the app version. */
const GATEWAY = { ...API, 'app-platform': 'WebPlayer', 'spotify-app-version': '1568419200' };
const JSON_BODY = { 'content-type': 'application/json' };

const named = (type: string, id: string) => ({ id, uri: `spotify:${type}:${id}`, type, name: `${type} ${id}` });
const album = named('album', 'al1');
const artist = named('artist', 'ar1');
const track = { ...named('track', 'tr1'), duration_ms: 1000 };
const episode = { ...named('episode', 'ep1'), duration_ms: 2000 };
const show = named('show', 'sh1');
const playlist = { ...named('playlist', 'pl1'), public: true };
const user = { id: 'demo', uri: 'spotify:user:demo', type: 'user', display_name: 'Demo', images: [], followers: { total: 0 } };
const paging = (item: unknown) => ({ items: [item], total: 1, limit: 20, offset: 0, next: null });
const snapshot = { snapshot_id: 's1' };
const record = { anything: [1] };
const social = { sessionToken: 'jt', is_member: true, session_members: [] };

type Row = readonly [
  name: keyof typeof ENDPOINTS,
  args: unknown,
  method: HttpRequest['method'],
  /** Path and query after the host. */
  url: string,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  /** The answer's JSON (undefined: an empty 204), which is also the decoded result (null for an empty one). */
  answer: unknown,
];

const A = 'https://api.test/v1';
const G = 'https://gw.test';
const M = 'market=from_token';

const ROWS: ReadonlyArray<Row> = [
  // Catalogue API
  ['album', { id: 'al1' }, 'GET', `${A}/albums/al1?${M}`, API, undefined, album],
  ['albums', { ids: ['al1', 'al2'] }, 'GET', `${A}/albums?ids=al1,al2&${M}`, API, undefined, { albums: [album, null] }],
  [
    'albumTracks',
    { id: 'al1', limit: 50 },
    'GET',
    `${A}/albums/al1/tracks?limit=50&${M}`,
    API,
    undefined,
    paging({ id: 'tr1', uri: 'spotify:track:tr1', name: 'x' }),
  ],
  ['artist', { id: 'ar1' }, 'GET', `${A}/artists/ar1`, API, undefined, artist],
  ['artists', { ids: ['ar1'] }, 'GET', `${A}/artists?ids=ar1`, API, undefined, { artists: [artist] }],
  [
    'artistAlbums',
    { id: 'ar1', include_groups: 'album,single' },
    'GET',
    `${A}/artists/ar1/albums?include_groups=album,single&${M}`,
    API,
    undefined,
    paging(album),
  ],
  ['artistTopTracks', { id: 'ar1', country: 'SE' }, 'GET', `${A}/artists/ar1/top-tracks?country=SE`, API, undefined, { tracks: [track] }],
  ['relatedArtists', { id: 'ar1' }, 'GET', `${A}/artists/ar1/related-artists`, API, undefined, { artists: [artist] }],
  ['track', { id: 'tr1' }, 'GET', `${A}/tracks/tr1?${M}`, API, undefined, track],
  ['tracks', { ids: ['tr1'] }, 'GET', `${A}/tracks?ids=tr1&${M}`, API, undefined, { tracks: [track] }],
  [
    'search',
    { q: 'a b', type: ['track', 'album'], limit: 5 },
    'GET',
    `${A}/search?decorate_restrictions=false&best_match=true&include_external=audio&q=a%20b&type=track,album&limit=5&${M}`,
    API,
    undefined,
    { tracks: paging(track), albums: paging(album) },
  ],
  ['user', { id: 'demo' }, 'GET', `${A}/users/demo`, API, undefined, user],
  ['userPlaylists', { id: 'demo', offset: 20 }, 'GET', `${A}/users/demo/playlists?offset=20`, API, undefined, paging(playlist)],
  ['myPlaylists', {}, 'GET', `${A}/me/playlists`, API, undefined, paging(playlist)],
  ['me', {}, 'GET', `${A}/me`, API, undefined, user],
  ['playlist', { id: 'pl1', type: 'track,episode' }, 'GET', `${A}/playlists/pl1?type=track,episode&${M}`, API, undefined, playlist],
  ['playlistPublished', { id: 'pl1' }, 'GET', `${A}/playlists/pl1?fields=public`, API, undefined, { public: false }],
  [
    'createPlaylist',
    { id: 'demo', body: { name: 'Mine', public: false } },
    'POST',
    `${A}/users/demo/playlists`,
    { ...API, ...JSON_BODY },
    { name: 'Mine', public: false },
    playlist,
  ],
  [
    'addToPlaylist',
    { id: 'pl1', body: { uris: ['spotify:track:tr1'], position: 0 } },
    'POST',
    `${A}/playlists/pl1/tracks`,
    { ...API, ...JSON_BODY },
    { uris: ['spotify:track:tr1'], position: 0 },
    snapshot,
  ],
  ['changePlaylistDetails', { id: 'pl1', body: { public: true } }, 'PUT', `${A}/playlists/pl1`, { ...API, ...JSON_BODY }, { public: true }, undefined],
  [
    'removeFromPlaylist',
    { id: 'pl1', body: { tracks: [{ uri: 'spotify:track:tr1', positions: [2] }] } },
    'DELETE',
    `${A}/playlists/pl1/tracks`,
    { ...API, ...JSON_BODY },
    { tracks: [{ uri: 'spotify:track:tr1', positions: [2] }] },
    snapshot,
  ],
  [
    'reorderPlaylist',
    { id: 'pl1', body: { range_start: 0, range_length: 1, insert_before: 3 } },
    'PUT',
    `${A}/playlists/pl1/tracks`,
    { ...API, ...JSON_BODY },
    { range_start: 0, range_length: 1, insert_before: 3 },
    snapshot,
  ],
  ['followsPlaylist', { id: 'pl1', ids: ['demo'] }, 'GET', `${A}/playlists/pl1/followers/contains?ids=demo`, API, undefined, [true]],
  ['followPlaylist', { id: 'pl1', body: { public: false } }, 'PUT', `${A}/playlists/pl1/followers`, { ...API, ...JSON_BODY }, { public: false }, undefined],
  ['unfollowPlaylist', { id: 'pl1' }, 'DELETE', `${A}/playlists/pl1/followers`, API, undefined, undefined],
  ['followsArtists', { ids: ['ar1', 'ar2'] }, 'GET', `${A}/me/following/contains?type=artist&ids=ar1,ar2`, API, undefined, [true, false]],
  ['followArtists', { ids: ['ar1'] }, 'PUT', `${A}/me/following?type=artist&ids=ar1`, API, undefined, undefined],
  ['unfollowArtists', { ids: ['ar1'] }, 'DELETE', `${A}/me/following?type=artist&ids=ar1`, API, undefined, undefined],
  ['savedShowsContain', { ids: ['sh1'] }, 'GET', `${A}/me/shows/contains?ids=sh1`, API, undefined, [false]],
  ['saveShows', { ids: ['sh1'] }, 'PUT', `${A}/me/shows?ids=sh1`, API, undefined, undefined],
  ['removeShows', { ids: ['sh1'] }, 'DELETE', `${A}/me/shows?ids=sh1`, API, undefined, undefined],
  ['savedTracks', { limit: 50 }, 'GET', `${A}/me/tracks?limit=50&${M}`, API, undefined, paging({ added_at: '2026-11-26T00:00:00Z', track })],
  ['savedAlbums', {}, 'GET', `${A}/me/albums?${M}`, API, undefined, paging({ added_at: '2026-11-26T00:00:00Z', album })],
  ['savedShows', {}, 'GET', `${A}/me/shows`, API, undefined, paging({ added_at: '2026-11-26T00:00:00Z', show })],
  [
    'followedArtists',
    { after: 'ar1' },
    'GET',
    `${A}/me/following?type=artist&after=ar1`,
    API,
    undefined,
    { artists: { ...paging(artist), cursors: { after: null } } },
  ],
  ['devices', {}, 'GET', `${A}/me/player/devices`, API, undefined, { devices: [{ id: 'd1', name: 'Web', type: 'Computer', is_active: true }] }],
  ['show', { id: 'sh1' }, 'GET', `${A}/shows/sh1?${M}`, API, undefined, show],
  ['showEpisodes', { id: 'sh1' }, 'GET', `${A}/shows/sh1/episodes?${M}`, API, undefined, paging(episode)],
  ['episode', { id: 'ep1' }, 'GET', `${A}/episodes/ep1?${M}`, API, undefined, episode],
  ['episodes', { ids: ['ep1'] }, 'GET', `${A}/episodes?ids=ep1&${M}`, API, undefined, { episodes: [episode] }],
  // spec 001 §9: views content_limit 12, limit 10, types album, playlist, artist, show.
  [
    'view',
    { viewId: 'home', timestamp: '2026-11-26T05:00:00Z', locale: 'sv' },
    'GET',
    `${A}/views/home?platform=web&content_limit=12&limit=10&types=album,playlist,artist,show&timestamp=2026-11-26T05%3A00%3A00Z&locale=sv&${M}`,
    API,
    undefined,
    { id: 'home', name: 'Home', content: paging({ id: 'home-albums', name: 'Albums', content: paging(album) }) },
  ],
  // Collection service
  [
    'collectionSaveTracks',
    { userId: 'demo', base62ids: ['tr1', 'tr2'] },
    'PUT',
    `${G}/collection/tracks/demo?model=bookmark&base62ids=tr1,tr2`,
    GATEWAY,
    undefined,
    undefined,
  ],
  [
    'collectionRemoveTracks',
    { userId: 'demo', base62ids: ['tr1'] },
    'DELETE',
    `${G}/collection/tracks/demo?model=bookmark&base62ids=tr1`,
    GATEWAY,
    undefined,
    undefined,
  ],
  [
    'collectionContainsTracks',
    { userId: 'demo', base62ids: ['tr1'] },
    'GET',
    `${G}/collection/tracks/demo/contains?base62ids=tr1`,
    GATEWAY,
    undefined,
    { items: [{ found: true }] },
  ],
  [
    'collectionSaveAlbums',
    { userId: 'demo', base62ids: ['al1'] },
    'PUT',
    `${G}/collection/albums/demo?model=bookmark&base62ids=al1`,
    GATEWAY,
    undefined,
    undefined,
  ],
  [
    'collectionRemoveAlbums',
    { userId: 'demo', base62ids: ['al1'] },
    'DELETE',
    `${G}/collection/albums/demo?model=bookmark&base62ids=al1`,
    GATEWAY,
    undefined,
    undefined,
  ],
  [
    'collectionContainsAlbums',
    { userId: 'demo', base62ids: ['al1'] },
    'GET',
    `${G}/collection/albums/demo/contains?base62ids=al1`,
    GATEWAY,
    undefined,
    { items: [{ found: false }] },
  ],
  // Other services
  ['backendArtist', { id: 'ar1' }, 'GET', `${G}/open-backend-2/v1/artists/ar1`, GATEWAY, undefined, artist],
  ['backendEpisode', { id: 'ep1' }, 'GET', `${G}/open-backend-2/v1/episodes/ep1`, GATEWAY, undefined, episode],
  [
    'extendPlaylist',
    { body: { playlistURI: 'spotify:playlist:pl1', trackSkipIDs: ['tr9'] } },
    'POST',
    `${G}/playlistextender/extendp/`,
    { ...GATEWAY, ...JSON_BODY },
    { playlistURI: 'spotify:playlist:pl1', trackSkipIDs: ['tr9'] },
    { playlistURI: 'spotify:playlist:pl1', recommendedTracks: [track] },
  ],
  [
    'radioClusters',
    { salt: 7, image_style: 'gradient_overlay' },
    'GET',
    `${G}/radio-apollo/v3/clusters?salt=7&image_style=gradient_overlay`,
    GATEWAY,
    undefined,
    { clusters: [{ id: 'artists', title: 'Artists', stations: [{ uri: 'spotify:station:artist:ar1', title: 'A' }] }] },
  ],
  // spec 001 §9 station count 20.
  [
    'station',
    { id: 'spotify:artist:ar1', salt: 7 },
    'GET',
    `${G}/radio-apollo/v3/stations/spotify%3Aartist%3Aar1?count=20&salt=7`,
    GATEWAY,
    undefined,
    { uri: 'spotify:station:artist:ar1', title: 'A', tracks: [track] },
  ],
  [
    'likeRadioSong',
    { context: 'spotify:station:artist:ar1', track: 'spotify:track:tr1' },
    'POST',
    `${G}/radio-apollo/v3/mixes/like/song/spotify%3Astation%3Aartist%3Aar1/spotify%3Atrack%3Atr1`,
    GATEWAY,
    undefined,
    undefined,
  ],
  ['banRadioSong', { context: 'c', track: 't' }, 'POST', `${G}/radio-apollo/v3/mixes/ban/song/c/t`, GATEWAY, undefined, undefined],
  ['banRadioArtist', { context: 'c', track: 't' }, 'POST', `${G}/radio-apollo/v3/mixes/ban/artist/c/t`, GATEWAY, undefined, undefined],
  [
    'termsReacceptance',
    { language: 'sv' },
    'GET',
    `${G}/reaccept-my-legal/v1/reacceptance-metadata?language=sv`,
    GATEWAY,
    undefined,
    { license: '2026-11', reacceptanceRequired: true, documents: [{ name: 'Terms', url: 'https://x.test/terms' }] },
  ],
  ['acceptLicence', { license: 'v2' }, 'PUT', `${G}/reaccept-my-legal/v1/license/v2`, GATEWAY, undefined, undefined],
  // spec 001 §9 Recently played limit 20.
  [
    'recentlyPlayed',
    { userId: 'demo' },
    'GET',
    `${G}/metrics-backend/v1/user/demo/recently-played?alt=json&limit=20`,
    GATEWAY,
    undefined,
    { playContexts: [{ uri: 'spotify:album:al1', name: 'A', lastPlayedTime: 1 }] },
  ],
  ['sponsored', {}, 'GET', `${G}/sponsoredplaylist/v1/sponsored`, GATEWAY, undefined, { sponsorships: [{ playlistUri: 'spotify:playlist:pl1' }] }],
  [
    'sponsoredPlaylist',
    { playlistUri: 'spotify:playlist:pl1' },
    'GET',
    `${G}/sponsoredplaylist/v1/sponsored/spotify%3Aplaylist%3Apl1`,
    GATEWAY,
    undefined,
    record,
  ],
  ['socialSessionInfo', { token: 'jt' }, 'GET', `${G}/social-connect/v1/session_info/jt`, GATEWAY, undefined, social],
  ['socialJoin', { token: 'jt' }, 'PUT', `${G}/social-connect/v1/join/jt`, GATEWAY, undefined, social],
  [
    'rootlist',
    { id: 'demo', revision: 'r1' },
    'GET',
    `${G}/playlist/v2/user/demo/rootlist?decorate=revision,length,attributes,timestamp,owner&revision=r1`,
    GATEWAY,
    undefined,
    record,
  ],
  ['rootlistDiff', { id: 'demo', revision: 'r1' }, 'GET', `${G}/playlist/v2/user/demo/rootlist/diff?revision=r1`, GATEWAY, undefined, record],
  [
    'rootlistChanges',
    { id: 'demo', body: { deltas: [] } },
    'POST',
    `${G}/playlist/v2/user/demo/rootlist/changes`,
    { ...GATEWAY, ...JSON_BODY },
    { deltas: [] },
    record,
  ],
  [
    'seedToPlaylist',
    { uri: 'spotify:episode:ep1' },
    'GET',
    `${G}/inspiredby-mix/v2/seed_to_playlist/spotify%3Aepisode%3Aep1?response-format=json`,
    GATEWAY,
    undefined,
    { seedUri: 'spotify:episode:ep1', mediaItems: [{ uri: 'spotify:episode:ep2' }], episodes: [{ ...episode, id: 'ep2', uri: 'spotify:episode:ep2' }] },
  ],
];

function send(endpoint: Endpoint, args: unknown, answer: unknown): { calls: HttpRequest[]; log: Array<[number, Action]> } {
  const s = new TestScheduler((a, b) => expect(a).toEqual(b));
  const calls: HttpRequest[] = [];
  let log: Array<[number, Action]> = [];
  s.run(() => {
    const http = createFakeHttp(s, calls, () => ({ status: 200, headers: {}, body: answer === undefined ? '' : JSON.stringify(answer) }), 10);
    log = runCatalogue({
      scheduler: s,
      http,
      session: LOGGED_IN,
      inputs: [
        [0, TEST_CONFIG],
        [1, endpoint.request({ requestId: 'r1', args })],
      ],
    }).log;
  });
  return { calls, log };
}

describe('spec 001 §7: every endpoint of Catalogue API, Collection service and Other services', () => {
  it('the table has one row per declared endpoint', () => {
    expect(ROWS.map((r) => r[0]).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    expect(Object.keys(ENDPOINTS)).toHaveLength(66);
  });

  it('spec 001 §9: recently played limit 20; views content_limit 12, limit 10, types album, playlist, artist, show; station count 20', () => {
    expect([RECENTLY_PLAYED_LIMIT, VIEWS_CONTENT_LIMIT, VIEWS_LIMIT, STATION_COUNT]).toEqual([20, 12, 10, 20]);
    expect(VIEWS_TYPES).toEqual(['album', 'playlist', 'artist', 'show']);
  });

  it('every service prefix of spec 001 §7 is used', () => {
    expect(Object.values(SERVICE_PREFIX)).toEqual(
      expect.arrayContaining([
        '/open-backend-2/v1',
        '/radio-apollo/v3',
        '/playlistextender',
        '/reaccept-my-legal/v1',
        '/sponsoredplaylist/v1',
        '/social-connect/v1',
        '/playlist/v2',
        '/inspiredby-mix/v2',
        '/metrics-backend/v1',
        '/v1',
      ]),
    );
  });

  it.each(ROWS)('%s: request (method, path, query, headers, body) and decoded answer', (name, args, method, url, headers, body, answer) => {
    const endpoint = ENDPOINTS[name] as unknown as Endpoint;
    expect(endpoint.args.is(args)).toBe(true);
    const { calls, log } = send(endpoint, args, answer);
    expect(calls).toEqual([{ method, url, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }]);
    const answered = log.find(([, a]) => a.type === `catalogue/${name}Answered`);
    expect(answered).toEqual([11, { type: `catalogue/${name}Answered`, requestId: 'r1', result: answer === undefined ? null : answer }]);
    expect(endpoint.answered.codec.is(answered?.[1])).toBe(true);
  });
});
