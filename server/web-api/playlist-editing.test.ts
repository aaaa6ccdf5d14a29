import { startTestServer, type TestServer } from '../test-server';
import { DIALECTS, useDialect } from '../testing/dialects';
import { demoCatalogue } from '../testing/demo-catalogue';
import { apiGet, apiSend, userToken } from './api-test-client';

/*
 * Issue 17, the web player's playlist editing (spec 001 §7 Catalogue API playlist writes, §6
 * "Playlist creation makes the playlist public"), on both databases: every write the web player
 * sends (core/webplayer/playlist-editing.ts) changes the snapshot_id, the embed of a public
 * playlist shows its new order, and nobody but the owner can change it (403 on a playlist they
 * can see, 404 on a private one they cannot).
 */

const cat = demoCatalogue();
const [t1, t2, t3] = cat.tracks.slice(0, 3) as [(typeof cat.tracks)[number], (typeof cat.tracks)[number], (typeof cat.tracks)[number]];
const uri = (id: string) => `spotify:track:${id}`;

/** The order the embed page lists `names` in (each name's first place in the HTML), or null when one is missing. */
function orderIn(html: string, names: readonly string[]): string[] | null {
  const at = names.map((name) => ({ name, i: html.indexOf(`>${name}<`) }));
  if (at.some((x) => x.i < 0)) return null;
  return [...at].sort((a, b) => a.i - b.i).map((x) => x.name);
}

describe.each(DIALECTS)('playlist editing on %s (issue 17)', (dialect) => {
  const stores = useDialect(dialect);
  let server: TestServer;
  let demo: string;
  let free: string;
  let me: string;

  beforeAll(async () => {
    server = await startTestServer(undefined, { country: 'SE', databaseUrl: await stores.databaseUrl() });
    demo = await userToken(server, 'demo', 'demo');
    free = await userToken(server, 'free', 'free');
    me = (await apiGet(server, '/v1/me', demo)).body.id as string;
  }, 60000);
  afterAll(() => server?.stop());

  const send = (method: string, path: string, body?: unknown, token = demo) => apiSend(server, method, path, token, body);
  const snapshotOf = async (id: string) => (await apiGet(server, `/v1/playlists/${id}?fields=snapshot_id`, demo)).body.snapshot_id as string;
  const trackIds = async (id: string) => (await apiGet(server, `/v1/playlists/${id}/tracks`, demo)).body.items.map((i: any) => i.track.id as string);
  const embed = async (id: string) => {
    const answer = await fetch(server.url(`/embed/playlist/${id}`));
    return { status: answer.status, html: await answer.text() };
  };

  it('create (public by spec 001 §6), make private, add three, move one, remove one, rename, make public: each write a new snapshot_id; the embed then shows the new order', async () => {
    const created = await send('POST', `/v1/users/${me}/playlists`, { name: 'Web player list', public: true });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body.public).toBe(true);
    const snapshots = [created.body.snapshot_id as string];
    const step = async (method: string, path: string, body: unknown, status = 200) => {
      const answer = await send(method, path, body);
      expect(answer.status).toBe(status);
      snapshots.push(await snapshotOf(id));
      return answer;
    };

    await step('PUT', `/v1/playlists/${id}`, { public: false });
    // A private playlist's embed is nobody's but its owner's (issue 12): an anonymous visitor gets 404.
    expect((await embed(id)).status).toBe(404);

    const added = await step('POST', `/v1/playlists/${id}/tracks`, { uris: [uri(t1.id), uri(t2.id)] }, 201);
    expect(added.body.snapshot_id).toBe(snapshots[snapshots.length - 1]);
    await step('POST', `/v1/playlists/${id}/tracks`, { uris: [uri(t3.id)], position: 0 }, 201);
    expect(await trackIds(id)).toEqual([t3.id, t1.id, t2.id]);
    // Move the last row to the top (range_start, range_length, insert_before).
    await step('PUT', `/v1/playlists/${id}/tracks`, { range_start: 2, range_length: 1, insert_before: 0 });
    expect(await trackIds(id)).toEqual([t2.id, t3.id, t1.id]);
    // Remove by positions and uri.
    await step('DELETE', `/v1/playlists/${id}/tracks`, { tracks: [{ uri: uri(t3.id), positions: [1] }] });
    expect(await trackIds(id)).toEqual([t2.id, t1.id]);
    await step('PUT', `/v1/playlists/${id}`, { name: 'Renamed list' });
    await step('PUT', `/v1/playlists/${id}`, { public: true });

    expect(new Set(snapshots).size).toBe(snapshots.length);
    const playlist = (await apiGet(server, `/v1/playlists/${id}`, demo)).body;
    expect(playlist).toMatchObject({ name: 'Renamed list', public: true, snapshot_id: snapshots[snapshots.length - 1] });

    const page = await embed(id);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Renamed list');
    expect(orderIn(page.html, [t1.name, t2.name])).toEqual([t2.name, t1.name]);
    expect(page.html).not.toContain(`>${t3.name}<`);
  });

  it('another listener cannot change a public playlist (403) nor learn of a private one (404); nothing changes', async () => {
    const open = (await send('POST', `/v1/users/${me}/playlists`, { name: 'Open', public: true })).body.id as string;
    const closed = (await send('POST', `/v1/users/${me}/playlists`, { name: 'Closed', public: false })).body.id as string;
    for (const id of [open, closed]) await send('POST', `/v1/playlists/${id}/tracks`, { uris: [uri(t1.id), uri(t2.id)] });
    const before = { open: await snapshotOf(open), closed: await snapshotOf(closed) };

    const writes: ReadonlyArray<readonly [string, string, unknown]> = [
      ['PUT', '', { name: 'Taken' }],
      ['PUT', '', { public: false }],
      ['POST', '/tracks', { uris: [uri(t3.id)] }],
      ['DELETE', '/tracks', { tracks: [{ uri: uri(t1.id), positions: [0] }] }],
      ['PUT', '/tracks', { range_start: 1, range_length: 1, insert_before: 0 }],
    ];
    for (const [method, suffix, body] of writes) {
      expect([method, suffix, (await send(method, `/v1/playlists/${open}${suffix}`, body, free)).status]).toEqual([method, suffix, 403]);
      expect([method, suffix, (await send(method, `/v1/playlists/${closed}${suffix}`, body, free)).status]).toEqual([method, suffix, 404]);
    }
    expect({ open: await snapshotOf(open), closed: await snapshotOf(closed) }).toEqual(before);
    expect(await trackIds(open)).toEqual([t1.id, t2.id]);
    expect(await trackIds(closed)).toEqual([t1.id, t2.id]);
    // A catalogue playlist has no owning account: nobody changes it.
    expect((await send('PUT', `/v1/playlists/${cat.playlists[0]!.id}/tracks`, { range_start: 0, range_length: 1, insert_before: 1 })).status).toBe(403);
  });

  it("following an artist and another's playlist, and leaving them again (spec 001 §7)", async () => {
    const artist = cat.artists[0]!.id;
    const follows = async () => (await apiGet(server, `/v1/me/following/contains?type=artist&ids=${artist}`, free)).body;
    expect(await follows()).toEqual([false]);
    expect((await send('PUT', `/v1/me/following?type=artist&ids=${artist}`, undefined, free)).status).toBe(204);
    expect(await follows()).toEqual([true]);
    expect((await apiGet(server, '/v1/me/following?type=artist', free)).body.artists.items.map((a: any) => a.id)).toContain(artist);
    expect((await send('DELETE', `/v1/me/following?type=artist&ids=${artist}`, undefined, free)).status).toBe(204);
    expect(await follows()).toEqual([false]);

    const theirs = (await send('POST', `/v1/users/${me}/playlists`, { name: 'To follow', public: true })).body.id as string;
    const freeId = (await apiGet(server, '/v1/me', free)).body.id as string;
    const followed = async () => (await apiGet(server, `/v1/playlists/${theirs}/followers/contains?ids=${freeId}`, free)).body;
    // spec 001 §6: the follow is sent non-public.
    expect((await send('PUT', `/v1/playlists/${theirs}/followers`, { public: false }, free)).status).toBe(200);
    expect(await followed()).toEqual([true]);
    expect((await apiGet(server, '/v1/me/playlists?limit=50', free)).body.items.map((p: any) => p.id)).toContain(theirs);
    expect((await send('DELETE', `/v1/playlists/${theirs}/followers`, undefined, free)).status).toBe(200);
    expect(await followed()).toEqual([false]);
  });
});
