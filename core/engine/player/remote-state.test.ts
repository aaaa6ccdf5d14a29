import { clusterUpdated, commandRequested, observeRequested } from '../connect/actions';
import type { Cluster, ConnectDevice } from '../connect/cluster';
import { clientEventOf } from './client-events';
import { commandInputs } from './client-commands';
import type { EngineState } from './deps';
import { remoteStateOf } from './remote-state';

const device = (id: string, patch: Partial<ConnectDevice> = {}): ConnectDevice => ({
  id,
  name: id,
  type: 'computer',
  version: '1',
  volume: 1,
  is_active: false,
  is_controllable: true,
  is_observable: true,
  local: false,
  hidden: false,
  metadata: {},
  ...patch,
});

const track = {
  uri: 'spotify:track:t2',
  name: 'Second',
  duration_ms: 180000,
  artists: [
    { uri: 'spotify:artist:a', name: 'Ann' },
    { uri: 'spotify:artist:b', name: 'Bo' },
  ],
  album: {
    uri: 'spotify:album:x',
    name: 'X',
    images: [
      { url: 'https://i/64', width: 64, height: 64 },
      { url: 'https://i/640', width: 640, height: 640 },
    ],
  },
};

const cluster = (patch: Partial<Cluster> = {}): Cluster => ({
  timestamp: 10_000,
  active_device_id: 'A',
  devices: { A: device('A', { is_active: true, volume: 0.5 }), B: device('B', { local: true }), hobs_B: device('hobs_B', { hidden: true }) },
  player_state: {
    track,
    options: { shuffling_context: true, repeating_context: true, repeating_track: false },
    next_tracks: [],
    prev_tracks: [],
    position_as_of_timestamp: 30_000,
    timestamp: 8_000,
    duration: 180_000,
    is_paused: false,
    session_id: 's',
    context_uri: 'spotify:album:x',
    context_url: null,
  },
  ...patch,
});

describe("the widget's view of the cluster (issue 16 The controller; spec 001 §3 Cluster)", () => {
  it('lists the devices but the hidden observers, and says what the active one plays, where it was when the cluster was made', () => {
    expect(remoteStateOf(cluster())).toEqual({
      activeDeviceId: 'A',
      devices: [
        { id: 'A', name: 'A', type: 'computer', volume: 0.5, local: false },
        { id: 'B', name: 'B', type: 'computer', volume: 1, local: true },
      ],
      playing: {
        uri: 'spotify:track:t2',
        name: 'Second',
        artists: ['Ann', 'Bo'],
        images: [
          { url: 'https://i/640', width: 640, height: 640 },
          { url: 'https://i/64', width: 64, height: 64 },
        ],
        durationMs: 180_000,
        // 30 s as of 8 s, playing: 32 s at the cluster's 10 s.
        positionMs: 32_000,
        paused: false,
        shuffle: true,
        repeat: 'CONTEXT',
        contextUri: 'spotify:album:x',
        nextTracks: [],
        previousTracks: [],
      },
    });
  });

  it('spec 001 §3 track_window, §9 "2 next and 2 previous (up to 5 from cluster)": the 2 nearest of the cluster\'s 5 each way, in play order', () => {
    const named = (n: number) => ({ uri: `spotify:track:n${n}`, name: `N${n}`, artists: [{ uri: 'spotify:artist:a', name: 'Ann' }] });
    const state = cluster().player_state!;
    const playing = remoteStateOf(
      cluster({ player_state: { ...state, prev_tracks: [1, 2, 3, 4, 5].map(named), next_tracks: [7, 8, 9, 10, 11].map(named) } }),
    ).playing;
    expect(playing?.previousTracks).toEqual([
      { uri: 'spotify:track:n4', name: 'N4', artists: ['Ann'] },
      { uri: 'spotify:track:n5', name: 'N5', artists: ['Ann'] },
    ]);
    expect(playing?.nextTracks).toEqual([
      { uri: 'spotify:track:n7', name: 'N7', artists: ['Ann'] },
      { uri: 'spotify:track:n8', name: 'N8', artists: ['Ann'] },
    ]);
    // A track the service sent bare is named by its uri only.
    expect(remoteStateOf(cluster({ player_state: { ...state, next_tracks: [{ uri: 'spotify:track:z' }] } })).playing?.nextTracks).toEqual([
      { uri: 'spotify:track:z', name: '', artists: [] },
    ]);
  });

  it('a paused state stays where it was; a track without metadata has empty fields, not guessed ones', () => {
    const state = cluster();
    const bare = cluster({
      player_state: {
        ...state.player_state!,
        track: { uri: 'spotify:track:t9' },
        is_paused: true,
        duration: null,
        options: { shuffling_context: false, repeating_context: true, repeating_track: true },
      },
    });
    expect(remoteStateOf(bare).playing).toEqual({
      uri: 'spotify:track:t9',
      name: '',
      artists: [],
      images: [],
      durationMs: 0,
      positionMs: 30_000,
      paused: true,
      shuffle: false,
      repeat: 'TRACK',
      contextUri: 'spotify:album:x',
      nextTracks: [],
      previousTracks: [],
    });
  });

  it('no player state: nothing plays', () => {
    expect(remoteStateOf(cluster({ player_state: null, active_device_id: null })).playing).toBeNull();
  });

  it('each cluster the client took is forwarded to the widget as remoteState', () => {
    const action = clusterUpdated({ cluster: cluster(), ackId: null, initial: false });
    expect(clientEventOf(action, {} as EngineState)).toEqual({ kind: 'remoteState', state: remoteStateOf(cluster()) });
  });
});

describe("the widget's controller commands (issue 16; spec 001 §7)", () => {
  it.each([
    ['observe: follow the devices', { kind: 'observe' as const }, observeRequested()],
    [
      'transfer, as it was (restore)',
      { kind: 'transfer' as const, id: 'w1', deviceId: 'B' },
      commandRequested({ id: 'w1', command: { endpoint: 'transfer', target: 'B', args: { restore_paused: 'restore' } } }),
    ],
    [
      'a player command to the active device',
      { kind: 'remote' as const, id: 'w2', endpoint: 'seek_to' as const, args: { position_ms: 40000 } },
      commandRequested({ id: 'w2', command: { endpoint: 'seek_to', args: { position_ms: 40000 } } }),
    ],
  ])('%s', (_rule, command, action) => {
    expect(commandInputs(command, true, () => 'i')).toEqual([action]);
  });
});
