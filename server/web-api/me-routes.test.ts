import { ownerId } from '../catalogue/web-api-objects';
import { startTestServer, type TestServer } from '../test-server';
import { apiGet, apiSend, bearerToken, userToken } from './api-test-client';
import { demoCatalogue } from '../testing/demo-catalogue';

let server: TestServer;
let token: string;
let anonymous: string;
let me: { id: string };
beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  token = await userToken(server, 'demo', 'demo');
  anonymous = await bearerToken(server);
  me = (await apiGet(server, '/v1/me', token)).body;
});
afterAll(() => server.stop());

const get = (path: string) => apiGet(server, path, token);
const cat = demoCatalogue();
const playlist = cat.playlists[0]!;

describe('user endpoints need a logged-in user (spec 001 §6 bearer tokens)', () => {
  it.each(['/v1/me', '/v1/me/playlists', '/v1/me/tracks', '/v1/me/albums', '/v1/me/shows', '/v1/me/following?type=artist', '/v1/me/player/devices'])(
    '%s with an anonymous token answers 403 with the Web API error object',
    async (path) => {
      const answer = await apiGet(server, path, anonymous);
      expect(answer.status).toBe(403);
      expect(answer.body.error.status).toBe(403);
      expect(answer.body.error.message).toMatch(/user authentication/);
    },
  );

  it('/v1/me without a token answers 401 No token provided', async () => {
    expect((await apiGet(server, '/v1/me', null)).body).toEqual({ error: { status: 401, message: 'No token provided' } });
  });

  it('a write with an anonymous token answers 403', async () => {
    const answer = await apiSend(server, 'PUT', `/v1/me/tracks?ids=${cat.tracks[0]!.id}`, anonymous);
    expect(answer.status).toBe(403);
  });
});

describe('GET /me and /users/{id} (spec 001 §7: display_name, followers, id, images, uri)', () => {
  it('/me is the demo account with its country and product', async () => {
    const { status, body } = await get('/v1/me');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      display_name: 'Demo Listener',
      followers: { href: null, total: 0 },
      images: [],
      type: 'user',
      uri: `spotify:user:${body.id}`,
      href: server.url(`/v1/users/${body.id}`),
      country: 'SE',
      product: 'premium',
    });
    expect(body.id).toMatch(/^[0-9A-Za-z]{22}$/);
  });

  it('/users/{id} answers an account by its id, and a catalogue playlist owner', async () => {
    expect((await get(`/v1/users/${me.id}`)).body).toMatchObject({ id: me.id, display_name: 'Demo Listener', type: 'user' });
    const owner = ownerId(playlist.ownerDisplayName);
    expect((await get(`/v1/users/${owner}`)).body).toMatchObject({ id: owner, display_name: playlist.ownerDisplayName });
  });

  it('an unknown user answers 404 naming it', async () => {
    expect((await get('/v1/users/nobody')).body).toEqual({ error: { status: 404, message: "Non existing id: 'spotify:user:nobody'" } });
  });
});

describe('playlists of a user (spec 001 §7 GET /users/{id}/playlists, /me/playlists)', () => {
  it("a catalogue owner's playlists are the catalogue playlists with that owner", async () => {
    const owner = ownerId(playlist.ownerDisplayName);
    const { body } = await get(`/v1/users/${owner}/playlists`);
    const expected = cat.playlists.filter((p) => ownerId(p.ownerDisplayName) === owner).map((p) => p.id);
    expect(body.items.map((p: { id: string }) => p.id).sort()).toEqual(expected.sort());
    expect(body).toMatchObject({ limit: 20, offset: 0, total: expected.length, previous: null });
  });

  it('/me/playlists is empty for a new listener, a paging object', async () => {
    const free = await userToken(server, 'free', 'free');
    expect((await apiGet(server, '/v1/me/playlists', free)).body).toMatchObject({ items: [], total: 0, limit: 20, offset: 0, next: null });
  });

  it('an unknown user answers 404; a bad limit answers 400 naming limit', async () => {
    expect((await get('/v1/users/nobody/playlists')).status).toBe(404);
    const bad = await get('/v1/me/playlists?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('limit');
  });
});

describe('GET /me/following?type=artist (cursor paging as the public API)', () => {
  it('pages followed artists by id with cursors.after and next', async () => {
    const free = await userToken(server, 'free', 'free');
    const ids = cat.artists.map((a) => a.id);
    expect((await apiSend(server, 'PUT', `/v1/me/following?type=artist&ids=${ids.join(',')}`, free)).status).toBe(204);
    const first = (await apiGet(server, '/v1/me/following?type=artist&limit=1', free)).body.artists;
    const sorted = [...ids].sort();
    expect(first).toMatchObject({ limit: 1, total: ids.length, cursors: { after: sorted[0] } });
    expect(first.items.map((a: { id: string }) => a.id)).toEqual([sorted[0]]);
    const second = (await apiGet(server, first.next, free)).body.artists;
    expect(second.items.map((a: { id: string }) => a.id)).toEqual([sorted[1]]);
    const all = (await apiGet(server, '/v1/me/following?type=artist', free)).body.artists;
    expect(all).toMatchObject({ next: null, cursors: { after: null }, total: ids.length });
  });

  it('type is required and must be artist (400 naming type)', async () => {
    for (const path of ['/v1/me/following', '/v1/me/following?type=user']) {
      const answer = await get(path);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/^Invalid request parameter type: /);
    }
  });
});

describe('GET /me/player/devices', () => {
  it('answers an empty device list (no devices are registered with this provider yet)', async () => {
    expect((await get('/v1/me/player/devices')).body).toEqual({ devices: [] });
  });
});

describe('GET /views/{viewId} (spec 001 §9: content_limit 12, limit 10, types album, playlist, artist, show)', () => {
  it('home has a section per type in the default order, each with the catalogue items of that type', async () => {
    const { status, body } = await get('/v1/views/home?timestamp=2026-01-01T09:00:00&platform=web');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'home', type: 'view', country: 'SE', platform: 'web', timestamp: '2026-01-01T09:00:00' });
    expect(body.content).toMatchObject({ limit: 10, offset: 0, total: 4 });
    expect(body.content.items.map((s: { id: string }) => s.id)).toEqual(['home-albums', 'home-playlists', 'home-artists', 'home-shows']);
    const albums = body.content.items[0].content;
    expect(albums).toMatchObject({ limit: 12, total: cat.albums.length });
    expect(albums.items.map((a: { id: string }) => a.id).sort()).toEqual(cat.albums.map((a) => a.id).sort());
    const shows = body.content.items[3].content;
    expect(shows.items.map((s: { type: string }) => s.type)).toEqual(cat.shows.map(() => 'show'));
  });

  it('types and content_limit choose the sections and their sizes', async () => {
    const { body } = await get('/v1/views/home?types=artist&content_limit=1');
    expect(body.content.items).toHaveLength(1);
    expect(body.content.items[0].content.items).toHaveLength(1);
    expect(body.content.items[0].content.total).toBe(cat.artists.length);
  });

  it.each([
    ['platform=ios', 'platform'],
    ['content_limit=0', 'content_limit'],
    ['limit=51', 'limit'],
    ['types=album,track', 'types'],
    ['timestamp=yesterday', 'timestamp'],
  ])('%s answers 400 naming %s', async (query, name) => {
    const answer = await get(`/v1/views/home?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(new RegExp(`^Invalid request parameter ${name}: `));
  });

  it('an unknown view answers 404', async () => {
    expect((await get('/v1/views/nothing-here')).status).toBe(404);
  });
});
