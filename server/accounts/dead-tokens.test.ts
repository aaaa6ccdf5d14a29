// "Every route says who may call it, and a test tries it as everyone else" (issues 16–19 hardening): the routes
// added for the video manifest, capture, remote control and the web player, each tried with no token, an anonymous
// visitor's, another listener's, and a listener's token that was revoked (their logout, issue 12), expired, or
// whose login session expired. A dead token is refused like no token (401; the capture read answers it as a
// stranger, 403) and changes nothing; a live one of the right listener gets through. On both databases.
import { TRACK_PLAYBACK_DEVICES_PATH } from '../playback/track-playback-routes';
import { registrationBody, startPlaybackTestServer, type Answer, type Dealer, type PlaybackTestServer } from '../playback/test-client';
import { demoCatalogue } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { videoManifestPath } from '../video/manifest';
import { DEFAULT_TERMS_LICENCE } from '../other-services/routes';
import { PAGE_TOKEN_PATH } from '../../core/catalogue/page-token';
import { PAGE_TOKEN_COOKIE } from '../webplayer/page-token';
import type { CaptureLink, CaptureUpload } from '../../core/model/capture';
import { logInCookie } from './login-client';

const catalogue = demoCatalogue();
const track = catalogue.tracks[0]!;
const other = catalogue.tracks[1]!;
const album = catalogue.albums[0]!;
const show = catalogue.shows[0]!;
const artist = catalogue.artists[0]!;
const publicPlaylist = catalogue.playlists[0]!;
const episode = catalogue.episodes[0]!;
const DEVICE = 'd'.repeat(40);

const upload: CaptureUpload = {
  widget: { actionLog: '{"kind":"header","schema":1,"app":"embed-player","version":"t","initialState":{}}\n' },
  engine: { actionLog: '{"kind":"header","schema":1,"app":"embed-engine","version":"t","initialState":{}}\n', transcript: '{"kind":"transcript"}\n' },
  environment: { userAgent: 'test', language: 'en', viewport: { width: 300, height: 380 } },
};

/** Who calls: no token, or whose token. */
type Caller = 'none' | 'anonymous' | 'other' | 'revoked' | 'expired' | 'sessionExpired' | 'live';
const DEAD: readonly Caller[] = ['none', 'revoked', 'expired', 'sessionExpired'];

interface RouteCase {
  readonly name: string;
  readonly method: string;
  readonly path: () => string;
  readonly body?: () => unknown;
  readonly headers?: () => Record<string, string>;
  /** The status for a live token of the listener (demo). */
  readonly live: number;
  /** For an anonymous visitor's token. */
  readonly anonymous: number;
  /** For another listener's token (free). */
  readonly other: number;
  /** For a dead token or none, when not 401. */
  readonly dead?: Partial<Record<Caller, number>>;
}

describe.each(DIALECTS)('who may call the recent routes, dead tokens included, on %s', (dialect) => {
  const database = useDialect(dialect);
  let t: PlaybackTestServer;
  let dealer: Dealer;
  const tokens: Record<Exclude<Caller, 'none'>, string> = { anonymous: '', other: '', revoked: '', expired: '', sessionExpired: '', live: '' };
  let demoId = '';
  let playlistId = '';
  let capture: CaptureLink;
  let sourceId = '';

  const expire = (token: string) =>
    t.db
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() - 1000 })
      .where('token', '=', token)
      .execute();

  /** A token from /access_token for a login session (so its logout revokes it), and the session's cookie. */
  async function sessionToken(): Promise<{ cookie: string; token: string }> {
    const cookie = await logInCookie(t.server.url(''), 'demo', 'demo');
    const answer = await fetch(t.server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } });
    return { cookie, token: ((await answer.json()) as { accessToken: string }).accessToken };
  }

  const logout = (cookie: string) => fetch(t.server.url('/logout'), { headers: { cookie, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });

  beforeAll(async () => {
    t = await startPlaybackTestServer({ databaseUrl: await database.databaseUrl() });
    demoId = await t.accountId('demo');
    // demo's playing device, on a dealer socket of a token of its own (a logout of another login leaves it).
    const deviceToken = await t.token('demo');
    dealer = await t.dealer(deviceToken);
    expect((await t.request('POST', TRACK_PLAYBACK_DEVICES_PATH, { token: deviceToken, body: registrationBody(dealer.connectionId, DEVICE) })).status).toBe(
      200,
    );

    tokens.live = await t.token('demo');
    tokens.other = await t.token('free');
    tokens.anonymous = await t.token(null);
    const revoked = await sessionToken();
    tokens.revoked = revoked.token;
    expect((await logout(revoked.cookie)).status).toBe(303);
    tokens.expired = await t.token('demo');
    await expire(tokens.expired);
    tokens.sessionExpired = (await sessionToken()).token;
    await t.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', (eb) => eb.selectFrom('access_tokens').select('session_id').where('token', '=', tokens.sessionExpired))
      .execute();

    const created = await t.request('POST', `/v1/users/${demoId}/playlists`, { token: tokens.live, body: { name: 'Mine' } });
    expect(created.status).toBe(201);
    playlistId = created.json().id;
    const uris = [track, other].map((x) => `spotify:track:${x.id}`);
    expect((await t.request('POST', `/v1/playlists/${playlistId}/tracks`, { token: tokens.live, body: { uris } })).status).toBe(201);
    const uploaded = await t.request('POST', '/capture', { token: tokens.live, body: upload });
    expect(uploaded.status).toBe(201);
    capture = uploaded.json();
    sourceId = (await t.db.selectFrom('video_sources').select('source_id').executeTakeFirstOrThrow()).source_id;
  }, 60_000);
  afterAll(() => t.stop(), 30_000);

  const ROUTES: readonly RouteCase[] = [
    // Issue 18: the video manifest, authorised (any live token: anonymous and free get the preview).
    { name: 'GET video manifest', method: 'GET', path: () => videoManifestPath(sourceId), live: 200, anonymous: 200, other: 200 },
    // Issue 19: anyone may upload; a bearer token that is not live is refused rather than stored as anonymous.
    { name: 'POST /capture', method: 'POST', path: () => '/capture', body: () => upload, live: 201, anonymous: 201, other: 201, dead: { none: 201 } },
    // Only the listener who made it (and operators): anyone else, dead tokens too, is a stranger.
    {
      name: 'GET /api/captures/{id}',
      method: 'GET',
      path: () => `/api/captures/${capture.id}`,
      live: 200,
      anonymous: 403,
      other: 403,
      dead: { none: 403, revoked: 403, expired: 403, sessionExpired: 403 },
    },
    // Issue 16 remote control: a logged-in listener, on their own devices and dealer connections only.
    {
      name: 'PUT connect-state observer',
      method: 'PUT',
      path: () => '/connect-state/v1/devices/hobs_test',
      headers: () => ({ 'x-spotify-connection-id': dealer.connectionId }),
      live: 200,
      anonymous: 403,
      other: 400,
    },
    {
      name: 'POST player command',
      method: 'POST',
      path: () => `/connect-state/v1/player/command/from/${DEVICE}/to/${DEVICE}`,
      body: () => ({ command: { endpoint: 'ping' } }),
      live: 200,
      anonymous: 403,
      other: 404,
    },
    {
      name: 'POST transfer',
      method: 'POST',
      path: () => `/connect-state/v1/connect/transfer/from/${DEVICE}/to/${DEVICE}`,
      body: () => ({ transfer_options: { restore_paused: 'restore' } }),
      live: 200,
      anonymous: 403,
      other: 404,
    },
    {
      name: 'PUT volume of a device',
      method: 'PUT',
      path: () => `/connect-state/v1/connect/volume/from/${DEVICE}/to/${DEVICE}`,
      body: () => ({ volume: 30000 }),
      live: 200,
      anonymous: 403,
      other: 404,
    },
    {
      name: 'PUT volume',
      method: 'PUT',
      path: () => '/connect-state/v1/connect/volume',
      body: () => ({ volume: 30000, device_id: DEVICE }),
      live: 200,
      anonymous: 403,
      other: 404,
    },
    // Issue 17 library writes (each acts on the caller's own library: another listener writes theirs).
    { name: 'PUT /v1/me/tracks', method: 'PUT', path: () => `/v1/me/tracks?ids=${track.id}`, live: 200, anonymous: 403, other: 200 },
    { name: 'PUT /v1/me/albums', method: 'PUT', path: () => `/v1/me/albums?ids=${album.id}`, live: 200, anonymous: 403, other: 200 },
    { name: 'PUT /v1/me/shows', method: 'PUT', path: () => `/v1/me/shows?ids=${show.id}`, live: 200, anonymous: 403, other: 200 },
    { name: 'PUT /v1/me/following', method: 'PUT', path: () => `/v1/me/following?type=artist&ids=${artist.id}`, live: 204, anonymous: 403, other: 204 },
    {
      name: 'PUT playlist followers',
      method: 'PUT',
      path: () => `/v1/playlists/${publicPlaylist.id}/followers`,
      body: () => ({ public: false }),
      live: 200,
      anonymous: 403,
      other: 200,
    },
    // Issue 17 playlist editing: the owner only.
    {
      name: 'POST create playlist',
      method: 'POST',
      path: () => `/v1/users/${demoId}/playlists`,
      body: () => ({ name: 'Made' }),
      live: 201,
      anonymous: 403,
      other: 403,
    },
    {
      name: 'PUT rename playlist',
      method: 'PUT',
      path: () => `/v1/playlists/${playlistId}`,
      body: () => ({ name: 'Renamed' }),
      live: 200,
      anonymous: 403,
      other: 403,
    },
    {
      name: 'POST add to playlist',
      method: 'POST',
      path: () => `/v1/playlists/${playlistId}/tracks`,
      body: () => ({ uris: [`spotify:track:${track.id}`] }),
      live: 201,
      anonymous: 403,
      other: 403,
    },
    {
      name: 'PUT move in playlist',
      method: 'PUT',
      path: () => `/v1/playlists/${playlistId}/tracks`,
      body: () => ({ range_start: 0, insert_before: 2 }),
      live: 200,
      anonymous: 403,
      other: 403,
    },
    {
      name: 'DELETE from playlist',
      method: 'DELETE',
      path: () => `/v1/playlists/${playlistId}/tracks`,
      body: () => ({ tracks: [{ uri: `spotify:track:${other.id}` }] }),
      live: 200,
      anonymous: 403,
      other: 403,
    },
    // Issue 17 terms (the listener's own acceptance).
    { name: 'GET terms metadata', method: 'GET', path: () => '/reaccept-my-legal/v1/reacceptance-metadata?language=en', live: 200, anonymous: 403, other: 200 },
    {
      name: 'PUT accept terms',
      method: 'PUT',
      path: () => `/reaccept-my-legal/v1/license/${DEFAULT_TERMS_LICENCE}`,
      live: 204,
      anonymous: 403,
      other: 204,
    },
    // Issue 17 radio: any token reads a station; feedback is a listener's own.
    {
      name: 'GET station',
      method: 'GET',
      path: () => `/radio-apollo/v3/stations/${encodeURIComponent(`spotify:station:track:${track.id}`)}`,
      live: 200,
      anonymous: 200,
      other: 200,
    },
    {
      name: 'POST station like',
      method: 'POST',
      path: () =>
        `/radio-apollo/v3/mixes/like/song/${encodeURIComponent(`spotify:station:track:${track.id}`)}/${encodeURIComponent(`spotify:track:${other.id}`)}`,
      live: 204,
      anonymous: 403,
      other: 204,
    },
    // Issue 17 seed-to-playlist and browse: any live token.
    {
      name: 'GET seed to playlist',
      method: 'GET',
      path: () => `/inspiredby-mix/v2/seed_to_playlist/${encodeURIComponent(`spotify:episode:${episode.id}`)}?response-format=json`,
      live: 200,
      anonymous: 200,
      other: 200,
    },
    { name: 'GET browse categories', method: 'GET', path: () => '/v1/browse/categories?country=SE', live: 200, anonymous: 200, other: 200 },
    { name: 'GET browse new releases', method: 'GET', path: () => '/v1/browse/new-releases?country=SE', live: 200, anonymous: 200, other: 200 },
    { name: 'GET browse view', method: 'GET', path: () => '/v1/views/featured', live: 200, anonymous: 200, other: 200 },
    // The listener's own device's state updates (spec 001 §7 track-playback): its premium listener only; a free
    // listener's or an anonymous visitor's token is refused before any device is looked up.
    {
      name: 'PUT device state',
      method: 'PUT',
      path: () => `${TRACK_PLAYBACK_DEVICES_PATH}/${DEVICE}/state`,
      body: () => ({ seq_num: 5, state_ref: null, sub_state: { playback_speed: 1, position: 1200, duration: 200000, stream_time: 1200 }, reason: 'progress' }),
      live: 200,
      anonymous: 403,
      other: 403,
    },
    // The listener's own history: that user only.
    { name: 'GET recently played', method: 'GET', path: () => `/metrics-backend/v1/user/${demoId}/recently-played`, live: 200, anonymous: 403, other: 403 },
  ];

  async function call(route: RouteCase, caller: Caller): Promise<Answer> {
    const token = caller === 'none' ? undefined : tokens[caller];
    const headers = route.headers?.() ?? {};
    const body = route.body?.();
    const response = await fetch(t.server.url(route.path()), {
      method: route.method,
      headers: {
        ...headers,
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, contentType: response.headers.get('content-type'), json: () => JSON.parse(text) };
  }

  /** What the route answered each caller, beside what it should have. */
  async function statuses(callers: readonly Caller[], expected: (route: RouteCase, caller: Caller) => number) {
    const got: string[] = [];
    const want: string[] = [];
    for (const route of ROUTES) {
      for (const caller of callers) {
        got.push(`${route.name} as ${caller}: ${(await call(route, caller)).status}`);
        want.push(`${route.name} as ${caller}: ${expected(route, caller)}`);
      }
    }
    expect(got).toEqual(want);
  }

  /** What demo keeps, which only demo's live token may change. */
  async function demoHolds() {
    const contains = async (path: string) => (await t.request('GET', path, { token: tokens.live })).json() as boolean[];
    const playlist = (await t.request('GET', `/v1/playlists/${playlistId}`, { token: tokens.live })).json();
    return {
      track: await contains(`/v1/me/tracks/contains?ids=${track.id}`),
      album: await contains(`/v1/me/albums/contains?ids=${album.id}`),
      show: await contains(`/v1/me/shows/contains?ids=${show.id}`),
      artist: await contains(`/v1/me/following/contains?type=artist&ids=${artist.id}`),
      followsPlaylist: await contains(`/v1/playlists/${publicPlaylist.id}/followers/contains?ids=${demoId}`),
      playlistName: playlist.name,
      playlistTracks: (playlist.tracks.items as Array<{ track: { id: string } }>).map((i) => i.track.id),
      playlists: (await t.request('GET', '/v1/me/playlists?limit=50', { token: tokens.live })).json().items.length,
      device: await t.db
        .selectFrom('playback_devices')
        .select(['state_ref', 'last_seq_num'])
        .where('account_id', '=', demoId)
        .where('device_id', '=', DEVICE)
        .executeTakeFirst(),
      stateUpdates: (await t.db.selectFrom('playback_state_updates').select('seq_num').where('device_id', '=', DEVICE).execute()).length,
    };
  }

  let before: Awaited<ReturnType<typeof demoHolds>>;

  it('no token, a revoked one (logout), an expired one and one of an expired login are refused everywhere (401; the capture read: 403)', async () => {
    before = await demoHolds();
    await statuses(DEAD, (route, caller) => route.dead?.[caller] ?? 401);
  });

  it('an anonymous visitor’s token gets what any token may have, and 403 where a listener is needed', async () => {
    await statuses(['anonymous'], (route) => route.anonymous);
  });

  it('another listener’s token: 403 or 404 on the listener’s playlist, capture, history and devices; their own library elsewhere', async () => {
    await statuses(['other'], (route) => route.other);
  });

  it('none of those calls changed what the listener keeps', async () => {
    expect(await demoHolds()).toEqual(before);
  });

  it('the listener’s live token gets through every route', async () => {
    await statuses(['live'], (route) => route.live);
    const after = await demoHolds();
    expect(after.playlistName).toBe('Renamed');
    expect(after.track).toEqual([true]);
    expect(after.device?.last_seq_num).toBe(5);
    expect(after.stateUpdates).toBe(before.stateUpdates + 1);
  });

  describe('the web player’s pages, which act for a listener with the page token held in their cookie', () => {
    const get = async (path: string, cookie: string) => {
      const response = await fetch(t.server.url(path), { redirect: 'manual', headers: { cookie } });
      const pageToken = response.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${PAGE_TOKEN_COOKIE}=`))
        ?.split(';')[0];
      return { status: response.status, location: response.headers.get('location'), text: await response.text(), pageToken };
    };

    it('after the logout, the revoked page token opens no library page and the token route hands out an anonymous token, never it', async () => {
      const cookie = await logInCookie(t.server.url(''), 'demo', 'demo');
      const page = await get('/collection/tracks', cookie);
      expect(page.status).toBe(200);
      const held = page.pageToken!;
      expect((await logout(cookie)).status).toBe(303);

      const again = await get('/collection/tracks', `${cookie}; ${held}`);
      expect(again.status).toBe(303);
      expect(again.location).toBe('/login?continue=%2Fcollection%2Ftracks');
      const refreshed = await get(PAGE_TOKEN_PATH, `${cookie}; ${held}`);
      expect(refreshed.status).toBe(200);
      const grant = JSON.parse(refreshed.text) as { accessToken: string; isAnonymous: boolean };
      expect(grant.isAnonymous).toBe(true);
      expect(grant.accessToken).not.toBe(held.split('=')[1]);
    });

    it('an expired page token is not reused: the token route gives the same login a new one', async () => {
      const cookie = await logInCookie(t.server.url(''), 'demo', 'demo');
      const held = (await get('/collection/tracks', cookie)).pageToken!;
      await expire(held.split('=')[1]!);
      const refreshed = await get(PAGE_TOKEN_PATH, `${cookie}; ${held}`);
      const grant = JSON.parse(refreshed.text) as { accessToken: string; isAnonymous: boolean };
      expect(grant.isAnonymous).toBe(false);
      expect(grant.accessToken).not.toBe(held.split('=')[1]);
      expect(refreshed.pageToken).toBe(`${PAGE_TOKEN_COOKIE}=${grant.accessToken}`);
    });

    it('a capture opens with its listener’s session cookie, and not with that cookie after the logout', async () => {
      const { cookie, token } = await sessionToken();
      const mine = (await t.request('POST', '/capture', { token, body: upload })).json() as CaptureLink;
      expect((await get(`/api/captures/${mine.id}`, cookie)).status).toBe(200);
      expect((await logout(cookie)).status).toBe(303);
      expect((await get(`/api/captures/${mine.id}`, cookie)).status).toBe(403);
      expect((await t.request('GET', `/api/captures/${mine.id}`, { token })).status).toBe(403);
    });

    it('another listener’s page token is not used for this login: the page is this listener’s', async () => {
      const demo = await logInCookie(t.server.url(''), 'demo', 'demo');
      const free = await logInCookie(t.server.url(''), 'free', 'free');
      const demoHeld = (await get('/collection/tracks', demo)).pageToken!;
      const refreshed = await get(PAGE_TOKEN_PATH, `${free}; ${demoHeld}`);
      const grant = JSON.parse(refreshed.text) as { accessToken: string; isAnonymous: boolean };
      expect(grant.accessToken).not.toBe(demoHeld.split('=')[1]);
      const me = (await t.request('GET', '/v1/me', { token: grant.accessToken })).json();
      expect(me.id).toBe(await t.accountId('free'));
    });
  });
});
