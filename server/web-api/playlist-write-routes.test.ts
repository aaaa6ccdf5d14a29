import { startTestServer, type TestServer } from '../test-server';
import { apiGet, apiSend, bearerToken, userToken } from './api-test-client';
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
const [t1, t2, t3, t4] = cat.tracks.map((t) => t.id) as [string, string, string, string];
const uri = (id: string) => `spotify:track:${id}`;
const send = (method: string, path: string, body?: unknown, as = token) => apiSend(server, method, path, as, body);
const trackIdsOf = async (id: string) => (await apiGet(server, `/v1/playlists/${id}/tracks`, token)).body.items.map((i: any) => i.track.id);
async function newPlaylist(body: Record<string, unknown> = { name: 'Mine' }): Promise<any> {
  const answer = await send('POST', `/v1/users/${me.id}/playlists`, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('POST /users/{id}/playlists (spec 001 §7; §6 playlist creation makes the playlist public)', () => {
  it('creates a public playlist owned by the user, shown by GET /playlists/{id} and /me/playlists', async () => {
    const created = await newPlaylist({ name: 'Road trip' });
    expect(created).toMatchObject({
      type: 'playlist',
      name: 'Road trip',
      public: true,
      owner: { id: me.id, display_name: 'Demo Listener', type: 'user' },
      tracks: { total: 0, items: [] },
      followers: { total: 1 },
    });
    expect(created.id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect((await apiGet(server, `/v1/playlists/${created.id}`, token)).body).toMatchObject({ id: created.id, name: 'Road trip' });
    const mine = (await apiGet(server, '/v1/me/playlists?limit=50', token)).body.items.map((p: any) => p.id);
    expect(mine).toContain(created.id);
  });

  it("public=false makes a private playlist, left out of another user's view of the owner's list", async () => {
    const hidden = await newPlaylist({ name: 'Secret', public: false });
    expect(hidden.public).toBe(false);
    const seenByOther = (await apiGet(server, `/v1/users/${me.id}/playlists?limit=50`, other)).body.items.map((p: any) => p.id);
    const seenByMe = (await apiGet(server, `/v1/users/${me.id}/playlists?limit=50`, token)).body.items.map((p: any) => p.id);
    expect(seenByOther).not.toContain(hidden.id);
    expect(seenByMe).toContain(hidden.id);
  });

  it('creating for another user answers 403', async () => {
    const free = (await apiGet(server, '/v1/me', other)).body.id as string;
    expect((await send('POST', `/v1/users/${free}/playlists`, { name: 'x' })).status).toBe(403);
  });

  it.each([
    ['no name', {}, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name'],
    ['public "yes"', { name: 'ok', public: 'yes' }, 'public'],
  ])('%s answers 400 naming %s', async (_label, body, name) => {
    const answer = await send('POST', `/v1/users/${me.id}/playlists`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(new RegExp(`^Invalid request parameter ${name}: `));
  });
});

describe('PUT /playlists/{id} (name or public; only the owner)', () => {
  it('renames and unpublishes, and the snapshot id changes each time', async () => {
    const p = await newPlaylist();
    expect((await send('PUT', `/v1/playlists/${p.id}`, { name: 'Renamed' })).status).toBe(200);
    const renamed = (await apiGet(server, `/v1/playlists/${p.id}`, token)).body;
    expect(renamed.name).toBe('Renamed');
    expect(renamed.snapshot_id).not.toBe(p.snapshot_id);
    await send('PUT', `/v1/playlists/${p.id}`, { public: false });
    const unpublished = (await apiGet(server, `/v1/playlists/${p.id}?fields=public,snapshot_id`, token)).body;
    expect(unpublished.public).toBe(false);
    expect(unpublished.snapshot_id).not.toBe(renamed.snapshot_id);
  });

  it('another user answers 403, a catalogue playlist 403, an unknown id 404, an empty body 400', async () => {
    const p = await newPlaylist();
    expect((await send('PUT', `/v1/playlists/${p.id}`, { name: 'Theirs' }, other)).status).toBe(403);
    expect((await send('PUT', `/v1/playlists/${cat.playlists[0]!.id}`, { name: 'Mine now' })).status).toBe(403);
    const unknown = await send('PUT', '/v1/playlists/0000000000000000000000', { name: 'x' });
    expect(unknown.body).toEqual({ error: { status: 404, message: "Non existing id: 'spotify:playlist:0000000000000000000000'" } });
    expect((await send('PUT', `/v1/playlists/${p.id}`, {})).status).toBe(400);
  });
});

describe('playlist tracks: add (POST), remove (DELETE), move (PUT) answer snapshot_id', () => {
  it('adds at the end and at a position; each change answers a new snapshot id', async () => {
    const p = await newPlaylist();
    const first = await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [uri(t1), uri(t2)] });
    expect(first.status).toBe(201);
    expect(first.body.snapshot_id).toEqual(expect.any(String));
    const second = await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [uri(t3)], position: 1 });
    expect(second.body.snapshot_id).not.toBe(first.body.snapshot_id);
    expect(await trackIdsOf(p.id)).toEqual([t1, t3, t2]);
  });

  it('removes by uri everywhere, or only at the given positions', async () => {
    const p = await newPlaylist();
    await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [uri(t1), uri(t2), uri(t1), uri(t3), uri(t1)] });
    const removed = await send('DELETE', `/v1/playlists/${p.id}/tracks`, { tracks: [{ uri: uri(t1), positions: [2] }] });
    expect(removed.status).toBe(200);
    expect(await trackIdsOf(p.id)).toEqual([t1, t2, t3, t1]);
    await send('DELETE', `/v1/playlists/${p.id}/tracks`, { tracks: [{ uri: uri(t1) }] });
    expect(await trackIdsOf(p.id)).toEqual([t2, t3]);
    const wrong = await send('DELETE', `/v1/playlists/${p.id}/tracks`, { tracks: [{ uri: uri(t2), positions: [1] }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^Invalid request parameter tracks: /);
  });

  it('moves a range before another item (range_start, range_length, insert_before)', async () => {
    const p = await newPlaylist();
    await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [t1, t2, t3, t4].map(uri) });
    const moved = await send('PUT', `/v1/playlists/${p.id}/tracks`, { range_start: 2, range_length: 2, insert_before: 0 });
    expect(moved.status).toBe(200);
    expect(await trackIdsOf(p.id)).toEqual([t3, t4, t1, t2]);
    await send('PUT', `/v1/playlists/${p.id}/tracks`, { range_start: 0, insert_before: 4 });
    expect(await trackIdsOf(p.id)).toEqual([t4, t1, t2, t3]);
  });

  it.each([
    ['POST', { uris: ['spotify:episode:abc'] }, 'uris'],
    ['POST', { uris: [] }, 'uris'],
    ['POST', { uris: ['spotify:track:abc'], position: -1 }, 'position'],
    ['POST', { uris: ['spotify:track:abc'], position: 'end' }, 'position'],
    ['DELETE', { tracks: 'all' }, 'tracks'],
    ['PUT', { range_start: 0 }, 'insert_before'],
    ['PUT', { range_start: 9, insert_before: 0 }, 'range_start'],
    ['PUT', { range_start: 0, range_length: 9, insert_before: 0 }, 'range_length'],
  ])('%s %j answers 400 naming %s', async (method, body, name) => {
    const p = await newPlaylist();
    await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [uri(t1)] });
    const answer = await send(method, `/v1/playlists/${p.id}/tracks`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(new RegExp(`^Invalid request parameter ${name}: `));
  });

  it('a position past the end answers 400, an unknown track 404, another user 403', async () => {
    const p = await newPlaylist();
    expect((await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [uri(t1)], position: 1 })).status).toBe(400);
    const unknown = await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: ['spotify:track:0000000000000000000000'] });
    expect(unknown.status).toBe(404);
    expect((await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [uri(t1)] }, other)).status).toBe(403);
    expect(await trackIdsOf(p.id)).toEqual([]);
  });
});

describe('playlist followers (spec 001 §7; §6 the follow is sent non-public)', () => {
  it('PUT follows (public=false), contains answers per user id, DELETE unfollows', async () => {
    const p = await newPlaylist();
    const free = (await apiGet(server, '/v1/me', other)).body.id as string;
    const contains = async () => (await apiGet(server, `/v1/playlists/${p.id}/followers/contains?ids=${me.id},${free}`, token)).body;
    expect(await contains()).toEqual([true, false]);
    expect((await send('PUT', `/v1/playlists/${p.id}/followers`, { public: false }, other)).status).toBe(200);
    expect(await contains()).toEqual([true, true]);
    expect((await apiGet(server, '/v1/me/playlists', other)).body.items.map((x: any) => x.id)).toContain(p.id);
    // A non-public follow is not shown to others.
    expect((await apiGet(server, `/v1/users/${free}/playlists`, token)).body.items.map((x: any) => x.id)).not.toContain(p.id);
    expect((await apiGet(server, `/v1/playlists/${p.id}`, token)).body.followers.total).toBe(2);
    expect((await send('DELETE', `/v1/playlists/${p.id}/followers`, undefined, other)).status).toBe(200);
    expect(await contains()).toEqual([true, false]);
  });

  it('a catalogue playlist can be followed; unknown playlists 404; more than 5 ids 400', async () => {
    const catalogued = cat.playlists[0]!.id;
    await send('PUT', `/v1/playlists/${catalogued}/followers`, { public: false }, other);
    expect((await apiGet(server, '/v1/me/playlists', other)).body.items.map((x: any) => x.id)).toContain(catalogued);
    expect((await send('PUT', '/v1/playlists/0000000000000000000000/followers', {})).status).toBe(404);
    const six = (await apiGet(server, `/v1/playlists/${catalogued}/followers/contains?ids=a,b,c,d,e,f`, token)).body;
    expect(six.error.message).toMatch(/^Invalid request parameter ids: /);
  });

  it('anonymous tokens may check followers but not follow', async () => {
    const anonymous = await bearerToken(server);
    const p = cat.playlists[0]!.id;
    expect((await apiGet(server, `/v1/playlists/${p}/followers/contains?ids=${me.id}`, anonymous)).status).toBe(200);
    expect((await send('PUT', `/v1/playlists/${p}/followers`, {}, anonymous)).status).toBe(403);
  });
});

describe('persistence and the embed page', () => {
  it('a made playlist, its tracks and follows survive a server restart on the same DATA_DIR, and show on the embed page', async () => {
    const p = await newPlaylist({ name: 'Kept across restarts' });
    await send('POST', `/v1/playlists/${p.id}/tracks`, { uris: [uri(t2), uri(t1)] });
    const before = (await apiGet(server, `/v1/playlists/${p.id}`, token)).body;
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    server = await startTestServer(dataDir, { country: 'SE' });
    const after = (await apiGet(server, `/v1/playlists/${p.id}`, token)).body;
    expect(after).toMatchObject({ name: 'Kept across restarts', snapshot_id: before.snapshot_id, owner: { id: me.id } });
    expect(after.tracks.items.map((i: any) => i.track.id)).toEqual([t2, t1]);
    expect((await apiGet(server, '/v1/me/playlists?limit=50', token)).body.items.map((x: any) => x.id)).toContain(p.id);

    const embed = await fetch(server.url(`/embed/playlist/${p.id}`));
    expect(embed.status).toBe(200);
    const html = await embed.text();
    expect(html).toContain('Kept across restarts');
    expect(html).toContain(cat.tracks.find((t) => t.id === t2)!.name);
  });
});
