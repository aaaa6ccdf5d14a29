// Issue 16 on two instances sharing Postgres and Redis (the provider may run several): the cluster is
// built from the shared database, so a command through B, a device on A and an observer on B agree,
// every push reaches the observer's socket wherever it is (app.realtime), and each is newer than the last.
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { startPostgres, type TestPostgres } from '../testing/postgres';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { nextCluster, nextCommand, registerDevice, reportState } from './test-support';

jest.setTimeout(90_000);

let postgres: TestPostgres;
let redis: TestRedis;
let a: PlaybackTestServer;
let b: PlaybackTestServer;

beforeAll(async () => {
  postgres = await startPostgres();
  redis = await startTestRedis();
  const databaseUrl = await postgres.createDatabase();
  a = await startPlaybackTestServer({ databaseUrl, redisUrl: redis.url });
  b = await startPlaybackTestServer({ databaseUrl, redisUrl: redis.url });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await redis?.stop();
  postgres?.stop();
});

it('a device on A, an observer on B, commands through either: the observer sees the device play, pause and move, each cluster newer than the last', async () => {
  const token = await a.tokenOf('demo');
  const db = a.server.app.database.kysely;
  const album = (
    await db
      .selectFrom('tracks')
      .select('album_id')
      .groupBy('album_id')
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('album_id')
      .executeTakeFirstOrThrow()
  ).album_id;
  const device = await registerDevice(a, token, 'device-on-a');
  const observer = await b.dealer(token, { clusters: true });
  // The observer registers through A, on its connection held by B.
  const registered = await fetch(a.server.url('/connect-state/v1/devices/hobs_across'), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'x-spotify-connection-id': observer.connectionId },
  });
  expect(registered.status).toBe(200);
  const first = await registered.json();
  expect(Object.keys(first.devices)).toEqual(['device-on-a']);
  let last = first.timestamp;
  const newer = (payload: any) => {
    expect(payload.cluster.timestamp).toBeGreaterThan(last);
    last = payload.cluster.timestamp;
    return payload;
  };

  // Play through B: the command reaches the socket on A; the state update through A brings the cluster to B's socket.
  const play = await b.request('POST', '/connect-state/v1/player/command/from/hobs_across/to/device-on-a', {
    token,
    body: { command: { endpoint: 'play', context: { uri: `spotify:album:${album}` } } },
  });
  expect(play.status).toBe(200);
  const sent = await nextCommand(device, 'replace_state');
  await reportState(a, token, 'device-on-a', 1, sent.state_ref, 5000);
  const playing = newer(await nextCluster(observer, (p) => p.ack_id === play.json().ack_id, 'the play ack'));
  expect(playing.cluster).toMatchObject({ active_device_id: 'device-on-a', player_state: { is_paused: false, position_as_of_timestamp: 5000 } });

  // Pause through A, reported through B.
  const pause = await a.request('POST', '/connect-state/v1/player/command/from/hobs_across/to/device-on-a', {
    token,
    body: { command: { endpoint: 'pause' } },
  });
  const paused = await nextCommand(device, 'replace_state');
  await reportState(b, token, 'device-on-a', 2, paused.state_ref, 6000);
  const confirmed = newer(await nextCluster(observer, (p) => p.ack_id === pause.json().ack_id, 'the pause ack'));
  expect(confirmed.cluster.player_state).toMatchObject({ is_paused: true, position_as_of_timestamp: 6000 });

  // Both instances list the device as active.
  for (const server of [a, b]) {
    const devices = (await server.request('GET', '/v1/me/player/devices', { token })).json().devices;
    expect(devices).toEqual([expect.objectContaining({ id: 'device-on-a', is_active: true })]);
  }
  // Another user, on either instance, finds nothing.
  const stranger = await b.newUser();
  expect(
    (await a.request('POST', '/connect-state/v1/player/command/from/x/to/device-on-a', { token: stranger, body: { command: { endpoint: 'resume' } } })).status,
  ).toBe(404);
  expect((await b.request('GET', '/v1/me/player/devices', { token: stranger })).json()).toEqual({ devices: [] });
});
