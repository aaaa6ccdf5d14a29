import { COMMAND_MESSAGE_IDENT } from './device-commands';
import { MS_PLAYED_UNTIL_UPDATE, StateMachine } from './state-machine';
import { registrationBody, startPlaybackTestServer, type Dealer, type PlaybackTestServer } from './test-client';
import { TRACK_PLAYBACK_DEVICES_PATH as DEVICES } from './track-playback-routes';

let t: PlaybackTestServer;
let token: string;
let dealer: Dealer;
const DEVICE = 'player-device';
const command = (body: unknown, to = DEVICE, tok = token) =>
  t.request('POST', `/connect-state/v1/player/command/from/controller/to/${to}`, { token: tok, body: { command: body } });
const first = async <T>(sql: string, ...args: unknown[]): Promise<T> => (await t.rows<T>(sql, ...args))[0]!;
const all = <T>(sql: string, ...args: unknown[]): Promise<T[]> => t.rows<T>(sql, ...args);

beforeAll(async () => {
  t = await startPlaybackTestServer();
  token = await t.token('demo');
  dealer = await t.dealer(token);
  expect((await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, DEVICE) })).status).toBe(200);
});
afterAll(async () => {
  await t.stop();
});

describe('player command → replace_state over the dealer (issue 5; spec 001 §3 State machine from the device service)', () => {
  it('builds the album’s machine with the MP4 file ids of audio_files and sends it to the device as a request frame', async () => {
    const album = (await first<{ id: string }>('SELECT id FROM albums ORDER BY id LIMIT 1')).id;
    const tracks = await all<{ id: string; name: string; duration_ms: number }>(
      'SELECT id, name, duration_ms FROM tracks WHERE album_id = ? ORDER BY track_number',
      album,
    );
    const track1 = tracks[0]!;
    // The demo catalogue's track has the ingest's three files: two packaged MP4s and the MP3 preview.
    const files = await all<{ file_id: string; format: string }>('SELECT file_id, format FROM audio_files WHERE track_id = ?', track1.id);
    expect(files.map((f) => f.format).sort()).toEqual(['MP3_96', 'MP4_160', 'MP4_96']);
    const fileId = (format: string) => files.find((f) => f.format === format)!.file_id;

    const answer = await command({ endpoint: 'play', context: { uri: `spotify:album:${album}` } });
    expect(answer.status).toBe(200);
    const frame = await dealer.next();
    expect(frame).toMatchObject({
      type: 'request',
      message_ident: COMMAND_MESSAGE_IDENT,
      message: { type: 'replace_state', prev_state_ref: null, message_id: answer.json().ack_id },
    });
    expect(typeof frame.key).toBe('string');
    const machine = frame.message.state_machine;
    expect(StateMachine.is(machine)).toBe(true);
    expect(machine.tracks.map((x: any) => x.metadata)).toEqual(
      tracks.map((x) => ({ uri: `spotify:track:${x.id}`, name: x.name, duration: x.duration_ms, context_uri: `spotify:album:${album}` })),
    );
    // Only MP4 formats are in the manifest (the MP3 is the 30 s preview).
    expect(machine.tracks[0].manifest).toEqual({
      file_ids_mp4: [
        { file_id: fileId('MP4_96'), format: 'MP4_96', bitrate: 96000 },
        { file_id: fileId('MP4_160'), format: 'MP4_160', bitrate: 160000 },
      ],
    });
    expect(machine.tracks[0].ms_played_until_update).toBe(MS_PLAYED_UNTIL_UPDATE);
    expect(frame.message.state_ref).toEqual({ state_machine_id: machine.state_machine_id, state_id: machine.states[0].state_id, paused: false });
    expect(machine.states[0].transitions.advance).toBe(machine.states[1]?.state_id);
  });

  it.each([
    ['playlist', 'SELECT p.playlist_id AS id, count(*) AS n FROM playlist_tracks p GROUP BY p.playlist_id LIMIT 1'],
    ['artist', 'SELECT artist_id AS id, count(*) AS n FROM artist_top_tracks GROUP BY artist_id LIMIT 1'],
    ['show', 'SELECT show_id AS id, count(*) AS n FROM episodes GROUP BY show_id LIMIT 1'],
    ['track', 'SELECT id, 1 AS n FROM tracks LIMIT 1'],
  ])('plays a %s context: one state per item of the catalogue', async (kind, sql) => {
    const row = await first<{ id: string; n: number }>(sql);
    expect((await command({ endpoint: 'play', context: { uri: `spotify:${kind}:${row.id}` } })).status).toBe(200);
    const machine = (await dealer.next()).message.state_machine;
    expect(machine.states).toHaveLength(row.n);
    expect(machine.tracks[0].metadata.uri).toMatch(kind === 'show' ? /^spotify:episode:/ : /^spotify:track:/);
  });

  it('starts at options.skip_to with seek_to on that state and initially_paused in the ref', async () => {
    const album = (await first<{ id: string }>('SELECT id FROM albums ORDER BY id LIMIT 1')).id;
    await command({
      endpoint: 'play',
      context: { uri: `spotify:album:${album}` },
      options: { skip_to: { track_index: 1 }, seek_to: 32000, initially_paused: true },
    });
    const { message } = await dealer.next();
    expect(message.state_ref).toMatchObject({ state_id: message.state_machine.states[1].state_id, paused: true });
    expect(message.state_machine.states[1].seek_to).toBe(32000);
    expect(message.state_machine.states[0].seek_to).toBeUndefined();
  });

  it('spec 001 §5 "Play origin featureClasses must be an array of strings": a play with one is carried out, with any other 400', async () => {
    const album = (await first<{ id: string }>('SELECT id FROM albums ORDER BY id LIMIT 1')).id;
    const play = (play_origin: unknown) => command({ endpoint: 'play', context: { uri: `spotify:album:${album}` }, play_origin });
    expect((await play({ feature_identifier: 'web-player', feature_classes: ['album', 'collection'] })).status).toBe(200);
    expect((await dealer.next()).message.type).toBe('replace_state');
    for (const bad of [{ feature_classes: 'album' }, { feature_classes: ['album', 3] }, { feature_classes: [null] }]) {
      const answer = await play(bad);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('feature_classes');
    }
  });

  it('pause, resume and seek_to keep the machine and state, change paused, and carry seek_to (spec 001 §4 replace_state, same state id)', async () => {
    const track = (await first<{ id: string }>('SELECT id FROM tracks LIMIT 1')).id;
    await command({ endpoint: 'play', context: { uri: `spotify:track:${track}` } });
    const played = (await dealer.next()).message;
    await command({ endpoint: 'pause' });
    const paused = (await dealer.next()).message;
    expect(paused.state_machine.state_machine_id).toBe(played.state_machine.state_machine_id);
    expect(paused.state_ref).toEqual({ ...played.state_ref, paused: true });
    await command({ endpoint: 'seek_to', value: 15000 });
    const seeked = (await dealer.next()).message;
    expect(seeked).toMatchObject({ state_ref: { paused: true }, seek_to: 15000 });
    await command({ endpoint: 'resume' });
    expect((await dealer.next()).message.state_ref.paused).toBe(false);
  });

  it('sends set_volume (0..65535), ping and log_out; a volume outside the scale is 400', async () => {
    await command({ endpoint: 'set_volume', volume: 32768 });
    expect((await dealer.next()).message).toMatchObject({ type: 'set_volume', volume: 32768 });
    await command({ endpoint: 'ping' });
    expect((await dealer.next()).message.type).toBe('ping');
    await command({ endpoint: 'log_out' });
    expect((await dealer.next()).message.type).toBe('log_out');
    expect((await command({ endpoint: 'set_volume', volume: 70000 })).status).toBe(400);
  });

  it('answers 404 for an unknown context or device, 400 for an unknown endpoint, 401 without a token', async () => {
    expect((await command({ endpoint: 'play', context: { uri: 'spotify:album:nothere' } })).status).toBe(404);
    expect((await command({ endpoint: 'ping' }, 'nobody')).status).toBe(404);
    expect((await command({ endpoint: 'dance' })).status).toBe(400);
    expect((await t.request('POST', `/connect-state/v1/player/command/from/c/to/${DEVICE}`, { body: { command: { endpoint: 'ping' } } })).status).toBe(401);
    // Another user cannot command demo's device.
    expect((await command({ endpoint: 'ping' }, DEVICE, await t.token('free'))).status).toBe(404);
  });

  it('pause with nothing loaded is 409 Nothing playing', async () => {
    const other = await t.dealer(token);
    await t.request('POST', DEVICES, { token, body: registrationBody(other.connectionId, 'idle-device') });
    const answer = await command({ endpoint: 'pause' }, 'idle-device');
    expect(answer.status).toBe(409);
    expect(answer.json().error.message).toBe('Nothing playing');
  });

  it('a state conflict answers a replace_state from the device’s reported ref to the commanded one; none once they agree', async () => {
    const track = (await first<{ id: string }>('SELECT id FROM tracks LIMIT 1')).id;
    await command({ endpoint: 'play', context: { uri: `spotify:track:${track}` } });
    const { state_ref } = (await dealer.next()).message;
    const path = `${DEVICES}/${DEVICE}`;
    const conflict = await t.request('POST', `${path}/state_conflict`, { token, body: { seq_num: 20, rejected_state_refs: [state_ref] } });
    expect(conflict.json().commands).toEqual([expect.objectContaining({ type: 'replace_state', state_ref })]);
    const sub_state = { playback_speed: 1, position: 0, duration: 1000 };
    const update = await t.request('PUT', `${path}/state`, { token, body: { seq_num: 21, state_ref, sub_state, debug_source: 'before_track_load' } });
    expect(update.json().updated_state_ref).toEqual(state_ref);
    expect(update.json().state_machine.state_machine_id).toBe(state_ref.state_machine_id);
    expect((await first<{ track_uri: string }>('SELECT track_uri FROM playback_state_updates ORDER BY id DESC LIMIT 1')).track_uri).toBe(
      `spotify:track:${track}`,
    );
    const settled = await t.request('POST', `${path}/state_conflict`, { token, body: { seq_num: 22, rejected_state_refs: [] } });
    expect(settled.json().commands).toEqual([]);
  });

  it('a state conflict answers from the ref the device reports in it (a device that knows no state gets prev_state_ref null, which it can apply)', async () => {
    const track = (await first<{ id: string }>('SELECT id FROM tracks LIMIT 1')).id;
    await command({ endpoint: 'play', context: { uri: `spotify:track:${track}` } });
    const { state_ref } = (await dealer.next()).message;
    const path = `${DEVICES}/${DEVICE}`;
    const sub_state = { playback_speed: 1, position: 0, duration: 1000 };
    await t.request('PUT', `${path}/state`, { token, body: { seq_num: 30, state_ref, sub_state, debug_source: 'before_track_load' } });
    // The same device id, reloaded in another tab, knows no state yet.
    const conflict = await t.request('POST', `${path}/state_conflict`, { token, body: { seq_num: 31, state_ref: null, rejected_state_refs: [state_ref] } });
    expect(conflict.json().commands).toEqual([expect.objectContaining({ type: 'replace_state', state_ref, prev_state_ref: null })]);
  });
});
