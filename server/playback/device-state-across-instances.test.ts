// Issue 14 Realtime across instances: "Device and player state that must outlive a process
// (registrations, the state machine and state refs, the cluster) live in the database or Redis, so
// an instance restart or a listener reconnecting to another instance resumes where it was."
// Two instances share one database (the same DATA_DIR on SQLite, one Postgres database) and one
// Redis: a device registered on A is commanded, updated and judged in a state conflict through
// either (spec 001 §4 state updates and conflicts, §7 Track-playback and Remote-control services);
// it reconnects to B and is found again; a restart of the only instance keeps it all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIALECTS, useDialect } from '../testing/dialects';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { COMMAND_MESSAGE_IDENT } from './device-commands';
import { createDeviceRegistry } from './device-registry';
import { registrationBody, startPlaybackTestServer, type Dealer, type PlaybackTestServer } from './test-client';
import { TRACK_PLAYBACK_DEVICES_PATH as DEVICES } from './track-playback-routes';

jest.setTimeout(90_000);

const sub_state = { playback_speed: 1, position: 4000, duration: 200000, stream_time: 4000 };
/** The next command request the device receives (other pushes, such as cluster updates, are passed over: at most 20). */
async function nextCommand(dealer: Dealer): Promise<any> {
  for (let i = 0; i < 20; i += 1) {
    const frame = await dealer.next();
    if (frame.type === 'request' && frame.message_ident === COMMAND_MESSAGE_IDENT) return frame.message;
  }
  throw new Error('no command among 20 frames');
}
const command = (server: PlaybackTestServer, token: string, deviceId: string, body: unknown) =>
  server.request('POST', `/connect-state/v1/player/command/from/controller/to/${deviceId}`, { token, body: { command: body } });

describe.each(DIALECTS)('device and player state shared by two instances on %s and Redis', (dialect) => {
  let redis: TestRedis;
  let databaseUrl: string | undefined;
  /** The data directory of B (and of the restarted instance): A's on SQLite, where the database is a file in it. */
  let sharedDir: string;
  const dirs: string[] = [];
  let a: PlaybackTestServer | undefined;
  let b: PlaybackTestServer | undefined;
  let token: string;
  let album: string;
  const dealers: Dealer[] = [];
  // Declared before useDialect's: the servers stop before their Postgres cluster does.
  afterAll(async () => {
    await b?.stop({ keepData: true });
    await a?.stop({ keepData: true });
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await redis?.stop();
  });
  const database = useDialect(dialect);

  beforeAll(async () => {
    redis = await startTestRedis();
    databaseUrl = await database.databaseUrl();
    a = await startPlaybackTestServer({ redisUrl: redis.url, databaseUrl });
    sharedDir = dialect === 'sqlite' ? a.server.dataDir : mkdtempSync(join(tmpdir(), 'embed-data-b-'));
    dirs.push(a.server.dataDir, sharedDir);
    b = await startPlaybackTestServer({ redisUrl: redis.url, databaseUrl }, sharedDir);
    token = await a.tokenOf('demo');
    album = (await a.server.app.database.kysely.selectFrom('tracks').select('album_id').orderBy('id').limit(1).executeTakeFirstOrThrow()).album_id;
  });
  afterEach(() => {
    for (const dealer of dealers.splice(0)) dealer.close();
  });
  const dealerOn = async (server: PlaybackTestServer): Promise<Dealer> => {
    const dealer = await server.dealer(token);
    dealers.push(dealer);
    return dealer;
  };

  it('a device whose socket is on A is commanded through B, updates its state through B, and a state conflict is judged the same through either', async () => {
    const dealer = await dealerOn(a!);
    expect((await a!.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, 'shared-device') })).status).toBe(200);

    // Played through B: the replace_state reaches the socket on A.
    expect((await command(b!, token, 'shared-device', { endpoint: 'play', context: { uri: `spotify:album:${album}` } })).status).toBe(200);
    const played = await nextCommand(dealer);
    expect(played.type).toBe('replace_state');
    const machine = played.state_machine;
    const playing = { state_machine_id: machine.state_machine_id, state_id: machine.states[0].state_id, paused: false };

    // B answers the state update with the machine commanded (stored by whichever instance sent it).
    const update = await b!.request('PUT', `${DEVICES}/shared-device/state`, {
      token,
      body: { seq_num: 3, state_ref: playing, sub_state, debug_source: 'started_playing' },
    });
    expect(update.status).toBe(200);
    expect(update.json()).toEqual({ state_machine: machine, updated_state_ref: playing });

    // Paused through A; the device (as if it had rejected it) reports a conflict, through B and then through A.
    expect((await command(a!, token, 'shared-device', { endpoint: 'pause' })).status).toBe(200);
    const paused = { ...playing, paused: true };
    expect(await nextCommand(dealer)).toMatchObject({ type: 'replace_state', state_ref: paused, prev_state_ref: playing });
    const conflict = { rejected_state_refs: [paused], state_ref: playing };
    const expected = { commands: [{ type: 'replace_state', state_machine: machine, state_ref: paused, prev_state_ref: playing }] };
    const throughB = await b!.request('POST', `${DEVICES}/shared-device/state_conflict`, { token, body: { seq_num: 4, ...conflict } });
    const throughA = await a!.request('POST', `${DEVICES}/shared-device/state_conflict`, { token, body: { seq_num: 5, ...conflict } });
    expect(throughB.json()).toEqual(expected);
    expect(throughA.json()).toEqual(expected);

    // Once it reports the paused state through A, B has nothing more to send it.
    expect(
      (await a!.request('PUT', `${DEVICES}/shared-device/state`, { token, body: { seq_num: 6, state_ref: paused, sub_state, debug_source: 'pause' } })).status,
    ).toBe(200);
    expect(
      (await b!.request('POST', `${DEVICES}/shared-device/state_conflict`, { token, body: { seq_num: 7, rejected_state_refs: [], state_ref: paused } })).json(),
    ).toEqual({ commands: [] });
  });

  it('a listener that reconnects to B, re-registered on its new connection, resumes where it was; a command through A reaches its socket on B', async () => {
    const first = await dealerOn(a!);
    expect((await a!.request('POST', DEVICES, { token, body: registrationBody(first.connectionId, 'moving-device') })).status).toBe(200);
    expect((await command(a!, token, 'moving-device', { endpoint: 'play', context: { uri: `spotify:album:${album}` } })).status).toBe(200);
    const machine = (await nextCommand(first)).state_machine;
    const ref = { state_machine_id: machine.state_machine_id, state_id: machine.states[0].state_id, paused: false };
    expect(
      (await a!.request('PUT', `${DEVICES}/moving-device/state`, { token, body: { seq_num: 11, state_ref: ref, sub_state, debug_source: 'started_playing' } }))
        .status,
    ).toBe(200);

    first.close();
    const second = await dealerOn(b!);
    const { volume: _volume, ...reRegistration } = registrationBody(second.connectionId, 'moving-device');
    const again = await a!.request('POST', DEVICES, { token, body: reRegistration });
    expect(again.status).toBe(200);
    expect(again.json().initial_seq_num).toBe(11);

    expect((await command(a!, token, 'moving-device', { endpoint: 'pause' })).status).toBe(200);
    expect(await nextCommand(second)).toMatchObject({
      type: 'replace_state',
      state_machine: machine,
      state_ref: { ...ref, paused: true },
      prev_state_ref: ref,
    });
  });

  it('a command through A and a state update through B each write only their own fields: neither undoes the other', async () => {
    const dealer = await dealerOn(a!);
    expect((await a!.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, 'racing-device') })).status).toBe(200);
    const accountId = await a!.accountIdOf('demo');
    const onA = createDeviceRegistry(a!.server.app.database.kysely);
    const onB = createDeviceRegistry(b!.server.app.database.kysely);
    // Both instances hold a copy read before either writes (two requests in flight at once).
    const readByA = await onA.get(accountId, 'racing-device');
    const readByB = await onB.get(accountId, 'racing-device');
    expect(readByA?.machine).toBeNull();
    expect(readByB?.machine).toBeNull();
    const machine = { state_machine_id: 'm-race', states: [], tracks: [] };
    const commanded = { state_machine_id: 'm-race', state_id: 'm-race-0', paused: false };
    await onA.update(accountId, 'racing-device', { machine, commandedRef: commanded });
    const afterB = await onB.update(accountId, 'racing-device', { stateRef: commanded, seqNum: 9 });
    expect(afterB).toMatchObject({ machine, commandedRef: commanded, stateRef: commanded, lastSeqNum: 9 });
    // A late, lower sequence number never takes the stored one back.
    expect((await onA.update(accountId, 'racing-device', { seqNum: 2 }))?.lastSeqNum).toBe(9);
  });

  it('a restart of the only instance keeps the device, its machine, refs and sequence number: found before and after it re-registers', async () => {
    const dealer = await dealerOn(a!);
    expect((await a!.request('POST', DEVICES, { token, body: { ...registrationBody(dealer.connectionId, 'restarted-device'), volume: 30000 } })).status).toBe(
      200,
    );
    expect((await command(b!, token, 'restarted-device', { endpoint: 'play', context: { uri: `spotify:album:${album}` } })).status).toBe(200);
    const machine = (await nextCommand(dealer)).state_machine;
    const ref = { state_machine_id: machine.state_machine_id, state_id: machine.states[0].state_id, paused: false };
    expect(
      (
        await b!.request('PUT', `${DEVICES}/restarted-device/state`, {
          token,
          body: { seq_num: 21, state_ref: ref, sub_state, debug_source: 'started_playing' },
        })
      ).status,
    ).toBe(200);

    // Both stop; one instance starts again over the same database.
    await b!.stop({ keepData: true });
    b = undefined;
    await a!.stop({ keepData: true });
    a = await startPlaybackTestServer({ redisUrl: redis.url, databaseUrl }, sharedDir);

    // Before its engine has reconnected, the device's state update finds its machine (not a 404).
    const early = await a.request('PUT', `${DEVICES}/restarted-device/state`, {
      token,
      body: { seq_num: 22, state_ref: ref, sub_state, debug_source: 'progress' },
    });
    expect(early.status).toBe(200);
    expect(early.json()).toEqual({ state_machine: machine, updated_state_ref: ref });

    const reconnected = await dealerOn(a);
    const { volume: _volume, ...reRegistration } = registrationBody(reconnected.connectionId, 'restarted-device');
    const again = await a.request('POST', DEVICES, { token, body: reRegistration });
    expect(again.json().initial_seq_num).toBe(22);
    expect((await command(a, token, 'restarted-device', { endpoint: 'pause' })).status).toBe(200);
    expect(await nextCommand(reconnected)).toMatchObject({
      type: 'replace_state',
      state_machine: machine,
      state_ref: { ...ref, paused: true },
      prev_state_ref: ref,
    });
    const row = await a.server.app.database.kysely
      .selectFrom('playback_devices')
      .select(['volume', 'last_seq_num'])
      .where('device_id', '=', 'restarted-device')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ volume: 30000, last_seq_num: 22 });
  });
});
