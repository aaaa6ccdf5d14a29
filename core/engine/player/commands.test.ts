import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest } from '../../ports';
import { registered, deregistered, localVolumeChanged, registrationFailed } from '../device/actions';
import { SPCLIENT_CALLER } from '../device/track-playback-request';
import { tokenReceived } from '../session/actions';
import { navigationRequested, smartPreviousRequested } from '../lists/actions';
import { mediaPauseRequested, mediaPlayerFailed, mediaPlayRequested, mediaSeekRequested } from '../media/actions';
import * as P from './actions';
import { commandActions, commandsEpic } from './commands.epic';
import { engineState, mediaTrack, planOf, stateMachine, type EngineStateChanges } from './testing/engine-state';
import { DEVICE_ID, runPlayer } from './testing/run-player';

// spec 001 §5 / §8 messages, verbatim.
const NOT_ALLOWED = 'The operation is not allowed.';
const VOLUME_RANGE = 'Volume should be in range [0, 1]';
const DISABLED = 'Cannot perform command; local player is disabled.';

/** Track 1 of a 3-track machine playing at `positionMs` of a 25 s file; `disallow` forbids seeking in its state. */
function playing(positionMs: number, disallow = false, changes: EngineStateChanges = {}) {
  return engineState({
    player: { machine: stateMachine(3, { states: { 1: { disallow_seeking: disallow } } }), trackIndex: 1 },
    media: { status: 'playing', track: mediaTrack(), plan: planOf(25000), positionMs },
    ...changes,
  });
}

describe('commandActions (spec 001 §4 Commands, §5 validation)', () => {
  it.each([
    ['pause → the media player pauses', P.pauseRequested(), [mediaPauseRequested()]],
    ['resume → the media player plays', P.resumeRequested(), [mediaPlayRequested()]],
    ['next → the list player navigates next with reason fwdbtn', P.nextRequested(), [navigationRequested({ direction: 'next', reason: 'fwdbtn' })]],
    ['previous → smart previous with the position', P.previousRequested(), [smartPreviousRequested({ positionMs: 7000, seekingDisallowed: false })]],
  ])('%s', (_rule, command, expected) => {
    expect(commandActions(command, playing(7000))).toEqual(expected);
  });

  it('previous tells smart previous when the state disallows seeking (spec 001 §4 Smart previous)', () => {
    expect(commandActions(P.previousRequested(), playing(7000, true))).toEqual([smartPreviousRequested({ positionMs: 7000, seekingDisallowed: true })]);
  });

  it.each([
    ['seek inside the track goes there', P.seekRequested({ positionMs: 12000 }), 5000, 12000],
    ['seek past the end is clamped to the duration', P.seekRequested({ positionMs: 90000 }), 5000, 25000],
    ['seek before the start is clamped to 0', P.seekRequested({ positionMs: -300 }), 5000, 0],
    ['seek forward by a step (§9 15000 ms) from the position', P.seekByRequested({ deltaMs: 15000 }), 5000, 20000],
    ['seek forward past the end is clamped to the duration', P.seekByRequested({ deltaMs: 15000 }), 20000, 25000],
    ['seek back past the start is clamped to 0', P.seekByRequested({ deltaMs: -15000 }), 4000, 0],
  ])('spec 001 §5 seek clamped to 0..duration: %s', (_rule, command, positionMs, target) => {
    expect(commandActions(command, playing(positionMs))).toEqual([mediaSeekRequested({ positionMs: target })]);
  });

  it("a seek before the seek table has loaded is clamped to the state machine's duration of the track", () => {
    const loading = engineState({
      player: { machine: stateMachine(3), trackIndex: 1 },
      media: { status: 'loading', track: mediaTrack(), plan: null, positionMs: 0 },
    });
    const duration = stateMachine(3).tracks[1]?.metadata.duration ?? 0;
    expect(commandActions(P.seekRequested({ positionMs: duration - 1000 }), loading)).toEqual([mediaSeekRequested({ positionMs: duration - 1000 })]);
    expect(commandActions(P.seekRequested({ positionMs: duration + 1000 }), loading)).toEqual([mediaSeekRequested({ positionMs: duration })]);
  });

  it.each([
    ['seek', P.seekRequested({ positionMs: 1000 })],
    ['seek by a step', P.seekByRequested({ deltaMs: 15000 })],
  ])("spec 001 §5: %s when the state disallows seeking is refused with 'The operation is not allowed.'", (_rule, command) => {
    expect(commandActions(command, playing(5000, true))).toEqual([P.commandRefused({ command: command.type, err: NOT_ALLOWED })]);
  });

  it.each([
    [0, true],
    [0.35, true],
    [1, true],
    [-0.01, false],
    [1.5, false],
    [NaN, false],
  ])('spec 001 §5 volume must be 0 to 1: %p accepted=%p', (volume, accepted) => {
    const command = P.volumeRequested({ volume });
    expect(commandActions(command, playing(0))).toEqual(
      accepted ? [localVolumeChanged({ volume })] : [P.commandRefused({ command: 'engine/volumeRequested', err: VOLUME_RANGE })],
    );
  });
});

describe('client-state rules (spec 001 §4 Smart previous, §8 Client state)', () => {
  const NO_STATE = 'No current state.';
  const nothing = engineState({ media: { status: 'idle', track: null, plan: null, positionMs: 0 } });

  it.each([
    ['pause', P.pauseRequested()],
    ['resume', P.resumeRequested()],
    ['next', P.nextRequested()],
    ['previous', P.previousRequested()],
    ['seek', P.seekRequested({ positionMs: 1000 })],
    ['seek by a step', P.seekByRequested({ deltaMs: 15000 })],
  ])("%s with no current state is refused with 'No current state.'", (_what, command) => {
    expect(commandActions(command, nothing)).toEqual([P.commandRefused({ command: command.type, err: NO_STATE })]);
  });

  it('volume needs no current state', () => {
    expect(commandActions(P.volumeRequested({ volume: 0.5 }), nothing)).toEqual([localVolumeChanged({ volume: 0.5 })]);
  });

  it.each([
    ['a track without a file this engine plays', { machine: stateMachine(3, { tracks: { 1: { manifest: { file_ids_mp4: [] } } } }), trackIndex: 1 }],
    ['no track of the state loaded yet', { machine: stateMachine(3), trackIndex: null }],
  ])("a seek on %s: 'Seeking not allowed with invalid track.'", (_what, player) => {
    const state = engineState({ player, media: { status: 'idle', track: null, plan: null, positionMs: 0 } });
    expect(commandActions(P.seekRequested({ positionMs: 1000 }), state)).toEqual([
      P.commandRefused({ command: 'engine/seekRequested', err: 'Seeking not allowed with invalid track.' }),
    ]);
  });

  it("playing a new context while the state's skips are restricted for an ad: 'Cannot switch to a new context.'", () => {
    const ad = stateMachine(3, { states: { 1: { restrictions: { disallow_skipping_next_reasons: ['ad'] } } } });
    const other = stateMachine(3, { states: { 1: { restrictions: { disallow_skipping_next_reasons: ['context'] } } } });
    const at = (machine: ReturnType<typeof stateMachine>) =>
      engineState({
        device: { registration: 'registered', connectionId: 'c1' },
        player: { machine, trackIndex: 1 },
        session: { accessToken: 'tok' },
        transport: { resolveUrl: 'http://p.test/apresolve', endpoints: { dealer: 'p.test', spclient: 'sp.test' } },
      });
    const play = P.playContextRequested({ contextUri: 'spotify:album:b', index: 0, reason: 'playbtn' });
    const calls: HttpRequest[] = [];
    const http = (scheduler: Parameters<typeof createFakeHttp>[0]) => createFakeHttp(scheduler, calls, () => ({ status: 200, headers: {}, body: '' }));
    const refused = runPlayer([commandsEpic], at(ad), [[1, play]], { http });
    expect(refused.log).toEqual([[1, 'engine/commandRefused', { command: 'engine/playContextRequested', err: 'Cannot switch to a new context.' }]]);
    expect(calls).toHaveLength(0);
    const sent = runPlayer([commandsEpic], at(other), [[1, play]], { http });
    expect(sent.log).toEqual([[1, 'engine/commandSent', { endpoint: 'play', status: 200 }]]);
  });
});

describe('commandsEpic (spec 001 §4 Client lifecycle: commands queued until the local player is enabled)', () => {
  const registering = engineState({
    device: { registration: 'registering', connectionId: 'c1' },
    player: { machine: stateMachine(3), trackIndex: 1 },
    media: { status: 'playing', track: mediaTrack(), plan: planOf(25000), positionMs: 3000 },
  });

  it('queues commands until the device is registered, runs them in order, then at once; after a deregistration refuses them', () => {
    const { log } = runPlayer([commandsEpic], registering, [
      [0, P.pauseRequested()],
      [1, P.nextRequested()],
      [2, P.seekRequested({ positionMs: 4000 })],
      [5, registered({ connectionId: 'c1' })],
      [6, P.resumeRequested()],
      [7, deregistered()],
      [8, P.volumeRequested({ volume: 0.5 })],
      [9, P.pauseRequested()],
    ]);
    expect(log).toEqual([
      [5, 'mediaPlayer/pauseRequested'],
      [5, 'list/navigationRequested', { direction: 'next', reason: 'fwdbtn' }],
      [5, 'mediaPlayer/seekRequested', { positionMs: 4000 }],
      [6, 'mediaPlayer/playRequested'],
      [8, 'engine/commandRefused', { command: 'engine/volumeRequested', err: DISABLED }],
      [9, 'engine/commandRefused', { command: 'engine/pauseRequested', err: DISABLED }],
    ]);
  });

  it('commands queued before the registration are refused when it fails (abort), and so is every later one', () => {
    const { log } = runPlayer([commandsEpic], registering, [
      [0, P.pauseRequested()],
      [5, registrationFailed({ code: 'TP_REGISTRATION_FAILED', err: 'Registration failed with status 500', fatal: false, report: true })],
      [6, P.resumeRequested()],
    ]);
    expect(log).toEqual([
      [5, 'engine/commandRefused', { command: 'engine/pauseRequested', err: DISABLED }],
      [6, 'engine/commandRefused', { command: 'engine/resumeRequested', err: DISABLED }],
    ]);
  });

  it('an unrecoverable playback error disables the local player until the device registers again', () => {
    const enabled = { ...registering, device: { ...registering.device, registration: 'registered' as const } };
    const { log } = runPlayer([commandsEpic], enabled, [
      [
        0,
        mediaPlayerFailed({
          playId: 1,
          code: 'LICENSE_DEPRECATED_VERSION',
          message: 'This version of the SDK is no longer supported. Please upgrade',
          fatal: true,
          detail: null,
        }),
      ],
      [1, P.pauseRequested()],
      [5, registered({ connectionId: 'c1' })],
      [6, P.pauseRequested()],
    ]);
    expect(log).toEqual([
      [1, 'engine/commandRefused', { command: 'engine/pauseRequested', err: DISABLED }],
      [6, 'mediaPlayer/pauseRequested'],
    ]);
  });

  it('a registration for another connection does not enable the player', () => {
    const { log } = runPlayer([commandsEpic], registering, [
      [0, P.pauseRequested()],
      [5, registered({ connectionId: 'other' })],
    ]);
    expect(log).toEqual([]);
  });

  describe('play context asks the provider for a replace_state (spec 001 §7 POST connect-state player command)', () => {
    const enabled = engineState({
      device: { registration: 'registered', connectionId: 'c1' },
      session: { accessToken: 'tok' },
      transport: { resolveUrl: 'http://p.test/apresolve', endpoints: { dealer: 'p.test', spclient: 'sp.test' } },
    });
    const play = P.playContextRequested({ contextUri: 'spotify:album:a1', index: 2, reason: 'clickrow' });

    function runPlay(status: number | Error) {
      const calls: HttpRequest[] = [];
      const { log } = runPlayer([commandsEpic], enabled, [[0, play]], {
        http: (scheduler) => createFakeHttp(scheduler, calls, () => (status instanceof Error ? status : { status, headers: {}, body: '' }), 10),
      });
      return { log, calls };
    }

    it('POSTs from and to this device, skipping to the track index; a 2xx is sent', () => {
      const { log, calls } = runPlay(200);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: 'POST', url: `http://sp.test/connect-state/v1/player/command/from/${DEVICE_ID}/to/${DEVICE_ID}` });
      expect(calls[0]?.headers?.['authorization']).toBe('Bearer tok');
      expect(JSON.parse(calls[0]?.body ?? 'null')).toEqual({
        command: { endpoint: 'play', context: { uri: 'spotify:album:a1' }, options: { skip_to: { track_index: 2 } } },
      });
      expect(log).toEqual([[10, 'engine/commandSent', { endpoint: 'play', status: 200 }]]);
    });

    it('a non-2xx answer fails the command with its status', () => {
      expect(runPlay(500).log).toEqual([[10, 'engine/commandFailed', { endpoint: 'play', err: 'Request was not successful (status 500)' }]]);
    });

    it('a network failure fails the command with its message', () => {
      expect(runPlay(new Error('offline')).log).toEqual([[10, 'engine/commandFailed', { endpoint: 'play', err: 'offline' }]]);
    });

    it('spec 001 §8 Resolve/transport: a 401 forces a token refresh and the command is sent once more with the new token', () => {
      const calls: HttpRequest[] = [];
      const refreshed = tokenReceived({ accessToken: 'tok2', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: [SPCLIENT_CALLER] });
      const { log } = runPlayer(
        [commandsEpic],
        enabled,
        [
          [0, play],
          [50, refreshed],
        ],
        {
          http: (scheduler) =>
            createFakeHttp(scheduler, calls, (r) => ({ status: r.headers?.['authorization'] === 'Bearer tok2' ? 200 : 401, headers: {}, body: '' }), 10),
        },
      );
      expect(log).toEqual([
        [10, 'session/tokenRefreshRequested', { caller: SPCLIENT_CALLER, reason: 'unauthorised', forced: true }],
        [60, 'engine/commandSent', { endpoint: 'play', status: 200 }],
      ]);
      expect(calls.map((c) => c.headers?.['authorization'])).toEqual(['Bearer tok', 'Bearer tok2']);
    });
  });
});
