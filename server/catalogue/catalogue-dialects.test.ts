// Issue 14 Storage: the catalogue and the listener's library and playlists have one implementation
// over SQLite and Postgres. A Postgres database starts from the committed demo catalogue as a SQLite
// data directory does; every embed object, Web API object and search answer is the same on both;
// the library and playlist writes behave alike (order newest first, ties by save order).
import { createResourceReader, RESOURCE_TYPES, type ResourceReader } from './resources';
import { DIALECTS, useDialect } from '../testing/dialects';
import { startTestServer, type TestServer } from '../test-server';
import { apiGet, apiSend, userToken } from '../web-api/api-test-client';
import { createContextTracks } from '../playback/context-tracks';
import { CATALOGUE_TABLES } from '../db/demo-catalogue';

jest.setTimeout(120_000);

/** Everything a listener reads of the demo catalogue, by what it is: the embed objects, Web API objects and searches, the context tracks. */
async function readEverything(server: TestServer, reader: ResourceReader): Promise<Record<string, unknown>> {
  const token = await userToken(server);
  const out: Record<string, unknown> = {};
  const items = (await reader.list()).sort((a, b) => `${a.type}:${a.id}`.localeCompare(`${b.type}:${b.id}`));
  out.list = items;
  const contextTracks = createContextTracks(server.app.database.kysely);
  // Links are relative to the request's origin: each server's own port is taken out.
  const local = (body: unknown) => JSON.parse(JSON.stringify(body).replaceAll(server.url(''), 'ORIGIN'));
  for (const { type, id } of items) {
    out[`embed ${type} ${id}`] = await reader.read(type, id, null);
    out[`embed ${type} ${id} NO`] = await reader.read(type, id, null, 'NO');
    out[`api ${type} ${id}`] = local((await apiGet(server, `/v1/${type}s/${id}?market=SE`, token)).body);
    out[`context ${type} ${id}`] = await contextTracks(`spotify:${type}:${id}`, null, 'SE');
  }
  for (const q of ['a', 'the', 'demo', 'e', 'zzz']) {
    out[`search ${q}`] = local((await apiGet(server, `/v1/search?q=${q}&type=album,artist,playlist,track,show,episode&best_match=true`, token)).body);
  }
  const artist = items.find((i) => i.type === 'artist')!.id;
  for (const path of [
    `/v1/artists/${artist}/albums`,
    `/v1/artists/${artist}/top-tracks?market=SE`,
    `/v1/artists/${artist}/related-artists`,
    '/v1/views/home',
  ]) {
    out[path] = local((await apiGet(server, path, token)).body);
  }
  return out;
}

describe('the catalogue on SQLite and Postgres (issue 14)', () => {
  const postgres = useDialect('postgres');
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('Postgres starts from the demo catalogue (every catalogue table as the committed file has it), once', async () => {
    const url = await postgres.databaseUrl();
    const first = await startTestServer(undefined, { databaseUrl: url });
    servers.push(first);
    const sqlite = await startTestServer();
    servers.push(sqlite);
    for (const table of CATALOGUE_TABLES) {
      const count = async (s: TestServer) =>
        Number(
          (
            await s.app.database.kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect([table, await count(first)]).toEqual([table, await count(sqlite)]);
    }
    // A second instance over the same database keeps what is there (no second copy, no error).
    const second = await startTestServer(undefined, { databaseUrl: url });
    servers.push(second);
    const artists = await second.app.database.kysely.selectFrom('artists').select('id').execute();
    expect(artists.length).toBe(
      Number(
        (
          await sqlite.app.database.kysely
            .selectFrom('artists')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('every embed object, Web API object, search and context is the same on both', async () => {
    const onSqlite = await startTestServer();
    servers.push(onSqlite);
    const onPostgres = await startTestServer(undefined, { databaseUrl: await postgres.databaseUrl() });
    servers.push(onPostgres);
    const hosts = { open: '', static: '', country: 'SE' };
    const a = await readEverything(onSqlite, createResourceReader(onSqlite.app.database.kysely, hosts));
    const b = await readEverything(onPostgres, createResourceReader(onPostgres.app.database.kysely, hosts));
    expect(Object.keys(a).length).toBeGreaterThan(20);
    for (const key of Object.keys(a)) expect([key, b[key]]).toEqual([key, a[key]]);
    // Every resource was found (the demo catalogue is not empty on Postgres).
    for (const type of RESOURCE_TYPES) expect(Object.keys(b).some((k) => k.startsWith(`embed ${type} `) && b[k] !== null)).toBe(true);
  });
});

describe.each(DIALECTS)('the library and playlists on %s (issue 14)', (dialect) => {
  const database = useDialect(dialect);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { databaseUrl: await database.databaseUrl() });
  });
  afterAll(async () => server.stop());

  it('saved tracks list newest first, those of one request in reverse order of the ids; contains and remove', async () => {
    const token = await userToken(server);
    const ids = (await server.app.database.kysely.selectFrom('tracks').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect((await apiSend(server, 'PUT', `/v1/me/tracks?ids=${ids.slice(0, 3).join(',')}`, token)).status).toBe(200);
    expect((await apiSend(server, 'PUT', `/v1/me/tracks?ids=${ids[3]}`, token)).status).toBe(200);
    const listed = (await apiGet(server, '/v1/me/tracks?limit=50', token)).body.items.map((i: { track: { id: string } }) => i.track.id);
    expect(listed).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect((await apiGet(server, `/v1/me/tracks/contains?ids=${ids[0]},${ids[4] ?? ids[0]}`, token)).body).toEqual([true, ids[4] === undefined]);
    expect((await apiSend(server, 'DELETE', `/v1/me/tracks?ids=${ids[0]}`, token)).status).toBe(200);
    expect((await apiGet(server, `/v1/me/tracks/contains?ids=${ids[0]}`, token)).body).toEqual([false]);
  });

  it('a made playlist: tracks added, moved and removed in transactions; a refused edit changes nothing; its snapshot changes', async () => {
    const token = await userToken(server);
    const me = (await apiGet(server, '/v1/me', token)).body.id as string;
    const made = await apiSend(server, 'POST', `/v1/users/${me}/playlists`, token, { name: `List on ${dialect}`, public: false });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const tracks = (await server.app.database.kysely.selectFrom('tracks').select('id').orderBy('id').execute()).map((r) => `spotify:track:${r.id}`);
    const added = await apiSend(server, 'POST', `/v1/playlists/${id}/tracks`, token, { uris: tracks.slice(0, 3) });
    expect(added.status).toBe(201);
    const moved = await apiSend(server, 'PUT', `/v1/playlists/${id}/tracks`, token, { range_start: 2, insert_before: 0 });
    expect(moved.body.snapshot_id).not.toBe(added.body.snapshot_id);
    // Out of range: 400, and the list is as it was.
    expect((await apiSend(server, 'PUT', `/v1/playlists/${id}/tracks`, token, { range_start: 9, insert_before: 0 })).status).toBe(400);
    const items = (await apiGet(server, `/v1/playlists/${id}/tracks`, token)).body.items.map((i: { track: { uri: string } }) => i.track.uri);
    expect(items).toEqual([tracks[2], tracks[0], tracks[1]]);
    expect((await apiGet(server, '/v1/me/playlists', token)).body.items.map((p: { id: string }) => p.id)).toContain(id);
    // Not public: another listener does not find it.
    expect((await apiGet(server, `/v1/playlists/${id}`, await userToken(server, 'free', 'free'))).status).toBe(404);
  });
});
