import { checkCommand, checkPlayOrigin, checkTracks, repeatCommands, type RemoteCommand } from './command';
import type { Cluster } from './cluster';

const LOCAL = 'local-device';
const playing: Cluster = {
  timestamp: 1000,
  active_device_id: 'tv',
  devices: {},
  player_state: {
    track: { uri: 'spotify:track:4uLU6hMCjMI75M1A2tKUQC' },
    options: { shuffling_context: false, repeating_context: false, repeating_track: false },
    next_tracks: [],
    prev_tracks: [],
    position_as_of_timestamp: 0,
    timestamp: 1000,
    duration: 200000,
    is_paused: false,
    session_id: 's1',
    context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3',
    context_url: null,
  },
};
const withDevices: Cluster = {
  ...playing,
  devices: {
    tv: {
      id: 'tv',
      name: 'TV',
      type: 'tv',
      version: '',
      volume: 1,
      is_active: true,
      is_controllable: true,
      is_observable: true,
      local: false,
      hidden: false,
      metadata: {},
    },
  },
};
const noSession: Cluster = { ...playing, player_state: playing.player_state === null ? null : { ...playing.player_state, session_id: null } };
const idle: Cluster = { ...playing, active_device_id: null, player_state: null };
const TRACK = 'spotify:track:4uLU6hMCjMI75M1A2tKUQC';

const refusal = (command: RemoteCommand, cluster: Cluster | null = playing): string | null => {
  const checked = checkCommand(command, cluster, LOCAL);
  return checked.ok ? null : checked.err;
};

describe('remote command checks (spec 001 §5 and §8 Remote control: the exact texts)', () => {
  it.each<[string, RemoteCommand, Cluster | null, string | null]>([
    ['play without a context: no descriptor', { endpoint: 'play' }, playing, 'Descriptor is required for play commands'],
    ['play with a bad uri', { endpoint: 'play', args: { context_uri: 'nope' } }, playing, 'Invalid Spotify URI'],
    [
      'play from a negative position',
      { endpoint: 'play', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3', position_ms: -1 } },
      playing,
      'Invalid position.',
    ],
    [
      'play from a fractional track index',
      { endpoint: 'play', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3', track_index: 1.5 } },
      playing,
      'Invalid arguments.',
    ],
    [
      'play with nothing playing is fine (it starts something)',
      { endpoint: 'play', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3' } },
      idle,
      null,
    ],
    ['pause with no state', { endpoint: 'pause' }, idle, 'Nothing playing'],
    ['pause with no cluster yet', { endpoint: 'pause' }, null, 'Nothing playing'],
    ['skip_next on a state', { endpoint: 'skip_next' }, playing, null],
    ['seek to a string', { endpoint: 'seek_to', args: { position_ms: '10' } }, playing, 'Invalid position.'],
    ['seek to NaN', { endpoint: 'seek_to', args: { position_ms: Number.NaN } }, playing, 'Invalid position.'],
    ['seek below 0', { endpoint: 'seek_to', args: { position_ms: -5 } }, playing, 'Invalid position.'],
    ['seek with no state', { endpoint: 'seek_to', args: { position_ms: 5 } }, idle, 'Nothing playing'],
    ['volume below 0', { endpoint: 'volume', args: { volume: -0.1 } }, playing, 'Invalid volume.'],
    ['volume not a number', { endpoint: 'volume', args: { volume: '1' } }, playing, 'Invalid volume.'],
    ['volume 0 is valid', { endpoint: 'volume', args: { volume: 0 } }, playing, null],
    ['shuffle needs a boolean', { endpoint: 'set_shuffling_context', args: { value: 'yes' } }, playing, 'Invalid arguments.'],
    ['repeat track with no state', { endpoint: 'set_repeating_track', args: { value: true } }, idle, 'Nothing playing'],
    [
      'update_context without a session id',
      { endpoint: 'update_context', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3' } },
      noSession,
      'The current state does not have a session id',
    ],
    ['update_context with one', { endpoint: 'update_context', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3' } }, playing, null],
    ['set_queue with a non-array', { endpoint: 'set_queue', args: { next_tracks: 'x' } }, playing, 'Invalid nextTracks array.'],
    ['set_queue with a bad previous array', { endpoint: 'set_queue', args: { next_tracks: [], prev_tracks: {} } }, playing, 'Invalid previousTracks array.'],
    ['set_queue with a null entry', { endpoint: 'set_queue', args: { next_tracks: [null] } }, playing, 'Null value inside track array.'],
    [
      'set_queue with an album',
      { endpoint: 'set_queue', args: { next_tracks: [{ uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3' }] } },
      playing,
      'Invalid track uri',
    ],
    ['transfer without a target', { endpoint: 'transfer' }, playing, 'Invalid arguments.'],
    ['transfer with a bad restore_paused', { endpoint: 'transfer', target: 'tv', args: { restore_paused: 'later' } }, withDevices, 'Invalid arguments.'],
    ['a target not in the cluster', { endpoint: 'pause', target: 'radio' }, withDevices, 'No such device.'],
    ['an unknown endpoint', { endpoint: 'explode' }, playing, 'Invalid arguments.'],
  ])('%s', (_name, command, cluster, err) => {
    expect(refusal(command, cluster)).toBe(err);
  });

  it('builds the spec 001 §7 requests: player command from the local device to the active one, transfer, volume scaled to 65535', () => {
    expect(checkCommand({ endpoint: 'seek_to', args: { position_ms: 40000 } }, playing, LOCAL)).toEqual({
      ok: true,
      request: {
        endpoint: 'seek_to',
        method: 'POST',
        path: `/connect-state/v1/player/command/from/${LOCAL}/to/tv`,
        body: { command: { endpoint: 'seek_to', value: 40000 } },
        target: 'tv',
      },
    });
    expect(checkCommand({ endpoint: 'transfer', target: 'tv', args: { restore_paused: 'pause' } }, withDevices, LOCAL)).toMatchObject({
      ok: true,
      request: { method: 'POST', path: `/connect-state/v1/connect/transfer/from/${LOCAL}/to/tv`, body: { transfer_options: { restore_paused: 'pause' } } },
    });
    expect(checkCommand({ endpoint: 'volume', args: { volume: 0.3 } }, playing, LOCAL)).toMatchObject({
      ok: true,
      request: { method: 'PUT', path: '/connect-state/v1/connect/volume', body: { volume: Math.round(65535 * 0.3), device_id: 'tv' } },
    });
    expect(
      checkCommand({ endpoint: 'play', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3', track_index: 2, position_ms: 1000 } }, idle, LOCAL),
    ).toMatchObject({
      ok: true,
      request: {
        path: `/connect-state/v1/player/command/from/${LOCAL}/to/${LOCAL}`,
        body: {
          command: { endpoint: 'play', context: { uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3' }, options: { skip_to: { track_index: 2 }, seek_to: 1000 } },
        },
      },
    });
  });

  it('spec 001 §5 track arrays: tracks and episodes only, as strings or {uri}', () => {
    expect(checkTracks([TRACK, { uri: 'spotify:episode:512ojhOuo1ktJprKbVcKyQ' }], 'Invalid tracks array.')).toEqual({
      ok: true,
      tracks: [{ uri: TRACK }, { uri: 'spotify:episode:512ojhOuo1ktJprKbVcKyQ' }],
    });
    expect(checkTracks(undefined, 'Invalid tracks array.')).toEqual({ ok: false, err: 'Invalid tracks array.' });
    // spec 001 §4 add to queue: a track's provider (queue or context, as the cluster names it) goes with it; another is dropped.
    expect(
      checkTracks(
        [
          { uri: TRACK, provider: 'queue' },
          { uri: TRACK, provider: 'context' },
          { uri: TRACK, provider: 'x' },
        ],
        'x',
      ),
    ).toEqual({
      ok: true,
      tracks: [{ uri: TRACK, provider: 'queue' }, { uri: TRACK, provider: 'context' }, { uri: TRACK }],
    });
  });

  describe('spec 001 §5 "Play origin featureClasses must be an array of strings"', () => {
    it.each<[string, unknown, string | null]>([
      ['an array of strings', { featureClasses: ['web-player', 'album'] }, null],
      ['an empty array', { feature_classes: [] }, null],
      ['no featureClasses at all', { featureIdentifier: 'web-player' }, null],
      ['a string', { featureClasses: 'album' }, 'Invalid play origin featureClasses.'],
      ['an array holding a number', { featureClasses: ['album', 3] }, 'Invalid play origin featureClasses.'],
      ['an array holding null', { feature_classes: [null] }, 'Invalid play origin featureClasses.'],
      ['an object', { featureClasses: { 0: 'album' } }, 'Invalid play origin featureClasses.'],
      ['a play origin that is not an object', ['album'], 'Invalid arguments.'],
      ['a feature identifier that is not a string', { featureIdentifier: 7 }, 'Invalid arguments.'],
    ])('%s', (_name, playOrigin, err) => {
      expect(refusal({ endpoint: 'play', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3', play_origin: playOrigin } }, idle)).toBe(err);
      const checked = checkPlayOrigin(playOrigin);
      expect(checked.ok ? null : checked.err).toBe(err);
    });

    it("is sent as the play command's play_origin, in the wire's names", () => {
      const playOrigin = { featureIdentifier: 'web-player', viewUri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3', featureClasses: ['album'] };
      expect(
        checkCommand({ endpoint: 'play', args: { context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3', play_origin: playOrigin } }, idle, LOCAL),
      ).toMatchObject({
        ok: true,
        request: {
          body: {
            command: {
              endpoint: 'play',
              play_origin: { feature_identifier: 'web-player', view_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3', feature_classes: ['album'] },
            },
          },
        },
      });
    });
  });

  it("spec 001 §5 the controller's repeat mode: OFF, CONTEXT, TRACK, else 'Unknown repeat mode.'", () => {
    expect(repeatCommands('TRACK')).toEqual({
      ok: true,
      commands: [
        { endpoint: 'set_repeating_context', args: { value: true } },
        { endpoint: 'set_repeating_track', args: { value: true } },
      ],
    });
    expect(repeatCommands('OFF')).toMatchObject({ ok: true, commands: [{ args: { value: false } }, { args: { value: false } }] });
    expect(repeatCommands('ALL')).toEqual({ ok: false, err: 'Unknown repeat mode.' });
  });
});
