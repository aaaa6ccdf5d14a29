import type { SchedulerLike } from 'rxjs';
import { createFakePorts } from '../../../adapters/fake';
import type { RemoteState } from '../../contract';
import type { Action } from '../../store/action';
import * as a from '../actions';
import { engineCommandDecided } from '../full-playback/contract-actions';
import { fullPlaybackDecisions } from '../full-playback/decisions';
import { decodeEngineEvent } from '../full-playback/engine-facts';
import { widgetReducer } from '../reducer';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { runScenario, type Scenario } from '../testing/scenario';
import { muteToggled, volumeChanged } from '../volume/actions';
import { deviceChosen, devicesClosed, devicesToggled, repeatCycled, shuffleToggled } from './actions';
import { remoteStateReceived } from './state-received';
import { selectVolume } from '../volume/state';
import { selectDeviceList } from './device-list';
import { selectRemoteDevice, selectRemotePlaying, selectShownVolume } from './state';

const ALBUM = 'spotify:album:album1';
const here = { id: 'here', name: 'Web Player (Chrome)', type: 'computer', volume: 1, local: true };
const there = { id: 'there', name: 'Kitchen', type: 'speaker', volume: 0.5, local: false };
const playing = {
  uri: 'spotify:track:track2',
  name: 'Track 2',
  artists: ['Artist'],
  images: [{ url: 'https://cdn.test/cover.jpg', width: 300, height: 300 }],
  durationMs: 200002,
  positionMs: 10000,
  paused: false,
  shuffle: false,
  repeat: 'OFF' as 'OFF' | 'CONTEXT' | 'TRACK',
  contextUri: ALBUM,
  nextTracks: [],
  previousTracks: [],
};
const onThere = (patch: Partial<typeof playing> = {}): RemoteState => ({ activeDeviceId: 'there', devices: [here, there], playing: { ...playing, ...patch } });
const onHere: RemoteState = { activeDeviceId: 'here', devices: [here, there], playing };
const nowhere: RemoteState = { activeDeviceId: null, devices: [here, there], playing: null };

/** spec 000 §4 Preview mode is off: logged in, with an access token. */
const loggedIn = (): WidgetState => ({ ...initialWidgetState(albumData()), session: { loggedIn: true, accessToken: 'token' } });
const fold = (state: WidgetState, ...actions: Action[]): WidgetState => actions.reduce(widgetReducer, state);
const remoteOn = (remote: RemoteState, ...more: Action[]) => fold(loggedIn(), remoteStateReceived({ state: remote }), ...more);
const command = (c: Parameters<typeof engineCommandDecided>[0]['command']) => engineCommandDecided({ command: c });
const remote = (id: string, endpoint: Extract<Parameters<typeof command>[0], { kind: 'remote' }>['endpoint'], args = {}) =>
  command({ kind: 'remote', id, endpoint, args });

const scenario = (s: Scenario, engineEvents: ReadonlyArray<readonly [number, unknown]> = []) =>
  runScenario(s, {
    makePorts: (scheduler: SchedulerLike) => {
      const ports = createFakePorts(scheduler);
      for (const [frame, event] of engineEvents) scheduler.schedule(() => ports.emitEngineEvent(event), frame);
      return ports;
    },
    assertEqual: (x, y) => expect(x).toEqual(y),
  });

describe('the controller in the widget: state (issue 16 The controller)', () => {
  it("the engine's remoteState event is the widget's remote/stateReceived fact", () => {
    expect(decodeEngineEvent({ kind: 'remoteState', state: onThere() })).toEqual(remoteStateReceived({ state: onThere() }));
  });

  it('the remote-control view drives the active device only when it is another device', () => {
    expect(selectRemoteDevice(remoteOn(onThere()))).toEqual(there);
    expect(selectRemotePlaying(remoteOn(onThere()))).toEqual(playing);
    expect(selectRemoteDevice(remoteOn(onHere))).toBeNull();
    expect(selectRemoteDevice(remoteOn(nowhere))).toBeNull();
    expect(selectRemoteDevice(loggedIn())).toBeNull();
  });

  it('the device list has the active device first and marked', () => {
    expect(selectDeviceList(remoteOn(onThere())).map((d) => [d.id, d.active])).toEqual([
      ['there', true],
      ['here', false],
    ]);
  });

  it('the devices button opens and closes the list; a choice or a press outside closes it', () => {
    expect(remoteOn(nowhere, devicesToggled()).remote?.listOpen).toBe(true);
    expect(remoteOn(nowhere, devicesToggled(), devicesToggled()).remote?.listOpen).toBe(false);
    expect(remoteOn(nowhere, devicesToggled(), deviceChosen({ deviceId: 'there' })).remote?.listOpen).toBe(false);
    expect(remoteOn(nowhere, devicesToggled(), devicesClosed()).remote?.listOpen).toBe(false);
  });
});

describe('the controller in the widget: decisions (issue 16 The controller; spec 001 §7 player commands, transfer, volume)', () => {
  it.each<[string, WidgetState, Action, Action[]]>([
    [
      'the first pointer entry initialises the engine and has it follow the devices',
      loggedIn(),
      a.pointerEntered(),
      [command({ kind: 'initialise' }), command({ kind: 'observe' })],
    ],
    [
      'opening the device list asks for the devices (decided on the state after it)',
      fold(loggedIn(), devicesToggled()),
      devicesToggled(),
      [command({ kind: 'observe' })],
    ],
    ['closing the device list asks for nothing', fold(loggedIn(), devicesToggled(), devicesToggled()), devicesToggled(), []],
    [
      'choosing another device transfers playback there',
      remoteOn(onHere),
      deviceChosen({ deviceId: 'there' }),
      [command({ kind: 'transfer', id: 'w1', deviceId: 'there' })],
    ],
    [
      'choosing this browser transfers playback here',
      remoteOn(onThere()),
      deviceChosen({ deviceId: 'here' }),
      [command({ kind: 'transfer', id: 'w1', deviceId: 'here' })],
    ],
    ['choosing the active device moves nothing', remoteOn(onThere()), deviceChosen({ deviceId: 'there' }), []],
    ['play/pause while the other device plays: pause', remoteOn(onThere()), a.playToggleRequested({ via: 'button' }), [remote('w1', 'pause')]],
    ['play/pause while it is paused: resume', remoteOn(onThere({ paused: true })), a.playToggleRequested({ via: 'button' }), [remote('w1', 'resume')]],
    ['next', remoteOn(onThere()), a.skipNextRequested(), [remote('w1', 'skip_next')]],
    ['previous', remoteOn(onThere()), a.skipPrevRequested(), [remote('w1', 'skip_prev')]],
    ['seek (the progress bar) to 40 s', remoteOn(onThere()), a.seekRequested({ positionMs: 40000 }), [remote('w1', 'seek_to', { position_ms: 40000 })]],
    [
      'seek by 15 s from the shown position',
      remoteOn(onThere(), a.playbackProgressed({ progress: 10000 })),
      a.seekByRequested({ deltaMs: 15000 }),
      [remote('w1', 'seek_to', { position_ms: 25000 })],
    ],
    [
      'seek back by 15 s never goes below 0',
      remoteOn(onThere(), a.playbackProgressed({ progress: 10000 })),
      a.seekByRequested({ deltaMs: -15000 }),
      [remote('w1', 'seek_to', { position_ms: 0 })],
    ],
    [
      'a track row plays the embedded context from that row there',
      remoteOn(onThere()),
      a.trackRowClicked({ index: 2 }),
      [remote('w1', 'play', { context_uri: ALBUM, track_index: 2 })],
    ],
    [
      'the volume slider sets its volume (spec 001 §5 0..1)',
      remoteOn(onThere(), volumeChanged({ volume: 0.3 })),
      volumeChanged({ volume: 0.3 }),
      [remote('w1', 'volume', { volume: 0.3 })],
    ],
    ['mute sets its volume to 0', remoteOn(onThere(), muteToggled()), muteToggled(), [remote('w1', 'volume', { volume: 0 })]],
    ['shuffle toggles its shuffling', remoteOn(onThere({ shuffle: true })), shuffleToggled(), [remote('w1', 'set_shuffling_context', { value: false })]],
    [
      'repeat goes from off to the context (spec 001 §5: two commands)',
      remoteOn(onThere()),
      repeatCycled(),
      [remote('w1', 'set_repeating_context', { value: true }), remote('w2', 'set_repeating_track', { value: false })],
    ],
    [
      'repeat goes from the context to the track',
      remoteOn(onThere({ repeat: 'CONTEXT' })),
      repeatCycled(),
      [remote('w1', 'set_repeating_context', { value: true }), remote('w2', 'set_repeating_track', { value: true })],
    ],
    [
      'repeat goes from the track to off',
      remoteOn(onThere({ repeat: 'TRACK' })),
      repeatCycled(),
      [remote('w1', 'set_repeating_context', { value: false }), remote('w2', 'set_repeating_track', { value: false })],
    ],
    [
      'the ids go on from the commands decided before',
      remoteOn(onThere(), remote('w1', 'pause'), remote('w2', 'resume')),
      a.skipNextRequested(),
      [remote('w3', 'skip_next')],
    ],
    ["playback here: the commands are this engine's own", remoteOn(onHere), a.skipNextRequested(), [command({ kind: 'next' })]],
    [
      'no active device: play plays the embedded resource here',
      remoteOn(nowhere),
      a.playToggleRequested({ via: 'button' }),
      [command({ kind: 'play', contextUri: ALBUM, index: 0 })],
    ],
    ['no other device: shuffle and repeat send nothing', remoteOn(onHere), shuffleToggled(), []],
  ])('%s', (_rule, state, action, expected) => {
    expect(fullPlaybackDecisions(state, action)).toEqual(expected);
  });
});

describe("the remote-control view shows the other device's playback (issue 16: a position that advances without polling)", () => {
  const t = a.playbackTrackChanged({ uri: playing.uri, durationMs: playing.durationMs });
  const progress = (ms: number) => a.playbackProgressed({ progress: ms });

  it('its track, playing, and a position that moves on every second from the one the cluster gave; a pause stops it', () => {
    const { state } = scenario(
      {
        initialState: loggedIn(),
        prefixes: ['playback/'],
        inputs: {},
        expected: '-(tpa) 995ms b 999ms c 499ms (sd)',
        outputs: { t, p: a.playbackPlayed(), a: progress(10000), b: progress(11000), c: progress(12000), s: a.playbackPaused(), d: progress(12500) },
      },
      [
        [1, { kind: 'remoteState', state: onThere() }],
        [2501, { kind: 'remoteState', state: onThere({ paused: true, positionMs: 12500 }) }],
      ],
    );
    expect(state.playback).toMatchObject({ trackUri: playing.uri, isPlaying: false, isPaused: true, progress: 12500, durationMs: playing.durationMs });
  });

  it('the position stops at the end of the track', () => {
    scenario(
      {
        initialState: loggedIn(),
        prefixes: ['playback/'],
        inputs: {},
        expected: '-(tpa) 995ms b 999ms c',
        outputs: { t, p: a.playbackPlayed(), a: progress(198500), b: progress(199500), c: progress(200002) },
      },
      [[1, { kind: 'remoteState', state: onThere({ positionMs: 198500 }) }]],
    );
  });

  it('playback leaving the other device for none resets the widget; playback coming here leaves it to this engine', () => {
    const none = scenario({ initialState: loggedIn(), prefixes: ['playback/reset'], inputs: {}, expected: '--r', outputs: { r: a.playbackReset() } }, [
      [1, { kind: 'remoteState', state: onThere({ paused: true }) }],
      [2, { kind: 'remoteState', state: nowhere }],
    ]);
    expect(none.state.playback.trackUri).toBeNull();
    scenario({ initialState: loggedIn(), prefixes: ['playback/reset'], inputs: {}, expected: '---', outputs: {} }, [
      [1, { kind: 'remoteState', state: onThere({ paused: true }) }],
      [2, { kind: 'remoteState', state: onHere }],
    ]);
  });

  it('the commands reach the engine port', () => {
    const { ports } = scenario(
      {
        initialState: loggedIn(),
        ui: '--x',
        inputs: { x: a.skipNextRequested() },
        prefixes: ['full/'],
        expected: '--c',
        outputs: { c: remote('w1', 'skip_next') },
      },
      [[1, { kind: 'remoteState', state: onThere({ paused: true }) }]],
    );
    expect(ports.calls.engine).toEqual([{ kind: 'remote', id: 'w1', endpoint: 'skip_next', args: {} }]);
  });
});

describe("the volume control drives the active other device's volume (issue 16 The controller; spec 001 §3 device volume, §5 0..1)", () => {
  const at = (volume: number): RemoteState => ({ ...onThere(), devices: [here, { ...there, volume }] });

  it("shows the other device's volume from the cluster, not this browser's", () => {
    const state = remoteOn(onThere());
    expect(selectVolume(state)).toBe(1);
    expect(selectShownVolume(state)).toBe(0.5);
    expect(selectShownVolume(remoteOn(onHere))).toBe(1);
  });

  it('the slider sets it (shown until a cluster reports it, the command waiting out the 1 s debounce) and leaves this browser at its volume', () => {
    const set = remoteOn(onThere(), volumeChanged({ volume: 0.3 }));
    expect(selectShownVolume(set)).toBe(0.3);
    expect(selectVolume(set)).toBe(1);
    // A cluster from before the command still has the old volume: the set one stays shown.
    expect(selectShownVolume(fold(set, remoteStateReceived({ state: at(0.5) })))).toBe(0.3);
    // The device reports round(65535 × 0.3) / 65535: that cluster's volume is shown from then on.
    const reported = fold(set, remoteStateReceived({ state: at(19661 / 65535) }), remoteStateReceived({ state: at(0.8) }));
    expect(selectShownVolume(reported)).toBe(0.8);
  });

  it('mute sets it to 0 and unmute brings back its last audible volume', () => {
    const muted = remoteOn(onThere(), muteToggled());
    expect(selectShownVolume(muted)).toBe(0);
    expect(selectShownVolume(fold(muted, muteToggled()))).toBe(0.5);
    expect(fullPlaybackDecisions(fold(muted, muteToggled()), muteToggled())).toEqual([remote('w1', 'volume', { volume: 0.5 })]);
  });

  it('a device that cannot change its volume (-1) leaves the control to this browser', () => {
    const state = remoteOn(at(-1), volumeChanged({ volume: 0.3 }));
    expect(selectShownVolume(state)).toBe(0.3);
    expect(selectVolume(state)).toBe(0.3);
    // This browser's engine takes it, no remote command (it would be refused: 'Device cannot change volume').
    expect(fullPlaybackDecisions(state, volumeChanged({ volume: 0.3 }))).toEqual([command({ kind: 'volume', volume: 0.3 })]);
  });

  it("the other device's volume never reaches this browser's element or stored volume", () => {
    const { ports } = scenario(
      {
        initialState: loggedIn(),
        ui: '--x',
        inputs: { x: volumeChanged({ volume: 0.3 }) },
        prefixes: ['full/'],
        expected: '--c',
        outputs: { c: remote('w1', 'volume', { volume: 0.3 }) },
      },
      [[1, { kind: 'remoteState', state: onThere() }]],
    );
    expect(ports.calls.audio.filter((c) => c.startsWith('volume'))).toEqual([]);
  });
});
