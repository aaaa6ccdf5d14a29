import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { logInCookie } from '../accounts/login-client';
import { createContextTracks } from '../playback/context-tracks';

const catalogue = demoCatalogue();
const track = catalogue.tracks[0]!;
const other = catalogue.tracks[1]!;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = async (path: string, cookie?: string) => {
  const response = await fetch(server.url(path), { redirect: 'manual', headers: cookie === undefined ? {} : { cookie } });
  return { status: response.status, location: response.headers.get('location'), cache: response.headers.get('cache-control'), html: await response.text() };
};

/** Saves a track for the account of `cookie` through the Web API, as the page's client does. */
async function save(cookie: string, id: string): Promise<void> {
  const grant = (await (await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } })).json()) as {
    accessToken: string;
  };
  const answer = await fetch(server.url(`/v1/me/tracks?ids=${id}`), { method: 'PUT', headers: { authorization: `Bearer ${grant.accessToken}` } });
  expect(answer.ok).toBe(true);
}

/** The account id of the listener of `cookie` (/v1/me). */
async function userId(cookie: string): Promise<string> {
  const grant = (await (await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } })).json()) as {
    accessToken: string;
  };
  const me = (await (await fetch(server.url('/v1/me'), { headers: { authorization: `Bearer ${grant.accessToken}` } })).json()) as { id: string };
  return me.id;
}

describe('web player pages (issue 17, spec 001 §2 paths)', () => {
  it('/collection/tracks: an anonymous visitor is sent to the log-in page and back, shown no library', async () => {
    const page = await get('/collection/tracks');
    expect(page.status).toBe(303);
    expect(page.location).toBe('/login?continue=%2Fcollection%2Ftracks');
    expect(page.html).not.toContain(track.name);
  });

  it("/collection/tracks shows the logged-in listener's own saved tracks, server-rendered, never another's", async () => {
    const demo = await logInCookie(server.url(''), 'demo', 'demo');
    const free = await logInCookie(server.url(''), 'free', 'free');
    await save(demo, track.id);
    await save(free, other.id);
    const page = await get('/collection/tracks', demo);
    expect(page.status).toBe(200);
    expect(page.cache).toBe('no-store');
    expect(page.html).toContain(`<a href="/track/${track.id}">`);
    expect(page.html).not.toContain(`<a href="/track/${other.id}">`);
    expect(page.html).toContain('<script type="module" src="/widget/webplayer.js"></script>');
    const theirs = await get('/collection/tracks', free);
    expect(theirs.html).toContain(`<a href="/track/${other.id}">`);
    expect(theirs.html).not.toContain(`<a href="/track/${track.id}">`);
  });

  it('/search/{query} and /songs list matching tracks for anyone; the search form lands on the path', async () => {
    for (const path of [`/search/${encodeURIComponent(track.name)}`, `/search/${encodeURIComponent(track.name)}/songs`]) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<a href="/track/${track.id}">`);
      // Anonymous: the log-in link is offered in the page's navigation, the save buttons are there (they offer it too).
      expect(page.html).toContain('href="/login?continue=');
      // No token in an anonymous page: the request layer has nothing to save with.
      expect(page.html).toContain('"session":null');
    }
    const form = await get(`/search?q=${encodeURIComponent(track.name)}`);
    expect(form.status).toBe(303);
    expect(form.location).toBe(`/search/${encodeURIComponent(track.name)}`);
  });
});

describe("the listener's collection as a playable context (issue 17: /collection/tracks plays that list)", () => {
  it('spotify:user:{id}:collection plays its owner their saved tracks, newest first, and is not found for anyone else', async () => {
    const demo = await logInCookie(server.url(''), 'demo', 'demo');
    await save(demo, track.id);
    await save(demo, other.id);
    const demoId = await userId(demo);
    const freeId = await userId(await logInCookie(server.url(''), 'free', 'free'));
    const contextTracks = createContextTracks(server.app.database.kysely);
    const context = `spotify:user:${demoId}:collection`;
    const owned = await contextTracks(context, demoId);
    expect(owned?.slice(0, 2).map((t) => t.uri)).toEqual([`spotify:track:${other.id}`, `spotify:track:${track.id}`]);
    expect(owned?.[0]?.files.length).toBeGreaterThan(0);
    expect(await contextTracks(context, freeId)).toBeNull();
    expect(await contextTracks(context, null)).toBeNull();
  });
});
