// Issue 16, the connect-state (remote-control) service of spec 001 §3 Cluster and §7 Remote-control
// service, on both databases: observers, the cluster pushed over the dealer, player commands, transfer,
// volume, GET /v1/me/player/devices, and every route tried by everyone else.
import type { Dealer, PlaybackTestServer } from '../playback/test-client';
import { startPlaybackTestServer } from '../playback/test-client';
import { TRACK_PLAYBACK_DEVICES_PATH } from '../playback/track-playback-routes';
import { DIALECTS, useDialect } from '../testing/dialects';
import { MAX_OBSERVERS_PER_USER } from './service';
import { nextCluster, nextCommand, registerDevice, reportState } from './test-support';

jest.setTimeout(60_000);

const CS = '/connect-state/v1';
const HEADER = 'x-spotify-connection-id';

describe.each(DIALECTS)('connect-state service on %s', (dialect) => {
  const stores = useDialect(dialect);
  let t: PlaybackTestServer;
  let token: string;
  let stranger: string;
  let deviceA: Dealer;
  let deviceB: Dealer;
  let observer: Dealer;
  let album: string;
  let trackUris: string[];
  let seqA = 0;
  let seqB = 0;
  /** device-a's state after the commands test: playing. */
  let playingRef: any;

  const observe = (id: string, connectionId: string, tok = token) =>
    fetch(t.server.url(`${CS}/devices/${id}`), { method: 'PUT', headers: { authorization: `Bearer ${tok}`, [HEADER]: connectionId } });
  const command = (to: string, body: unknown, tok = token) =>
    t.request('POST', `${CS}/player/command/from/hobs_ctl/to/${to}`, { token: tok, body: { command: body } });

  beforeAll(async () => {
    const url = await stores.databaseUrl();
    t = await startPlaybackTestServer(url === undefined ? {} : { databaseUrl: url });
    token = await t.tokenOf('demo');
    stranger = await t.newUser();
    const db = t.server.app.database.kysely;
    const albums = await db
      .selectFrom('tracks')
      .select(['album_id'])
      .groupBy('album_id')
      .having((eb) => eb.fn.countAll(), '>=', 3)
      .orderBy('album_id')
      .execute();
    album = albums[0]!.album_id;
    trackUris = (await db.selectFrom('tracks').select('id').where('album_id', '=', album).orderBy('track_number').execute()).map(
      (r) => `spotify:track:${r.id}`,
    );
    deviceA = await registerDevice(t, token, 'device-a');
    deviceB = await registerDevice(t, token, 'device-b', { audio_podcasts: true, change_volume: false });
    observer = await t.dealer(token, { clusters: true });
  });
  afterAll(async () => {
    await t.stop();
  });

  let lastTimestamp = 0;
  /** spec 001 §4: every cluster a connection receives is newer than the one before. */
  const newer = (payload: any) => {
    expect(payload.cluster.timestamp).toBeGreaterThan(lastTimestamp);
    lastTimestamp = payload.cluster.timestamp;
    return payload;
  };

  it("PUT devices/{observerId} registers a hidden observer on the header's connection and answers the cluster with the §3 device fields", async () => {
    const answer = await observe('hobs_0123456789abcdef0123456789abcdef01234567', observer.connectionId);
    expect(answer.status).toBe(200);
    const cluster = await answer.json();
    expect(cluster).toMatchObject({ active_device_id: null, player_state: null });
    expect(Object.keys(cluster.devices).sort()).toEqual(['device-a', 'device-b']);
    expect(cluster.devices['device-a']).toEqual({
      id: 'device-a',
      name: 'Web Player device-a',
      type: 'computer',
      version: '3.22.1',
      volume: 1,
      is_active: false,
      is_controllable: true,
      is_observable: true,
      local: false,
      hidden: false,
      metadata: {},
    });
    // spec 001 §3: -1 when the device cannot change its volume.
    expect(cluster.devices['device-b'].volume).toBe(-1);
    lastTimestamp = cluster.timestamp;
    // The same cluster went over the dealer to the user's connections.
    expect((await nextCluster(observer, (p) => p.cluster.timestamp === cluster.timestamp, 'the registration cluster')).cluster.devices).toEqual(
      cluster.devices,
    );
  });

  it("a play command reaches the device; its state update brings a newer cluster with the player state, the active device and the command's ack_id", async () => {
    const answer = await command('device-a', { endpoint: 'play', context: { uri: `spotify:album:${album}` } });
    expect(answer.status).toBe(200);
    const ackId = answer.json().ack_id;
    const sent = await nextCommand(deviceA, 'replace_state');
    expect(sent.message_id).toBe(ackId);
    await reportState(t, token, 'device-a', (seqA += 1), sent.state_ref, 1000);
    const payload = newer(await nextCluster(observer, (p) => p.ack_id === ackId, 'the play ack'));
    const state = payload.cluster.player_state;
    expect(payload.cluster.active_device_id).toBe('device-a');
    expect(payload.cluster.devices['device-a'].is_active).toBe(true);
    expect(state).toMatchObject({
      is_paused: false,
      position_as_of_timestamp: 1000,
      session_id: sent.state_machine.state_machine_id,
      context_uri: `spotify:album:${album}`,
      options: { shuffling_context: false, repeating_context: false, repeating_track: false },
    });
    expect(state.track.uri).toBe(trackUris[0]);
    expect(state.track.artists.length).toBeGreaterThan(0);
    expect(state.track.album.uri).toBe(`spotify:album:${album}`);
    expect(state.next_tracks.map((x: any) => x.uri)).toEqual(trackUris.slice(1, 6));
    expect(state.prev_tracks).toEqual([]);
  });

  it('pause, skip_next, skip_prev, seek_to and the repeat and shuffle options go to the device as replace_state', async () => {
    const pause = await command('device-a', { endpoint: 'pause' });
    expect(pause.status).toBe(200);
    const paused = await nextCommand(deviceA, 'replace_state');
    expect(paused.state_ref.paused).toBe(true);
    await reportState(t, token, 'device-a', (seqA += 1), paused.state_ref, 1500);
    const confirmed = newer(await nextCluster(observer, (p) => p.ack_id === pause.json().ack_id, 'the pause ack'));
    expect(confirmed.cluster.player_state.is_paused).toBe(true);

    expect((await command('device-a', { endpoint: 'skip_next' })).status).toBe(200);
    const next = await nextCommand(deviceA, 'replace_state');
    expect(next.state_ref.state_id).toBe(next.state_machine.states[1].state_id);
    await reportState(t, token, 'device-a', (seqA += 1), next.state_ref, 0);
    const skipped = newer(await nextCluster(observer, (p) => p.cluster.player_state?.track.uri === trackUris[1], 'the second track'));
    expect(skipped.cluster.player_state.prev_tracks.map((x: any) => x.uri)).toEqual([trackUris[0]]);

    expect((await command('device-a', { endpoint: 'skip_prev' })).status).toBe(200);
    const prev = await nextCommand(deviceA, 'replace_state');
    expect(prev.state_ref.state_id).toBe(prev.state_machine.states[0].state_id);
    // Back where the device is (it has not reported the previous track): a seek stays on its state.
    expect((await command('device-a', { endpoint: 'seek_to', value: 40_000 })).status).toBe(200);
    expect((await nextCommand(deviceA, 'replace_state')).seek_to).toBe(40_000);

    expect((await command('device-a', { endpoint: 'set_repeating_track', value: true })).status).toBe(200);
    const repeat = await nextCommand(deviceA, 'replace_state');
    const current = repeat.state_machine.states.find((s: any) => s.state_id === repeat.state_ref.state_id);
    expect(current.transitions.advance).toBe(current.state_id);
    const options = newer(await nextCluster(observer, (p) => p.cluster.player_state?.options.repeating_track === true, 'repeating_track'));
    expect(options.cluster.player_state.options.shuffling_context).toBe(false);

    expect((await command('device-a', { endpoint: 'set_shuffling_context', value: true })).status).toBe(200);
    const shuffled = await nextCommand(deviceA, 'replace_state');
    // A new machine of the same tracks, the playing one first, going on from where it is.
    expect(shuffled.state_machine.state_machine_id).not.toBe(repeat.state_machine.state_machine_id);
    expect(shuffled.state_machine.tracks[0].metadata.uri).toBe(trackUris[1]);
    expect(shuffled.state_machine.tracks.map((x: any) => x.metadata.uri).sort()).toEqual([...trackUris].sort());
    expect(shuffled.seek_to).toBeGreaterThanOrEqual(0);
    await reportState(t, token, 'device-a', (seqA += 1), { ...shuffled.state_ref, paused: false }, 2000);
    await nextCluster(observer, (p) => p.cluster.player_state?.options.shuffling_context === true, 'shuffling_context');

    // set_queue plays the given tracks after the current one; update_context needs the session id.
    expect((await command('device-a', { endpoint: 'set_queue', next_tracks: [{ uri: trackUris[2] }] })).status).toBe(200);
    const queued = await nextCommand(deviceA, 'replace_state');
    expect(queued.state_machine.tracks.map((x: any) => x.metadata.uri)).toEqual([trackUris[1], trackUris[2]]);
    await reportState(t, token, 'device-a', (seqA += 1), { ...queued.state_ref, paused: false }, 2500);
    const wrongSession = await command('device-a', { endpoint: 'update_context', context: { uri: `spotify:album:${album}` }, session_id: 'not-it' });
    expect(wrongSession.status).toBe(409);
    const update = await command('device-a', {
      endpoint: 'update_context',
      context: { uri: `spotify:album:${album}` },
      session_id: queued.state_machine.state_machine_id,
    });
    expect(update.status).toBe(200);
    const updated = await nextCommand(deviceA, 'replace_state');
    expect(updated.state_machine.tracks[0].metadata.uri).toBe(trackUris[1]);
    await reportState(t, token, 'device-a', (seqA += 1), { ...updated.state_ref, paused: false }, 3000);
    await nextCluster(observer, (p) => p.cluster.player_state?.session_id === updated.state_machine.state_machine_id, 'the updated context');
    playingRef = { ...updated.state_ref, paused: false };
  });

  it('spec 001 §7 ack_id: a command that cannot change what the device reports (a resume when playing, a pause when paused, an option set to its value or a repeat option) is confirmed by the cluster published for it, without a state update', async () => {
    /** Sends the command; its ack must come in a cluster although the device reports nothing. */
    const ackedWithoutReport = async (body: unknown, what: string) => {
      const answer = await command('device-a', body);
      expect(answer.status).toBe(200);
      const ackId = answer.json().ack_id;
      const sent = await nextCommand(deviceA, 'replace_state');
      // What the device is told is the state it reports already (no seek): it has nothing new to report.
      expect(sent.state_ref).toEqual(sent.prev_state_ref);
      expect(sent.seek_to).toBeUndefined();
      return newer(await nextCluster(observer, (p) => p.ack_id === ackId, what));
    };
    expect((await ackedWithoutReport({ endpoint: 'resume' }, 'the resume ack')).cluster.player_state.is_paused).toBe(false);

    const pause = await command('device-a', { endpoint: 'pause' });
    const paused = await nextCommand(deviceA, 'replace_state');
    await reportState(t, token, 'device-a', (seqA += 1), paused.state_ref, 3500);
    await nextCluster(observer, (p) => p.ack_id === pause.json().ack_id, 'the pause ack');
    expect((await ackedWithoutReport({ endpoint: 'pause' }, 'the second pause ack')).cluster.player_state.is_paused).toBe(true);

    // The stored options are shuffling_context and repeating_track on, repeating_context off (the test before).
    expect((await ackedWithoutReport({ endpoint: 'set_repeating_context', value: false }, 'repeating_context as it was')).cluster.player_state.options).toEqual(
      {
        shuffling_context: true,
        repeating_context: false,
        repeating_track: true,
      },
    );
    await ackedWithoutReport({ endpoint: 'set_repeating_track', value: true }, 'repeating_track as it was');
    const shuffle = await ackedWithoutReport({ endpoint: 'set_shuffling_context', value: true }, 'shuffling_context as it was');
    // Shuffle to the value it has keeps the machine (no new play order, nothing for the device to report).
    expect(shuffle.cluster.player_state.session_id).toBe(playingRef.state_machine_id);
    // A repeat option that changes: only the machine's transitions change, which the device does not report.
    expect((await ackedWithoutReport({ endpoint: 'set_repeating_track', value: false }, 'repeating_track off')).cluster.player_state.options).toEqual({
      shuffling_context: true,
      repeating_context: false,
      repeating_track: false,
    });

    // A command that changes the reported state still waits for the device: the seek's cluster carries no ack.
    const seek = await command('device-a', { endpoint: 'seek_to', value: 10_000 });
    const seeking = await nextCommand(deviceA, 'replace_state');
    const commanded = await nextCluster(observer, (p) => p.update_reason === 'PLAYER_COMMAND', 'the seek command cluster');
    expect(commanded.ack_id).toBeUndefined();
    await reportState(t, token, 'device-a', (seqA += 1), seeking.state_ref, 10_000);
    await nextCluster(observer, (p) => p.ack_id === seek.json().ack_id, 'the seek ack');

    const resume = await command('device-a', { endpoint: 'resume' });
    const resumed = await nextCommand(deviceA, 'replace_state');
    await reportState(t, token, 'device-a', (seqA += 1), resumed.state_ref, 10_000);
    await nextCluster(observer, (p) => p.ack_id === resume.json().ack_id, 'the resume ack');
  });

  it("commands and bodies that do not decode are 400; an unknown device is 404 'No such device.'", async () => {
    expect((await command('device-a', { endpoint: 'set_repeating_track', value: 'yes' })).status).toBe(400);
    expect((await command('device-a', { endpoint: 'set_queue', next_tracks: [{ uri: 'spotify:album:x' }] })).status).toBe(400);
    expect((await command('device-a', { endpoint: 'seek_to', value: -1 })).status).toBe(400);
    const unknown = await command('no-such-device', { endpoint: 'pause' });
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.message).toBe('No such device.');
    expect((await t.request('PUT', `${CS}/connect/volume`, { token, body: { volume: 70000 } })).status).toBe(400);
    expect((await t.request('PUT', `${CS}/connect/volume`, { token, body: { volume: 0.3 } })).status).toBe(400);
    expect(
      (await t.request('POST', `${CS}/connect/transfer/from/x/to/device-b`, { token, body: { transfer_options: { restore_paused: 'later' } } })).status,
    ).toBe(400);
    expect((await observe('has spaces', observer.connectionId)).status).toBe(400);
    expect((await observe(`hobs_${'x'.repeat(60)}`, observer.connectionId)).status).toBe(400);
    const noHeader = await t.request('PUT', `${CS}/devices/hobs_noheader`, { token });
    expect(noHeader.status).toBe(400);
    expect(noHeader.json().error.message).toContain(HEADER);
    expect((await observe('hobs_madeup', 'not-a-connection')).status).toBe(400);
  });

  it('PUT v1/connect/volume goes to the active device as set_volume; its volume report confirms the ack in the cluster', async () => {
    const answer = await t.request('PUT', `${CS}/connect/volume`, { token, body: { volume: 19661 } });
    expect(answer.status).toBe(200);
    const ackId = answer.json().ack_id;
    const sent = await nextCommand(deviceA, 'set_volume');
    expect(sent).toMatchObject({ volume: 19661, message_id: ackId });
    expect(
      (await t.request('PUT', `${TRACK_PLAYBACK_DEVICES_PATH}/device-a/volume`, { token, body: { seq_num: (seqA += 1), volume: 19661, command_id: ackId } }))
        .status,
    ).toBe(204);
    const confirmed = newer(await nextCluster(observer, (p) => p.ack_id === ackId, 'the volume ack'));
    expect(confirmed.cluster.devices['device-a'].volume).toBeCloseTo(0.3, 2);
    // A device registered without change_volume refuses it.
    expect((await t.request('PUT', `${CS}/connect/volume/from/hobs_ctl/to/device-b`, { token, body: { volume: 100 } })).status).toBe(403);
  });

  it("transfer moves playback to the target from the active device's position (restore_paused) and clears the old device", async () => {
    const answer = await t.request('POST', `${CS}/connect/transfer/from/hobs_ctl/to/device-b`, {
      token,
      body: { transfer_options: { restore_paused: 'pause' } },
    });
    expect(answer.status).toBe(200);
    const ackId = answer.json().ack_id;
    const onB = await nextCommand(deviceB, 'replace_state');
    expect(onB.state_ref.paused).toBe(true);
    // device-a last reported 3000 ms while playing: at least that, never past the track.
    expect(onB.seek_to).toBeGreaterThanOrEqual(3000);
    expect(onB.prev_state_ref).toBeNull();
    // The old device is paused in its state, then cleared (spec 001 §4 replace_state without a state ref).
    const pausedOnA = await nextCommand(deviceA, 'replace_state');
    expect(pausedOnA.state_ref).toMatchObject({ paused: true });
    const onA = await nextCommand(deviceA, 'replace_state');
    expect(onA.state_ref).toBeNull();
    expect(onA.prev_state_ref).toEqual(pausedOnA.state_ref);
    await reportState(t, token, 'device-a', (seqA += 1), null, 0);
    await reportState(t, token, 'device-b', (seqB += 1), onB.state_ref, onB.seek_to);
    const moved = newer(await nextCluster(observer, (p) => p.ack_id === ackId, 'the transfer ack'));
    expect(moved.cluster.active_device_id).toBe('device-b');
    expect(moved.cluster.player_state).toMatchObject({ is_paused: true, position_as_of_timestamp: onB.seek_to });
    expect(moved.cluster.devices['device-a'].is_active).toBe(false);
  });

  it("GET /v1/me/player/devices lists the user's devices with the §3 fields, the active one marked", async () => {
    const answer = await t.request('GET', '/v1/me/player/devices', { token });
    expect(answer.status).toBe(200);
    const devices = answer.json().devices;
    expect(devices.map((d: any) => d.id).sort()).toEqual(['device-a', 'device-b']);
    expect(devices.find((d: any) => d.id === 'device-b')).toMatchObject({ is_active: true, type: 'computer', hidden: false, volume: -1 });
    expect(Object.keys(devices[0]).sort()).toEqual([
      'hidden',
      'id',
      'is_active',
      'is_controllable',
      'is_observable',
      'local',
      'metadata',
      'name',
      'type',
      'version',
      'volume',
    ]);
  });

  describe("who may call (another user's token never reaches the devices)", () => {
    it('another user gets 404 for the devices, 400 for the connection, and an empty device list', async () => {
      expect((await command('device-a', { endpoint: 'pause' }, stranger)).status).toBe(404);
      expect((await t.request('POST', `${CS}/connect/transfer/from/x/to/device-a`, { token: stranger, body: {} })).status).toBe(404);
      expect((await t.request('PUT', `${CS}/connect/volume/from/x/to/device-a`, { token: stranger, body: { volume: 1 } })).status).toBe(404);
      expect((await t.request('PUT', `${CS}/connect/volume`, { token: stranger, body: { volume: 1, device_id: 'device-a' } })).status).toBe(404);
      // The owner's observer id and connection are not theirs.
      expect((await t.request('DELETE', `${CS}/devices/hobs_0123456789abcdef0123456789abcdef01234567`, { token: stranger })).status).toBe(404);
      expect((await observe('hobs_theirs', observer.connectionId, stranger)).status).toBe(400);
      expect((await t.request('GET', '/v1/me/player/devices', { token: stranger })).json()).toEqual({ devices: [] });
    });

    it('their own observer hears their own cluster only', async () => {
      const theirs = await t.dealer(stranger, { clusters: true });
      const answer = await observe('hobs_stranger', theirs.connectionId, stranger);
      expect(answer.status).toBe(200);
      expect((await answer.json()).devices).toEqual({});
      // Frames arrive in order: had any cluster of the owner come to this connection, it would be first.
      expect((await nextCluster(theirs)).cluster.devices).toEqual({});
    });

    it.each([
      ['PUT', `${CS}/devices/hobs_x`],
      ['DELETE', `${CS}/devices/hobs_x`],
      ['POST', `${CS}/player/command/from/x/to/device-a`],
      ['POST', `${CS}/connect/transfer/from/x/to/device-a`],
      ['PUT', `${CS}/connect/volume`],
      ['GET', '/v1/me/player/devices'],
    ])('%s %s: 401 without a token, 403 with an anonymous one', async (method, path) => {
      const body = method === 'GET' ? {} : { body: {} };
      expect((await t.request(method, path, body)).status).toBe(401);
      expect((await t.request(method, path, { token: await t.tokenOf(null), ...body })).status).toBe(403);
    });
  });

  it('a device whose dealer socket closes leaves the cluster (and the device list) at once', async () => {
    const leaving = await registerDevice(t, token, 'device-leaving');
    await nextCluster(observer, (p) => p.cluster.devices['device-leaving'] !== undefined, 'the new device');
    leaving.close();
    const after = await nextCluster(observer, (p) => p.cluster.devices['device-leaving'] === undefined, 'the device gone');
    expect(Object.keys(after.cluster.devices).sort()).toEqual(['device-a', 'device-b']);
    expect(
      (await t.request('GET', '/v1/me/player/devices', { token }))
        .json()
        .devices.map((d: any) => d.id)
        .sort(),
    ).toEqual(['device-a', 'device-b']);
  });

  it(`spec 001 §7 429 max subscriptions: past ${MAX_OBSERVERS_PER_USER} observers on live connections; DELETE frees one`, async () => {
    const conn = await t.dealer(token, { clusters: true });
    // The first observer is registered above; this connection takes the rest up to the limit.
    for (let i = 1; i < MAX_OBSERVERS_PER_USER; i += 1) expect((await observe(`hobs_many${i}`, conn.connectionId)).status).toBe(200);
    const over = await observe('hobs_onetoomany', conn.connectionId);
    expect(over.status).toBe(429);
    expect((await over.json()).error.reason).toBe('TP_MAX_SUBSCRIPTIONS_REACHED');
    // Registering an id again is no new subscription.
    expect((await observe('hobs_many1', conn.connectionId)).status).toBe(200);
    expect((await t.request('DELETE', `${CS}/devices/hobs_many1`, { token })).status).toBe(204);
    expect((await t.request('DELETE', `${CS}/devices/hobs_many1`, { token })).status).toBe(404);
    expect((await observe('hobs_onetoomany', conn.connectionId)).status).toBe(200);
    const rows = await t.server.app.database.kysely.selectFrom('connect_state_observers').select('observer_id').execute();
    expect(rows.length).toBe(MAX_OBSERVERS_PER_USER + 1); // the owner's ten and the stranger's one
  });
});
