// Issue 12 Faults: a restart of the server does not lose what a device plays. The registry is kept
// in SQLite; after a restart over the same data directory the device re-registers on its new dealer
// connection (spec 001 §4) and the service still has its machine, refs, sequence number and volume.
import { registrationBody, startPlaybackTestServer, type PlaybackTestServer } from './test-client';
import { TRACK_PLAYBACK_DEVICES_PATH as DEVICES } from './track-playback-routes';

const DEVICE = 'restart-device';
const sub_state = { playback_speed: 1, position: 4000, duration: 200000, stream_time: 4000 };
let t: PlaybackTestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

describe('the track-playback service over a restart (issue 12: device and player state persisted)', () => {
  it('keeps the device, its machine, state ref, seq_num and volume: after re-registering, a state conflict and a remote pause work on the old machine', async () => {
    t = await startPlaybackTestServer();
    const album = (await t.db.selectFrom('albums').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    let token = await t.token('demo');
    let dealer = await t.dealer(token);
    expect((await t.request('POST', DEVICES, { token, body: { ...registrationBody(dealer.connectionId, DEVICE), volume: 30000 } })).status).toBe(200);
    const play = await t.request('POST', `/connect-state/v1/player/command/from/c/to/${DEVICE}`, {
      token,
      body: { command: { endpoint: 'play', context: { uri: `spotify:album:${album}` } } },
    });
    expect(play.status).toBe(200);
    const machine = (await dealer.next()).message.state_machine;
    const ref = { state_machine_id: machine.state_machine_id, state_id: machine.states[0].state_id, paused: false };
    expect(
      (await t.request('PUT', `${DEVICES}/${DEVICE}/state`, { token, body: { seq_num: 7, state_ref: ref, sub_state, debug_source: 'started_playing' } }))
        .status,
    ).toBe(200);

    const dataDir = t.server.dataDir;
    await t.stop({ keepData: true });
    t = await startPlaybackTestServer(undefined, dataDir);
    token = await t.token('demo');

    // Before the engine has reconnected, its state update still finds its device (not a 404).
    const early = await t.request('PUT', `${DEVICES}/${DEVICE}/state`, { token, body: { seq_num: 8, state_ref: ref, sub_state, debug_source: 'progress' } });
    expect(early.status).toBe(200);
    expect(early.json().state_machine.state_machine_id).toBe(machine.state_machine_id);

    dealer = await t.dealer(token);
    const { volume: _volume, ...withoutVolume } = registrationBody(dealer.connectionId, DEVICE);
    const again = await t.request('POST', DEVICES, { token, body: withoutVolume });
    expect(again.status).toBe(200);
    expect(again.json().initial_seq_num).toBe(8);

    const update = await t.request('PUT', `${DEVICES}/${DEVICE}/state`, { token, body: { seq_num: 9, state_ref: ref, sub_state, debug_source: 'progress' } });
    expect(update.json()).toEqual({ state_machine: machine, updated_state_ref: ref });
    const stored = await t.db.selectFrom('playback_state_updates').select('track_uri').where('seq_num', '=', 9).executeTakeFirstOrThrow();
    expect(stored.track_uri).toBe(machine.tracks[0].metadata.uri);

    const pause = await t.request('POST', `/connect-state/v1/player/command/from/c/to/${DEVICE}`, { token, body: { command: { endpoint: 'pause' } } });
    expect(pause.status).toBe(200);
    expect((await dealer.next()).message).toMatchObject({ type: 'replace_state', state_ref: { ...ref, paused: true }, prev_state_ref: ref });
    const row = await t.db.selectFrom('playback_devices').select('volume').where('device_id', '=', DEVICE).executeTakeFirstOrThrow();
    expect(row.volume).toBe(30000);
  });

  it('counts only devices with a live connection toward the limit: devices of a closed connection do not block a new one', async () => {
    t = await startPlaybackTestServer();
    const token = await t.newUser();
    const old = await t.dealer(token);
    for (let i = 0; i < 10; i += 1) {
      expect((await t.request('POST', DEVICES, { token, body: registrationBody(old.connectionId, `old-${i}`) })).status).toBe(200);
    }
    const fresh = await t.dealer(token);
    expect((await t.request('POST', DEVICES, { token, body: registrationBody(fresh.connectionId, 'one-too-many') })).status).toBe(429);
    old.close();
    const until = Date.now() + 5000;
    let status = 0;
    while (Date.now() < until) {
      status = (await t.request('POST', DEVICES, { token, body: registrationBody(fresh.connectionId, 'new') })).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });
});
