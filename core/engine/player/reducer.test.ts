import { playerInitFailed } from '../../contract';
import { localStateChanged, remoteLogOut, stateCleared, stateUpdateAnswered, stateUpdateRequested } from '../device/actions';
import { newContextRefusal } from '../lists/client-state';
import { currentState } from './commands.epic';
import { trackLoadRequested } from '../lists/actions';
import { trackingStarted } from '../tracking/actions';
import { clientInitialised, machineLoaded, playContextRequested, progressed } from './actions';
import { engineReducer, initialEngineState } from './index';
import { playerReducer } from './reducer';
import { initialPlayerState, type PlayerState } from './state';
import { fileOfTrack, hasMp4File, QUALITY_HEADROOM_BPS, refOfTrack, stateOfRef, stateOfTrack } from './state-machine';
import { engineState, INSTANCE_ID, MACHINE_ID, machineTrack, stateMachine, stateRef, trackUri } from './testing/engine-state';

const started = (playbackId: string) =>
  trackingStarted({
    playbackId,
    trackUri: trackUri(0),
    fileId: 'f0-160',
    at: 0,
    startPositionMs: 5000,
    reasonStart: 'remote',
    initiallyPaused: true,
    playedThresholdMs: 30000,
    keySystem: '',
    audioCodec: 'mp4a.40.2',
    bitrate: 160000,
  });

const fold = (...actions: Parameters<typeof playerReducer>[1][]): PlayerState => actions.reduce(playerReducer, initialPlayerState);

describe('playerReducer (spec 001 §4 Client lifecycle, Device service client, List player)', () => {
  const machine = stateMachine(3);

  it('is not initialised until the client is; then keeps its instance id', () => {
    expect(initialPlayerState.initialised).toBe(false);
    expect(fold(clientInitialised({ instanceId: INSTANCE_ID }))).toMatchObject({ initialised: true, instanceId: INSTANCE_ID });
  });

  it("a replace_state's machine is kept with where and how its first track starts; the list's track load names the track and consumes the pending reason", () => {
    const state = fold(
      playContextRequested({ contextUri: 'spotify:album:a1', index: 1, reason: 'clickrow' }),
      machineLoaded({ machine, index: 1, startMs: 5000, autoplay: false }),
    );
    expect(state).toMatchObject({ machine, trackIndex: null, pendingReason: 'clickrow', startMs: 5000, autoplay: false });
    expect(playerReducer(state, trackLoadRequested({ index: 1, uri: trackUri(1), reason: 'clickrow' }))).toMatchObject({ trackIndex: 1, pendingReason: null });
  });

  it('the start position and paused flag hold for the first track only: a started playback resets them and counts', () => {
    const state = fold(machineLoaded({ machine, index: 0, startMs: 5000, autoplay: false }), started('p1'));
    expect(state).toMatchObject({ playbackId: 'p1', playbacks: 1, startMs: 0, autoplay: true });
    expect(playerReducer(state, started('p2'))).toMatchObject({ playbackId: 'p2', playbacks: 2 });
  });

  it.each([
    ['no state ref', stateCleared()],
    ['a remote log-out', remoteLogOut()],
  ])('%s clears what is loaded', (_rule, action) => {
    const state = fold(
      machineLoaded({ machine, index: 0, startMs: 0, autoplay: true }),
      trackLoadRequested({ index: 0, uri: trackUri(0), reason: 'remote' }),
      started('p1'),
    );
    expect(playerReducer(state, action)).toMatchObject({ machine: null, trackIndex: null, playbackId: null });
  });

  it('an initialization failure is kept with its message', () => {
    expect(fold(playerInitFailed({ code: 'SESSION_NO_TOKEN', message: 'No token' })).failure).toBe('No token');
  });

  it('other actions leave the same state', () => {
    const state = fold(clientInitialised({ instanceId: INSTANCE_ID }));
    expect(playerReducer(state, progressed({ positionMs: 1, durationMs: 2 }))).toBe(state);
  });
});

describe('state machine helpers (spec 001 §3 State machine from the device service)', () => {
  const machine = stateMachine(3, { states: { 2: { state_id: 'last' } } });

  it('stateOfTrack finds the state that plays a track, null for none', () => {
    expect(stateOfTrack(machine, 2)?.state_id).toBe('last');
    expect(stateOfTrack(machine, 3)).toBeNull();
  });

  it('stateOfRef finds the state a ref names, null for a state or machine it does not have', () => {
    expect(stateOfRef(machine, stateRef('s1'))?.track).toBe(1);
    expect(stateOfRef(machine, stateRef('s7'))).toBeNull();
    expect(stateOfRef(machine, { state_machine_id: 'other', state_id: 's1', paused: false })).toBeNull();
  });

  it("refOfTrack names the machine, the track's state and the paused flag", () => {
    expect(refOfTrack(machine, 2, true)).toEqual({ state_machine_id: 'm1', state_id: 'last', paused: true });
    expect(refOfTrack(machine, 9, false)).toBeNull();
  });

  const files = [
    { file_id: 'mid', format: 'MP4_128', bitrate: 128000 },
    { file_id: 'best', format: 'MP4_160', bitrate: 160000 },
    { file_id: 'low', format: 'MP4_96', bitrate: 96000 },
  ];
  // spec 001 §9 Video quality ("bitrate plus audio bitrate below estimate minus 100000") on an audio-only track.
  it.each([
    [400000, 'best', 'the default estimate (spec 001 §9: 400000)'],
    [260001, 'best', '160000 is below 260001 - 100000'],
    [260000, 'mid', '160000 is not below 260000 - 100000; 128000 is'],
    [228001, 'mid', '128000 is below 228001 - 100000'],
    [228000, 'low', '96000 is below 228000 - 100000, 128000 not'],
    [196001, 'low', '96000 is below 196001 - 100000'],
    [196000, 'low', 'none below 96000: the lowest'],
    [0, 'low', 'no estimate: the lowest'],
  ])('fileOfTrack at an estimate of %d bit/s picks %s (%s), wherever it is listed', (estimateBps, fileId) => {
    expect(fileOfTrack(machineTrack(0, { manifest: { file_ids_mp4: files } }), estimateBps)?.file_id).toBe(fileId);
    expect(fileOfTrack(machineTrack(0, { manifest: { file_ids_mp4: [...files].reverse() } }), estimateBps)?.file_id).toBe(fileId);
  });

  it("the threshold between the provider's 96 and 160 kbit/s files is an estimate of 260000 bit/s (QUALITY_HEADROOM_BPS)", () => {
    const track = machineTrack(0);
    expect(QUALITY_HEADROOM_BPS).toBe(100000);
    expect(fileOfTrack(track, 260000)?.bitrate).toBe(96000);
    expect(fileOfTrack(track, 260001)?.bitrate).toBe(160000);
  });

  it('fileOfTrack is null and hasMp4File false without MP4 files', () => {
    const none = machineTrack(0, { manifest: { file_ids_mp4: [] } });
    expect(fileOfTrack(none, 400000)).toBeNull();
    expect(hasMp4File(none)).toBe(false);
    expect(hasMp4File(machineTrack(0))).toBe(true);
  });
});

describe('engineReducer (ARCHITECTURE: subscribers compare the state object)', () => {
  it('returns the same object when no piece changes', () => {
    expect(engineReducer(initialEngineState, progressed({ positionMs: 0, durationMs: 0 }))).toBe(initialEngineState);
  });

  it('a change makes a new state; the slices it did not touch stay the same objects', () => {
    const next = engineReducer(initialEngineState, localStateChanged({ stateRef: stateRef('s0') }));
    expect(next).not.toBe(initialEngineState);
    expect(next.device.stateRef).toEqual(stateRef('s0'));
    expect(next.media).toBe(initialEngineState.media);
    expect(next.player).toBe(initialEngineState.player);
  });

  it('a loaded machine is a change; a state update request, kept by no piece, leaves the same object', () => {
    const loaded = engineReducer(initialEngineState, machineLoaded({ machine: stateMachine(1), index: 0, startMs: 0, autoplay: true }));
    expect(loaded.player.machine).toEqual(stateMachine(1));
    expect(engineReducer(loaded, stateUpdateRequested({ reason: 'ping', position: 0, duration: 0, playbackStats: null }))).toBe(loaded);
  });
});

describe("a state update's answer (spec 001 §7 PUT devices/{id}/state: state_machine, updated_state_ref)", () => {
  const playing = engineState({ player: { machine: stateMachine(3), trackIndex: 1 } });
  const answer = (stateMachine: unknown) => stateUpdateAnswered({ seq: 4, sentRef: null, updatedRef: null, stateMachine });

  it("the service's copy of the machine playing replaces ours: its restrictions then decide ('Cannot switch to a new context.' during an ad)", () => {
    const withAd = stateMachine(3, { states: { 1: { restrictions: { disallow_skipping_next_reasons: ['ad'] } } } });
    const after = engineReducer(playing, answer(withAd));
    expect(after.player.machine).toEqual(withAd);
    expect(newContextRefusal(currentState(after))).toBe('Cannot switch to a new context.');
  });

  it.each([
    ['no machine', null],
    ['a machine that does not decode', { state_machine_id: MACHINE_ID }],
    ['another machine', { ...stateMachine(3), state_machine_id: 'other' }],
    ['the same machine again', stateMachine(3)],
  ])('%s changes nothing', (_what, machine) => {
    expect(engineReducer(playing, answer(machine))).toBe(playing);
  });
});
