// The station page, /station/{track|artist|album|playlist}/{id} (issue 17 radio; ours: spec 001 §2 names no
// station path), as a route of its own: who may open it (anyone; a listener sees their own bans applied, no
// one else's), an unknown seed, a type or id that is not one, and a listener's page token that was revoked or
// expired (the page falls back to what the request's session may have). On both databases.
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { logInCookie } from '../accounts/login-client';
import { PAGE_DATA_ID, type WebPlayerPageData } from '../../ui/webplayer/page-data';
import { PAGE_TOKEN_COOKIE } from './page-token';

const catalogue = demoCatalogue();
const seed = catalogue.tracks[0]!;
const stationUri = `spotify:station:track:${seed.id}`;
const path = `/station/track/${seed.id}`;

describe.each(DIALECTS)('the station page (issue 17 radio) on %s', (dialect) => {
  const database = useDialect(dialect);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { databaseUrl: await database.databaseUrl() });
  }, 60_000);
  afterAll(() => server.stop());

  const get = async (url: string, cookie?: string) => {
    const response = await fetch(server.url(url), { redirect: 'manual', headers: cookie === undefined ? {} : { cookie } });
    const html = await response.text();
    const json = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html)?.[1];
    const pageToken = response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${PAGE_TOKEN_COOKIE}=`))
      ?.split(';')[0];
    return {
      status: response.status,
      cache: response.headers.get('cache-control'),
      html,
      pageToken,
      data: json === undefined ? null : (JSON.parse(json) as WebPlayerPageData),
    };
  };

  /** The station's rows' track ids, in the order the page lists them. */
  const rowIds = (data: WebPlayerPageData | null): string[] =>
    (data?.state.page.sections ?? []).flatMap((s) => (s.kind === 'tracks' ? s.rows.map((r) => r.id) : []));

  async function tokenOf(cookie: string): Promise<string> {
    const response = await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } });
    return ((await response.json()) as { accessToken: string }).accessToken;
  }

  const ban = async (token: string, trackId: string) =>
    fetch(server.url(`/radio-apollo/v3/mixes/ban/song/${encodeURIComponent(stationUri)}/${encodeURIComponent(`spotify:track:${trackId}`)}`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });

  it('an anonymous visitor gets the station: its name, its tracks playing in the station, no session and no library; never cached', async () => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.cache).toBe('no-store');
    const state = page.data!.state;
    expect(state.page.header?.name).toBe(`${seed.name} Radio`);
    expect(state.page.header?.uri).toBe(stationUri);
    expect(state.loggedIn).toBe(false);
    expect(page.data!.session).toBeNull();
    expect(state.library).toEqual({});
    const list = state.page.sections[0]!;
    expect(list.kind === 'tracks' && list.contextUri).toBe(stationUri);
    expect(rowIds(page.data).length).toBeGreaterThan(1);
    // A track seed plays first (server/other-services/radio.ts).
    expect(rowIds(page.data)[0]).toBe(seed.id);
  });

  it('a listener sees the station without the songs they banned; another listener and an anonymous visitor still get them', async () => {
    const demo = await logInCookie(server.url(''), 'demo', 'demo');
    const free = await logInCookie(server.url(''), 'free', 'free');
    const before = rowIds((await get(path, demo)).data);
    const banned = before[1]!;
    expect((await ban(await tokenOf(demo), banned)).status).toBe(204);

    const mine = await get(path, demo);
    expect(mine.status).toBe(200);
    expect(mine.data!.state.loggedIn).toBe(true);
    expect(rowIds(mine.data)).not.toContain(banned);
    expect(Object.keys(mine.data!.state.library).length).toBeGreaterThan(0);

    expect(rowIds((await get(path, free)).data)).toContain(banned);
    expect(rowIds((await get(path)).data)).toContain(banned);
  });

  it('an unknown seed is 404, "This station could not be found"', async () => {
    for (const type of ['track', 'artist', 'album', 'playlist']) {
      const page = await get(`/station/${type}/0000000000000000000000`);
      expect({ type, status: page.status }).toEqual({ type, status: 404 });
      expect(page.html).toContain('This station could not be found');
      expect(page.data).toBeNull();
    }
  });

  it('a type that is not a station seed, or an id that is not one, is 400 "Invalid link"', async () => {
    for (const bad of [
      `/station/show/${seed.id}`,
      `/station/episode/${seed.id}`,
      `/station/TRACK/${seed.id}`,
      '/station/track/not-an-id!',
      `/station/track/${'a'.repeat(23)}`,
    ]) {
      const page = await get(bad);
      expect({ bad, status: page.status }).toEqual({ bad, status: 400 });
      expect(page.html).toContain('Invalid link');
      expect(page.data).toBeNull();
    }
  });

  it("a listener's page token after their logout (revoked) is not used: the page is an anonymous visitor's, without their bans", async () => {
    const cookie = await logInCookie(server.url(''), 'demo', 'demo');
    const first = await get(path, cookie);
    expect(first.data!.state.loggedIn).toBe(true);
    const banned = rowIds(first.data)[2]!;
    expect((await ban(await tokenOf(cookie), banned)).status).toBe(204);
    expect(first.pageToken).toBeDefined();
    const logout = await fetch(server.url('/logout'), { headers: { cookie, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    expect(logout.status).toBe(303);

    // The browser still sends the page token (and the ended session's cookie).
    const after = await get(path, `${cookie}; ${first.pageToken!}`);
    expect(after.status).toBe(200);
    expect(after.data!.state.loggedIn).toBe(false);
    expect(after.data!.session).toBeNull();
    expect(rowIds(after.data)).toContain(banned);
    expect(after.html).not.toContain(first.pageToken!.split('=')[1]!);
  });

  it("a listener's expired page token is not used: a new one of the same login serves the page", async () => {
    const cookie = await logInCookie(server.url(''), 'demo', 'demo');
    const first = await get(path, cookie);
    const held = first.pageToken!.split('=')[1]!;
    await server.app.database.kysely
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() - 1000 })
      .where('token', '=', held)
      .execute();
    const after = await get(path, `${cookie}; ${first.pageToken!}`);
    expect(after.status).toBe(200);
    expect(after.data!.state.loggedIn).toBe(true);
    expect(after.data!.session?.accessToken).not.toBe(held);
    expect(after.pageToken).toBeDefined();
    expect(after.pageToken).not.toBe(first.pageToken);
  });
});
