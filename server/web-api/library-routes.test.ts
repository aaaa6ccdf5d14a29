import { startTestServer, type TestServer } from '../test-server';
import { apiGet, apiSend, userToken } from './api-test-client';
import { demoCatalogue } from '../testing/demo-catalogue';

let server: TestServer;
let token: string;
let other: string;
let me: { id: string };
beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  token = await userToken(server, 'demo', 'demo');
  other = await userToken(server, 'free', 'free');
  me = (await apiGet(server, '/v1/me', token)).body;
});
afterAll(() => server.stop());

const cat = demoCatalogue();
const send = (method: string, path: string, as = token) => apiSend(server, method, path, as);
const get = (path: string, as = token) => apiGet(server, path, as);
const UNKNOWN = '0000000000000000000000';

const kinds = [
  { path: '/v1/me/tracks', key: 'track', ids: cat.tracks.slice(0, 3).map((t) => t.id), max: 50 },
  { path: '/v1/me/albums', key: 'album', ids: cat.albums.map((a) => a.id), max: 20 },
  { path: '/v1/me/shows', key: 'show', ids: cat.shows.map((s) => s.id), max: 50 },
];

describe.each(kinds)('$path: save (PUT), remove (DELETE), contains and the saved list (spec 001 §7)', ({ path, key, ids, max }) => {
  it('saved items list newest first with added_at, paged; contains answers per id; DELETE removes', async () => {
    const [a, b] = ids as [string, string | undefined];
    expect((await send('PUT', `${path}?ids=${a}`)).status).toBe(200);
    if (b !== undefined) await send('PUT', `${path}?ids=${b}`);
    const list = (await get(`${path}?limit=1`)).body;
    const expected = b === undefined ? [a] : [b, a];
    expect(list).toMatchObject({ total: expected.length, limit: 1, offset: 0, previous: null });
    expect(list.items[0][key].id).toBe(expected[0]);
    expect(list.items[0].added_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    if (b !== undefined) expect((await get(list.next)).body.items[0][key].id).toBe(a);
    expect((await get(`${path}/contains?ids=${a},${UNKNOWN}`)).body).toEqual([true, false]);
    expect((await get(`${path}/contains?ids=${a}`, other)).body).toEqual([false]);
    await send('DELETE', `${path}?ids=${ids.join(',')}`);
    expect((await get(`${path}/contains?ids=${a}`)).body).toEqual([false]);
    expect((await get(path)).body.total).toBe(0);
  });

  it('an unknown id answers 404 and saves nothing', async () => {
    const answer = await send('PUT', `${path}?ids=${ids[0]},${UNKNOWN}`);
    expect(answer.body).toEqual({ error: { status: 404, message: `Non existing id: 'spotify:${key}:${UNKNOWN}'` } });
    expect((await get(`${path}/contains?ids=${ids[0]}`)).body).toEqual([false]);
  });

  it(`ids missing, malformed or more than ${max} answer 400 naming ids`, async () => {
    const tooMany = Array.from({ length: max + 1 }, (_, i) => `id${i}`).join(',');
    for (const query of ['', '?ids=', '?ids=not-base62', `?ids=${tooMany}`]) {
      const answer = await send('PUT', `${path}${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/^Invalid request parameter ids: /);
    }
  });
});

describe('/me/following?type=artist: follow (PUT), unfollow (DELETE), contains', () => {
  const artist = cat.artists[0]!.id;
  it('follows and unfollows, answering 204', async () => {
    expect((await send('PUT', `/v1/me/following?type=artist&ids=${artist}`)).status).toBe(204);
    expect((await get(`/v1/me/following/contains?type=artist&ids=${artist},${UNKNOWN}`)).body).toEqual([true, false]);
    expect((await send('DELETE', `/v1/me/following?type=artist&ids=${artist}`)).status).toBe(204);
    expect((await get(`/v1/me/following/contains?type=artist&ids=${artist}`)).body).toEqual([false]);
  });

  it('type other than artist answers 400 naming type; an unknown artist 404', async () => {
    expect((await send('PUT', `/v1/me/following?type=user&ids=${artist}`)).body.error.message).toMatch(/^Invalid request parameter type: /);
    expect((await send('PUT', `/v1/me/following?type=artist&ids=${UNKNOWN}`)).status).toBe(404);
  });
});

describe('collection service (spec 001 §7: /collection/{tracks|albums}/{userId}?base62ids&model=bookmark)', () => {
  const track = cat.tracks[0]!.id;
  const album = cat.albums[0]!.id;
  it.each([
    ['tracks', track, '/v1/me/tracks'],
    ['albums', album, '/v1/me/albums'],
  ])('PUT and DELETE /collection/%s answer 204; contains answers items[0].found; the same library as /v1/me', async (segment, id, mePath) => {
    const base = `/collection/${segment}/${me.id}`;
    expect((await send('PUT', `${base}?base62ids=${id}&model=bookmark`)).status).toBe(204);
    expect((await get(`${base}/contains?base62ids=${id}`)).body).toEqual({ items: [{ found: true }] });
    expect((await get(`${mePath}/contains?ids=${id}`)).body).toEqual([true]);
    expect((await send('DELETE', `${base}?base62ids=${id}&model=bookmark`)).status).toBe(204);
    expect((await get(`${base}/contains?base62ids=${id}`)).body).toEqual({ items: [{ found: false }] });
  });

  it("another user's collection answers 403; bad parameters 400 naming them; unknown ids 404; no token 401", async () => {
    expect((await send('PUT', `/collection/tracks/${me.id}?base62ids=${track}`, other)).status).toBe(403);
    const model = await send('PUT', `/collection/tracks/${me.id}?base62ids=${track}&model=heart`);
    expect(model.body.error.message).toMatch(/^Invalid request parameter model: /);
    const ids = await send('PUT', `/collection/albums/${me.id}`);
    expect(ids.body).toMatchObject({ error: { status: 400 } });
    expect(ids.body.error.message).toMatch(/^Invalid request parameter base62ids: /);
    expect((await send('PUT', `/collection/albums/${me.id}?base62ids=${UNKNOWN}`)).status).toBe(404);
    expect((await apiSend(server, 'PUT', `/collection/tracks/${me.id}?base62ids=${track}`, null)).body).toEqual({
      error: { status: 401, message: 'No token provided' },
    });
  });
});

describe('persistence', () => {
  it('saved items and follows survive a server restart on the same DATA_DIR', async () => {
    await send('PUT', `/v1/me/shows?ids=${cat.shows[0]!.id}`);
    await send('PUT', `/v1/me/following?type=artist&ids=${cat.artists[0]!.id}`);
    await send('PUT', `/collection/albums/${me.id}?base62ids=${cat.albums[0]!.id}`);
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    server = await startTestServer(dataDir, { country: 'SE' });
    expect((await get(`/v1/me/shows/contains?ids=${cat.shows[0]!.id}`)).body).toEqual([true]);
    expect((await get(`/v1/me/following/contains?type=artist&ids=${cat.artists[0]!.id}`)).body).toEqual([true]);
    expect((await get(`/collection/albums/${me.id}/contains?base62ids=${cat.albums[0]!.id}`)).body).toEqual({ items: [{ found: true }] });
  });
});
