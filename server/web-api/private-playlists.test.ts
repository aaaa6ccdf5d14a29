import { startTestServer, type TestServer } from '../test-server';
import { createContextTracks } from '../playback/context-tracks';
import { demoCatalogue } from '../testing/demo-catalogue';
import { apiGet, apiSend, bearerToken, sessionCookie, userToken } from './api-test-client';

/*
 * Issue 12: a listener's playlist that is not public is private to its owner. Anyone else (another
 * user, an anonymous visitor) gets the answer of an unknown id on every route that reads playlists,
 * and cannot follow it; the owner sees it everywhere. Catalogue playlists stay public.
 */

let server: TestServer;
let owner: string;
let other: string;
let anonymous: string;
let ownerCookie: string;
let otherCookie: string;
let ownerId: string;
let secret: string;
let open: string;
const cat = demoCatalogue();
const track = cat.tracks[0]!.id;
const cataloguePlaylist = cat.playlists[0]!.id;
// A word only the private playlist's name holds, so search finds it by name.
const SECRET_NAME = 'Zanzibarquux diary';

beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  owner = await userToken(server, 'demo', 'demo');
  other = await userToken(server, 'free', 'free');
  anonymous = await bearerToken(server);
  ownerCookie = await sessionCookie(server, 'demo', 'demo');
  otherCookie = await sessionCookie(server, 'free', 'free');
  ownerId = (await apiGet(server, '/v1/me', owner)).body.id;
  const make = async (name: string, isPublic: boolean) => {
    const made = await apiSend(server, 'POST', `/v1/users/${ownerId}/playlists`, owner, { name, public: isPublic });
    expect(made.status).toBe(201);
    expect((await apiSend(server, 'POST', `/v1/playlists/${made.body.id}/tracks`, owner, { uris: [`spotify:track:${track}`] })).status).toBe(201);
    return made.body.id as string;
  };
  secret = await make(SECRET_NAME, false);
  open = await make('Zanzibarquux open', true);
});
afterAll(() => server.stop());

const unknownId = 'A'.repeat(22);
const page = (path: string, cookie: string | null) => fetch(server.url(path), { headers: cookie === null ? {} : { cookie } });

describe("the Web API answers another user's private playlist as an unknown id (404)", () => {
  it.each([
    ['GET /v1/playlists/{id}', (id: string) => `/v1/playlists/${id}`],
    ['GET /v1/playlists/{id}/tracks', (id: string) => `/v1/playlists/${id}/tracks`],
    ['GET /v1/playlists/{id}/followers/contains', (id: string) => `/v1/playlists/${id}/followers/contains?ids=${ownerId}`],
  ])("%s: owner 200; another user and an anonymous token 404 with the unknown id's message", async (_name, path) => {
    expect((await apiGet(server, path(secret), owner)).status).toBe(200);
    const unknown = await apiGet(server, path(unknownId), other);
    expect(unknown.status).toBe(404);
    for (const token of [other, anonymous]) {
      const answer = await apiGet(server, path(secret), token);
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(unknown.body.error.message.replace(unknownId, secret));
    }
  });

  it('a public playlist and a catalogue playlist stay readable by anyone', async () => {
    for (const token of [owner, other, anonymous]) {
      expect((await apiGet(server, `/v1/playlists/${open}`, token)).status).toBe(200);
      expect((await apiGet(server, `/v1/playlists/${cataloguePlaylist}`, token)).status).toBe(200);
    }
  });

  it('GET /v1/search finds it for its owner only', async () => {
    const found = async (token: string) =>
      (await apiGet(server, '/v1/search?q=zanzibarquux&type=playlist&limit=50', token)).body.playlists.items.map((p: any) => p.id);
    expect(await found(owner)).toEqual(expect.arrayContaining([secret, open]));
    for (const token of [other, anonymous]) {
      const ids = await found(token);
      expect(ids).toContain(open);
      expect(ids).not.toContain(secret);
      expect(ids).not.toContain(null);
    }
    const total = (await apiGet(server, '/v1/search?q=zanzibarquux&type=playlist', other)).body.playlists.total;
    expect(total).toBe(1);
  });

  it('another user cannot follow it (404) and it never enters their list; the owner still follows', async () => {
    const follow = await apiSend(server, 'PUT', `/v1/playlists/${secret}/followers`, other, {});
    expect(follow.status).toBe(404);
    expect(follow.body.error.message).toBe(`Non existing id: 'spotify:playlist:${secret}'`);
    const otherList = (await apiGet(server, '/v1/me/playlists?limit=50', other)).body.items.map((p: any) => p.id);
    expect(otherList).not.toContain(secret);
    expect((await apiSend(server, 'PUT', `/v1/playlists/${open}/followers`, other, {})).status).toBe(200);
  });

  it('another user cannot learn it exists through a write (404, not 403)', async () => {
    expect((await apiSend(server, 'PUT', `/v1/playlists/${secret}`, other, { name: 'x' })).status).toBe(404);
    expect((await apiSend(server, 'POST', `/v1/playlists/${secret}/tracks`, other, { uris: [`spotify:track:${track}`] })).status).toBe(404);
    // A public playlist of someone else is still refused as not theirs.
    expect((await apiSend(server, 'PUT', `/v1/playlists/${open}`, other, { name: 'x' })).status).toBe(403);
  });

  it('a follower of a playlist made private since no longer sees it, and may still leave it', async () => {
    const later = (await apiSend(server, 'POST', `/v1/users/${ownerId}/playlists`, owner, { name: 'Soon private' })).body.id as string;
    expect((await apiSend(server, 'PUT', `/v1/playlists/${later}/followers`, other, {})).status).toBe(200);
    expect((await apiSend(server, 'PUT', `/v1/playlists/${later}`, owner, { public: false })).status).toBe(200);
    expect((await apiGet(server, `/v1/playlists/${later}`, other)).status).toBe(404);
    const otherList = (await apiGet(server, '/v1/me/playlists?limit=50', other)).body.items;
    expect(otherList.map((p: any) => p?.id)).not.toContain(later);
    expect(otherList).not.toContain(null);
    expect((await apiSend(server, 'DELETE', `/v1/playlists/${later}/followers`, other)).status).toBe(200);
  });
});

describe("the embed and open pages answer another visitor's private playlist as an unknown id (404)", () => {
  it.each([
    ['/embed/playlist/{id}', (id: string) => `/embed/playlist/${id}`],
    ['/playlist/{id}', (id: string) => `/playlist/${id}`],
  ])("%s: the owner's session 200; another user's and no session 404, the same page as an unknown id", async (_name, path) => {
    const mine = await page(path(secret), ownerCookie);
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain(SECRET_NAME);
    const unknown = await (await page(path(unknownId), null)).text();
    for (const cookie of [otherCookie, null]) {
      const answer = await page(path(secret), cookie);
      expect(answer.status).toBe(404);
      const text = await answer.text();
      expect(text).not.toContain(SECRET_NAME);
      expect(text).toBe(unknown);
    }
    expect((await page(path(open), null)).status).toBe(200);
  });

  it('the demo index does not list it', async () => {
    const index = await (await page('/', null)).text();
    expect(index).not.toContain(secret);
  });
});

describe('a private playlist is not a playable context for anyone else (player command play)', () => {
  it('its tracks for the owner; null (Context not found) for another account and for no account', async () => {
    const contextTracks = createContextTracks(server.app.database.kysely);
    expect((await contextTracks(`spotify:playlist:${secret}`, ownerId))?.map((t) => t.uri)).toEqual([`spotify:track:${track}`]);
    expect(await contextTracks(`spotify:playlist:${secret}`, 'someone-else')).toBeNull();
    expect(await contextTracks(`spotify:playlist:${secret}`, null)).toBeNull();
    expect(await contextTracks(`spotify:playlist:${open}`, null)).not.toBeNull();
    expect(await contextTracks(`spotify:playlist:${cataloguePlaylist}`, null)).not.toBeNull();
  });
});
