import { playTokenLost, remoteLogOut, remotePing, stateCleared, stateLoaded, stateModified } from '../device/actions';
import { userCapped } from '../drm/actions';
import { listLoadRequested, navigationRequested } from '../lists/actions';
import { machineLoaded, machineRejected } from './actions';
import { contextEpic, loadedContext } from './context.epic';
import { engineState, mediaTrack, planOf, stateMachine, stateRef, trackUri } from './testing/engine-state';
import { runPlayer } from './testing/run-player';

const loaded = (ref: ReturnType<typeof stateRef>, stateMachineJson: unknown, seekTo: number | null = null) =>
  stateLoaded({ stateRef: ref, newContext: true, seekTo, stateMachine: stateMachineJson });

/** The machine as the device service sends it: JSON, not the engine's objects. */
const wire = (machine: unknown): unknown => JSON.parse(JSON.stringify(machine));

describe('loadedContext (spec 001 §4 Device service client: replace_state on a different state; §3 state machine)', () => {
  it("starts the decoded machine at the state's track: machine loaded, the list loaded from that index, navigation next (reason remote)", () => {
    const machine = stateMachine(3);
    expect(loadedContext(loaded(stateRef('s1'), wire(machine)), engineState())).toEqual([
      machineLoaded({ machine, index: 1, startMs: 0, autoplay: true }),
      listLoadRequested({ tracks: [0, 1, 2].map((i) => ({ uri: trackUri(i), playable: true })), startIndex: 1 }),
      navigationRequested({ direction: 'next', reason: 'remote' }),
    ]);
  });

  it('a context this client asked to play navigates with the reason it was asked with', () => {
    const actions = loadedContext(loaded(stateRef('s0'), wire(stateMachine(2))), engineState({ player: { pendingReason: 'clickrow' } }));
    expect(actions[2]).toEqual(navigationRequested({ direction: 'next', reason: 'clickrow' }));
  });

  it('a track without an MP4 file is listed unplayable (the list player skips it)', () => {
    const machine = stateMachine(3, { tracks: { 2: { manifest: { file_ids_mp4: [] } } } });
    const actions = loadedContext(loaded(stateRef('s0'), wire(machine)), engineState());
    expect(actions[1]).toEqual(
      listLoadRequested({
        tracks: [
          { uri: trackUri(0), playable: true },
          { uri: trackUri(1), playable: true },
          { uri: trackUri(2), playable: false },
        ],
        startIndex: 0,
      }),
    );
  });

  it.each([
    ["the command's seek_to wins", 42000, { seek_to: 9000, initial_playback_position: 1000 }, 42000],
    ["else the state's seek_to", null, { seek_to: 9000, initial_playback_position: 1000 }, 9000],
    ["else the state's initial playback position", null, { initial_playback_position: 1000 }, 1000],
  ])('where it starts: %s', (_rule, seekTo, state, startMs) => {
    const machine = stateMachine(2, { states: { 1: state } });
    const [first] = loadedContext(loaded(stateRef('s1'), wire(machine), seekTo), engineState());
    expect(first).toEqual(machineLoaded({ machine, index: 1, startMs, autoplay: true }));
  });

  it('a paused state ref loads without autoplay', () => {
    const machine = stateMachine(2);
    const [first] = loadedContext(loaded(stateRef('s0', true), wire(machine)), engineState());
    expect(first).toEqual(machineLoaded({ machine, index: 0, startMs: 0, autoplay: false }));
  });

  it('a machine that does not decode is rejected, naming what is wrong, and nothing else happens', () => {
    const broken = { ...(wire(stateMachine(2)) as object), tracks: [{ metadata: { uri: 'x' } }] };
    const actions = loadedContext(loaded(stateRef('s0'), broken), engineState());
    expect(actions).toHaveLength(1);
    expect(machineRejected.match(actions[0]!)).toBe(true);
    expect(actions[0]).toMatchObject({ err: expect.stringMatching(/^Invalid state machine: .*tracks/) });
  });

  it('a ref of another machine (or a state it does not have) is rejected', () => {
    const machine = wire(stateMachine(2));
    expect(loadedContext(loaded({ state_machine_id: 'other', state_id: 's0', paused: false }, machine), engineState())).toEqual([
      machineRejected({ err: 'State s0 is not in machine m1' }),
    ]);
    expect(loadedContext(loaded(stateRef('s9'), machine), engineState())).toEqual([machineRejected({ err: 'State s9 is not in machine m1' })]);
  });
});

describe('contextEpic (spec 001 §4 Device service client outcomes, as the player carries them out)', () => {
  const playingState = engineState({ media: { status: 'playing', track: mediaTrack(), plan: planOf(25000), positionMs: 8000 } });
  const pausedState = engineState({ media: { status: 'paused', track: mediaTrack(), plan: planOf(25000), positionMs: 8000 } });
  const types = (log: ReturnType<typeof runPlayer>['log']) => log.map(([, type, payload]) => (payload === undefined ? type : [type, payload]));

  it('the same state paused while playing pauses; resumed while paused plays; a seek_to seeks', () => {
    expect(types(runPlayer([contextEpic], playingState, [[0, stateModified({ stateRef: stateRef('s0', true), seekTo: null })]]).log)).toEqual([
      'mediaPlayer/pauseRequested',
    ]);
    expect(types(runPlayer([contextEpic], pausedState, [[0, stateModified({ stateRef: stateRef('s0'), seekTo: 3000 })]]).log)).toEqual([
      'mediaPlayer/playRequested',
      ['mediaPlayer/seekRequested', { positionMs: 3000 }],
    ]);
  });

  it("paused or resumed as it already is: the device reports its state at once, which confirms the controller's ack (spec 001 §7)", () => {
    const playingDevice = engineState({
      media: { status: 'playing', track: mediaTrack(), plan: planOf(25000), positionMs: 8000 },
      device: { stateRef: stateRef('s0'), paused: false },
    });
    expect(types(runPlayer([contextEpic], playingDevice, [[0, stateModified({ stateRef: stateRef('s0'), seekTo: null })]]).log)).toEqual([
      ['device/stateUpdateRequested', { reason: 'resume', position: 8000, duration: 25000, playbackStats: null }],
    ]);
    // The media paused by itself, the device not yet: its flag follows the media, then it reports.
    const pausedMedia = engineState({
      media: { status: 'paused', track: mediaTrack(), plan: planOf(25000), positionMs: 8000 },
      device: { stateRef: stateRef('s0', true), paused: false },
    });
    expect(types(runPlayer([contextEpic], pausedMedia, [[0, stateModified({ stateRef: stateRef('s0', true), seekTo: null })]]).log)).toEqual([
      ['device/localStateChanged', { stateRef: stateRef('s0', true) }],
      ['device/stateUpdateRequested', { reason: 'pause', position: 8000, duration: 25000, playbackStats: null }],
    ]);
  });

  it('paused while the track still loads to play on its own: the pause is passed on, so it does not start', () => {
    const loading = engineState({ media: { status: 'loading', track: mediaTrack(), plan: null, positionMs: 0 } });
    expect(types(runPlayer([contextEpic], loading, [[0, stateModified({ stateRef: stateRef('s0', true), seekTo: null })]]).log)).toEqual([
      'mediaPlayer/pauseRequested',
    ]);
  });

  it('no state ref (or a remote log-out) stops, clears the list and sends state_clear', () => {
    for (const cleared of [stateCleared(), remoteLogOut()]) {
      expect(types(runPlayer([contextEpic], playingState, [[0, cleared]]).log)).toEqual([
        'mediaPlayer/stopRequested',
        'list/clearRequested',
        ['device/stateUpdateRequested', { reason: 'state_clear', position: 8000, duration: 25000, playbackStats: null }],
      ]);
    }
  });

  it('a cap clears the list and state, and the state update names the cap', () => {
    expect(types(runPlayer([contextEpic], playingState, [[0, userCapped()]]).log)).toEqual([
      'mediaPlayer/stopRequested',
      'list/clearRequested',
      ['device/stateUpdateRequested', { reason: 'capped', position: 8000, duration: 25000, playbackStats: null }],
    ]);
  });

  it('a lost play token pauses playback', () => {
    expect(types(runPlayer([contextEpic], playingState, [[0, playTokenLost()]]).log)).toEqual(['mediaPlayer/pauseRequested']);
  });

  it("spec 001 §4 remote command ping (state update reason 'ping'): answered with a state update at the current position, playback untouched", () => {
    expect(types(runPlayer([contextEpic], playingState, [[0, remotePing()]]).log)).toEqual([
      ['device/stateUpdateRequested', { reason: 'ping', position: 8000, duration: 25000, playbackStats: null }],
    ]);
  });
});
