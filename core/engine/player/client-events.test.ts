import type { EngineEvent } from '../../model/engine-event';
import type { Action } from '../../store/action';
import { playerInitFailed } from '../../widget/platform/actions';
import { remoteLogOut, stateCleared, stateUpdateRequested } from '../device/actions';
import { listEnded } from '../lists/actions';
import { mediaElementFact, mediaPausedEvent } from '../media/actions';
import { trackingStarted } from '../tracking/actions';
import { progressed } from './actions';
import { drmFailed } from '../drm/actions';
import { clientEventOf, forward, isNews, nothingForwarded } from './client-events';
import { engineState, stateMachine, trackUri } from './testing/engine-state';

const started = (uri: string) =>
  trackingStarted({
    playbackId: 'p1',
    trackUri: uri,
    fileId: 'f',
    at: 0,
    startPositionMs: 0,
    reasonStart: 'remote',
    initiallyPaused: false,
    playedThresholdMs: 30000,
    keySystem: '',
    audioCodec: 'mp4a.40.2',
    bitrate: 160000,
  });
const fact = (kind: 'playing' | 'pause' | 'timeupdate') => mediaElementFact({ kind, positionMs: 0, durationMs: 0, bufferedEndMs: 0, errorCode: null });

describe('clientEventOf (spec 001 §4 Events forwarded; core/model/engine-event.ts)', () => {
  const machine = stateMachine(3);
  const state = engineState({ player: { machine } });

  it.each<[string, Action, EngineEvent | null]>([
    ['a started playback is a track change with the track\'s duration', started(trackUri(2)), { kind: 'trackChanged', uri: trackUri(2), durationMs: machine.tracks[2]!.metadata.duration }],
    ['a track not in the machine changes with an unknown (0) duration', started('spotify:track:elsewhere'), { kind: 'trackChanged', uri: 'spotify:track:elsewhere', durationMs: 0 }],
    ['the element playing is a play', fact('playing'), { kind: 'played' }],
    ['the media player\'s pause event is a pause', mediaPausedEvent({ playId: 1 }), { kind: 'paused' }],
    ['a progress tick is progress at its position', progressed({ positionMs: 1500, durationMs: 25000 }), { kind: 'progress', positionMs: 1500 }],
    ['no state ref: reset (state becomes empty)', stateCleared(), { kind: 'reset' }],
    ['a remote log-out: reset', remoteLogOut(), { kind: 'reset' }],
    ['the list ended: reset', listEnded(), { kind: 'reset' }],
    ['an initialization failure, with its code and message', playerInitFailed({ code: 'SESSION_NO_TOKEN', message: 'no token' }), { kind: 'initializationFailed', code: 'SESSION_NO_TOKEN', message: 'no token' }],
    [
      'spec 001 §8 Reactions: a licence failure, for the playback-not-supported modal',
      drmFailed({ code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (Request was not successful (status 500))', fatal: false }),
      { kind: 'licenceFailed', code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (Request was not successful (status 500))' },
    ],
    ['a cap is not a licence failure (it has its own reaction)', drmFailed({ code: 'CAPPING_USER_IS_CAPPED', message: 'User is capped.', fatal: false }), null],
    ['a key session the browser cannot make is not a licence failure', drmFailed({ code: 'EME_KEY_SESSION_NOT_SUPPORTED', message: 'Key session not supported.', fatal: false }), null],
    ['the element\'s own pause fact is not forwarded (the pause event is)', fact('pause'), null],
    ['a timeupdate is not forwarded (progress ticks are)', fact('timeupdate'), null],
    ['an engine-internal action is not forwarded', stateUpdateRequested({ reason: 'pause', position: 0, duration: 0 }), null],
  ])('%s', (_rule, action, expected) => {
    expect(clientEventOf(action, state)).toEqual(expected);
  });
});

describe('isNews (spec 001 §4 Events forwarded: track change when the uri differs, play or pause when the paused flag changes)', () => {
  const none = { uri: null, paused: null };
  it.each<[string, EngineEvent, { uri: string | null; paused: boolean | null }, boolean]>([
    ['a first track change', { kind: 'trackChanged', uri: 'a', durationMs: 1 }, none, true],
    ['a track change to the same uri', { kind: 'trackChanged', uri: 'a', durationMs: 1 }, { uri: 'a', paused: false }, false],
    ['a track change to another uri', { kind: 'trackChanged', uri: 'b', durationMs: 1 }, { uri: 'a', paused: false }, true],
    ['a first play', { kind: 'played' }, none, true],
    ['a play while playing', { kind: 'played' }, { uri: 'a', paused: false }, false],
    ['a play while paused', { kind: 'played' }, { uri: 'a', paused: true }, true],
    ['a first pause', { kind: 'paused' }, none, true],
    ['a pause while paused', { kind: 'paused' }, { uri: 'a', paused: true }, false],
    ['a pause while playing', { kind: 'paused' }, { uri: 'a', paused: false }, true],
    ['progress, always', { kind: 'progress', positionMs: 5 }, { uri: 'a', paused: false }, true],
    ['reset, always', { kind: 'reset' }, none, true],
  ])('%s → %p', (_rule, event, last, news) => {
    expect(isNews(event, last)).toBe(news);
  });
});

describe('forward: what the client passes on, event after event (spec 001 §4 Events forwarded)', () => {
  it('drops a repeated track change and a repeated play, and after a reset passes the same track again', () => {
    const events: EngineEvent[] = [
      { kind: 'trackChanged', uri: 'spotify:track:a', durationMs: 1000 },
      { kind: 'played' },
      { kind: 'trackChanged', uri: 'spotify:track:a', durationMs: 1000 },
      { kind: 'played' },
      { kind: 'progress', positionMs: 500 },
      { kind: 'paused' },
      { kind: 'reset' },
      { kind: 'trackChanged', uri: 'spotify:track:a', durationMs: 1000 },
    ];
    const passed: EngineEvent[] = [];
    events.reduce((last, event) => {
      const next = forward(last, event);
      if (next.event !== null) passed.push(next.event);
      return next;
    }, nothingForwarded);
    expect(passed.map((e) => e.kind)).toEqual(['trackChanged', 'played', 'progress', 'paused', 'reset', 'trackChanged']);
  });
});
