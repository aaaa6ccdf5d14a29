import { createDescriptor } from '../../core/engine/device/descriptor';
import { registrationBody, startPlaybackTestServer, type PlaybackTestServer } from './test-client';
import { TRACK_PLAYBACK_DEVICES_PATH as DEVICES } from './track-playback-routes';

/*
 * The track-playback service against the engine's descriptor and state updates (issue 15; spec 001
 * §3 Device descriptor capabilities, State update payload; §7 PUT devices/{id}/state, volume): the
 * real server on loopback.
 */

let t: PlaybackTestServer;
beforeAll(async () => {
  t = await startPlaybackTestServer();
});
afterAll(async () => {
  await t.stop();
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const sub_state = { playback_speed: 1, position: 1200, duration: 200000, stream_time: 0 };
const first = async <T>(sql: string): Promise<T> => (await t.rows<T>(sql))[0]!;

/** A new premium user with a live dealer connection and one device registered with these capabilities (undefined: none named). */
async function deviceWith(capabilities: Record<string, unknown> | undefined, id = 'cap-device') {
  const token = await t.newUser();
  const dealer = await t.dealer(token);
  const body = registrationBody(dealer.connectionId, id);
  const { capabilities: _default, ...device } = body.device;
  const answer = await t.request('POST', DEVICES, { token, body: { ...body, device: capabilities === undefined ? device : { ...device, capabilities } } });
  return { token, dealer, answer, id };
}

const command = (token: string, to: string, body: unknown) =>
  t.request('POST', `/connect-state/v1/player/command/from/controller/to/${to}`, { token, body: { command: body } });

describe('registration with the capabilities of spec 001 §3 (manifest_formats, audio_podcasts, video_playback, change_volume, endsong_snooping)', () => {
  it("takes the engine's own descriptor (its default name and every capability), as the engine sends it", async () => {
    const token = await t.newUser();
    const dealer = await t.dealer(token);
    const made = createDescriptor({ id: 'engine-descriptor', brand: 'embed' }, CHROME);
    if (!made.ok) throw new Error(made.err);
    const body = { device: made.descriptor, connection_id: dealer.connectionId, client_version: '3.22.1', previous_session_state: null, volume: 65535 };
    const answer = await t.request('POST', DEVICES, { token, body });
    expect(answer.status).toBe(200);
    const stored = JSON.parse((await first<{ info: string }>(`SELECT info FROM playback_devices WHERE device_id = 'engine-descriptor'`)).info);
    expect(stored).toMatchObject({
      name: 'Web Player (Chrome 120 on Linux)',
      capabilities: { manifest_formats: ['file_ids_mp4'], audio_podcasts: true, video_playback: false, change_volume: true, endsong_snooping: false },
    });
  });

  it.each([
    ['a manifest format that is no §3 track-file source kind', { manifest_formats: ['file_ids_mp5'] }],
    ['a capability flag that is not a boolean', { change_volume: 'yes' }],
  ])('answers 400 naming capabilities for %s', async (_what, capabilities) => {
    const { answer } = await deviceWith(capabilities);
    expect(answer.status).toBe(400);
    expect(answer.json().error.message).toContain('capabilities');
  });

  it('refuses a set_volume to a device that cannot change volume (change_volume false): 403', async () => {
    const { token, id, answer } = await deviceWith({ change_volume: false });
    expect(answer.status).toBe(200);
    const refused = await command(token, id, { endpoint: 'set_volume', volume: 100 });
    expect(refused.status).toBe(403);
    expect(refused.json().error.message).toContain('Device cannot change volume');
  });

  it('refuses a show to a device without audio_podcasts, and any context to one whose manifest_formats lack file_ids_mp4; a device naming neither plays both', async () => {
    const show = (await first<{ id: string }>('SELECT show_id AS id FROM episodes LIMIT 1')).id;
    const album = (await first<{ id: string }>('SELECT id FROM albums LIMIT 1')).id;
    const noPodcasts = await deviceWith({ audio_podcasts: false });
    expect((await command(noPodcasts.token, noPodcasts.id, { endpoint: 'play', context: { uri: `spotify:show:${show}` } })).json().error.message).toContain(
      'Device cannot play podcasts',
    );
    expect((await command(noPodcasts.token, noPodcasts.id, { endpoint: 'play', context: { uri: `spotify:album:${album}` } })).status).toBe(200);
    const mp3Only = await deviceWith({ manifest_formats: ['file_urls_mp3'] });
    const refused = await command(mp3Only.token, mp3Only.id, { endpoint: 'play', context: { uri: `spotify:album:${album}` } });
    expect(refused.status).toBe(403);
    expect(refused.json().error.message).toContain('Device cannot play file_ids_mp4');
    const unnamed = await deviceWith(undefined);
    expect((await command(unnamed.token, unnamed.id, { endpoint: 'play', context: { uri: `spotify:show:${show}` } })).status).toBe(200);
  });
});

describe('state updates with playback_stats and rejected_state_refs (spec 001 §3 State update payload; §7 PUT devices/{id}/state)', () => {
  const ref = (i: number) => ({ state_machine_id: 'm', state_id: `s${i}`, paused: false });
  const stats = { playback_id: 'p1', ms_played: 4200, ms_stalled: 0, n_stalls: 0, n_seekback: 1, n_seekforward: 0 };

  it("stores them and answers the device's state_machine and updated_state_ref (the machine a play command sent, the ref the update names)", async () => {
    const { token, dealer, id } = await deviceWith(undefined, 'stats-device');
    const album = (await first<{ id: string }>('SELECT id FROM albums LIMIT 1')).id;
    expect((await command(token, id, { endpoint: 'play', context: { uri: `spotify:album:${album}` } })).status).toBe(200);
    const sent = (await dealer.next()).message;
    const body = {
      seq_num: 1,
      state_ref: sent.state_ref,
      sub_state,
      previous_position: 0,
      playback_stats: stats,
      rejected_state_refs: [ref(0), ref(1)],
      debug_source: 'started_playing',
    };
    const answer = await t.request('PUT', `${DEVICES}/${id}/state`, { token, body });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ state_machine: sent.state_machine, updated_state_ref: sent.state_ref });
    const row = await first<{ body: string }>(`SELECT body FROM playback_state_updates WHERE device_id = 'stats-device' ORDER BY id DESC`);
    expect(JSON.parse(row.body)).toMatchObject({ playback_stats: stats, rejected_state_refs: [ref(0), ref(1)] });
  });

  it.each([
    ['more than 5 rejected refs (spec 001 §9 conflict ref batch 5)', { rejected_state_refs: [0, 1, 2, 3, 4, 5].map(ref) }, 'rejected_state_refs'],
    ['a negative ms_played', { playback_stats: { ...stats, ms_played: -1 } }, 'playback_stats'],
    ['stats that are not an object', { playback_stats: 'lots' }, 'playback_stats'],
  ])('answers 400 for %s', async (_what, extra, field) => {
    const { token, id } = await deviceWith(undefined, 'bad-stats');
    const answer = await t.request('PUT', `${DEVICES}/${id}/state`, {
      token,
      body: { seq_num: 1, state_ref: null, sub_state, debug_source: 'progress', ...extra },
    });
    expect(answer.status).toBe(400);
    expect(answer.json().error.message).toContain(field);
  });

  it("takes a volume answering a remote set_volume with the command's id (command_id, the dealer message's message_id)", async () => {
    const { token, dealer, id } = await deviceWith(undefined, 'volume-device');
    expect((await command(token, id, { endpoint: 'set_volume', volume: 32768 })).status).toBe(200);
    const frame = await dealer.next();
    expect(frame.message).toMatchObject({ type: 'set_volume', volume: 32768 });
    const answered = await t.request('PUT', `${DEVICES}/${id}/volume`, { token, body: { seq_num: 2, volume: 32768, command_id: frame.message.message_id } });
    expect(answered.status).toBe(204);
  });
});
