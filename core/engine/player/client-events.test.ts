import type { EngineEvent } from '../../contract';
import type { Action } from '../../store/action';
import { playerInitFailed } from '../../contract';
import {
  localStateChanged,
  localVolumeChanged,
  registered,
  remoteLogOut,
  remoteVolumeSet,
  stateCleared,
  stateLoaded,
  stateUpdateRequested,
} from '../device/actions';
import { listEnded, maxListErrors, orderChanged, repeatChanged } from '../lists/actions';
import { tap } from 'rxjs';
import { mediaElementFact, mediaLoadRequested, mediaPausedEvent } from '../media/actions';
import { trackingStarted } from '../tracking/actions';
import { clientInitialised, progressed } from './actions';
import { drmFailed } from '../drm/actions';
import { clientEventNameOf, clientEventOf, clientEventsOf, engineEvents, forward, isNews, nothingForwarded } from './client-events';
import { videoStarted } from '../video/actions';
import { TestScheduler } from 'rxjs/testing';
import type { ClientEventName } from '../../contract';
import { EngineEvent as EngineEventCodec } from '../../contract';
import { authenticated, connected, disconnected, reconnected, reconnecting, socketOpenRequested } from '../transport/actions';
import { mediaPlayerFailed, mediaTrackEnded } from '../media/actions';
import { userCapped } from '../drm/actions';
import { engineState, stateMachine, trackUri } from './testing/engine-state';
import type { EngineState } from './deps';

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
const fact = (kind: 'playing' | 'pause' | 'timeupdate' | 'waiting') =>
  mediaElementFact({ kind, positionMs: 0, durationMs: 0, bufferedEndMs: 0, errorCode: null });

describe('clientEventOf (spec 001 §4 Events forwarded; core/contract/events.ts)', () => {
  const machine = stateMachine(3);
  const state = engineState({ player: { machine } });

  it.each<[string, Action, EngineEvent | null]>([
    [
      "a started playback is a track change with the track's duration",
      started(trackUri(2)),
      { kind: 'trackChanged', uri: trackUri(2), durationMs: machine.tracks[2]!.metadata.duration },
    ],
    [
      'a track not in the machine changes with an unknown (0) duration',
      started('spotify:track:elsewhere'),
      { kind: 'trackChanged', uri: 'spotify:track:elsewhere', durationMs: 0 },
    ],
    ['the element playing is a play', fact('playing'), { kind: 'played' }],
    ["the media player's pause event is a pause", mediaPausedEvent({ playId: 1 }), { kind: 'paused' }],
    ['a progress tick is progress at its position', progressed({ positionMs: 1500, durationMs: 25000 }), { kind: 'progress', positionMs: 1500 }],
    ['no state ref: reset (state becomes empty)', stateCleared(), { kind: 'reset' }],
    ['a remote log-out: reset', remoteLogOut(), { kind: 'reset' }],
    ['the list ended: reset', listEnded(), { kind: 'reset' }],
    [
      'an initialization failure, with its code and message',
      playerInitFailed({ code: 'SESSION_NO_TOKEN', message: 'no token' }),
      { kind: 'initializationFailed', code: 'SESSION_NO_TOKEN', message: 'no token' },
    ],
    [
      'spec 001 §8 Reactions: a licence failure, for the playback-not-supported modal',
      drmFailed({ code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (Request was not successful (status 500))', fatal: false }),
      { kind: 'licenceFailed', code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (Request was not successful (status 500))' },
    ],
    ['a cap is not a licence failure (it has its own reaction)', drmFailed({ code: 'CAPPING_USER_IS_CAPPED', message: 'User is capped.', fatal: false }), null],
    [
      'a key session the browser cannot make is not a licence failure',
      drmFailed({ code: 'EME_KEY_SESSION_NOT_SUPPORTED', message: 'Key session not supported.', fatal: false }),
      null,
    ],
    ["the element's own pause fact is not forwarded (the pause event is)", fact('pause'), null],
    ['a timeupdate is not forwarded (progress ticks are)', fact('timeupdate'), null],
    ['an engine-internal action is not forwarded', stateUpdateRequested({ reason: 'pause', position: 0, duration: 0, playbackStats: null }), null],
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

describe('client events (spec 001 §4 Transport lifecycle "Client events: connected, reconnecting, reconnected, disconnected, authenticated, buffering start/end, playback_capped, track_ended, unrecoverable_failure")', () => {
  it.each<[string, Action, ClientEventName | null]>([
    ['the socket open: connected', connected({ reconnect: false }), 'connected'],
    ["a reconnection's socket open is not a new connection", connected({ reconnect: true }), null],
    ['the dealer accepted the token: authenticated', authenticated({ connectionId: 'c', at: 1 }), 'authenticated'],
    ['reconnecting', reconnecting({ attempt: 1, delayMs: 1000 }), 'reconnecting'],
    ['reconnected', reconnected({ connectionId: 'c', at: 1 }), 'reconnected'],
    ['disconnected', disconnected({ reason: 'Cannot connect to dealer' }), 'disconnected'],
    ['the element waiting for data: buffering start', fact('waiting'), 'buffering_start'],
    ['the element playing: buffering end (kept only after a start, forward)', fact('playing'), 'buffering_end'],
    ['a licence 402: playback_capped', userCapped(), 'playback_capped'],
    ['a track at its end: track_ended', mediaTrackEnded({ playId: 1, synthesised: true }), 'track_ended'],
    [
      'a fatal media error: unrecoverable_failure',
      mediaPlayerFailed({ playId: 1, code: 'MEDIA_DECODING_ERROR', message: 'Media decoding error.', fatal: true, detail: null }),
      'unrecoverable_failure',
    ],
    [
      'a fatal DRM error: unrecoverable_failure',
      drmFailed({ code: 'EME_WIDEVINE_PARSE_FAILURE', message: 'widevine error', fatal: true }),
      'unrecoverable_failure',
    ],
    [
      'an error the player goes on from is none',
      mediaPlayerFailed({ playId: 1, code: 'MEDIA_NETWORK_ERROR', message: 'Network error.', fatal: false, detail: null }),
      null,
    ],
    ['an internal step is none', socketOpenRequested({ reconnect: false, attempt: 0 }), null],
  ])('%s', (_rule, action, name) => {
    expect(clientEventNameOf(action)).toBe(name);
  });

  it('every client event is an engine event the widget decodes', () => {
    const names: ClientEventName[] = [
      'connected',
      'reconnecting',
      'reconnected',
      'disconnected',
      'authenticated',
      'buffering_start',
      'buffering_end',
      'playback_capped',
      'track_ended',
      'unrecoverable_failure',
    ];
    for (const name of names) expect(EngineEventCodec.is({ kind: 'clientEvent', name })).toBe(true);
    expect(EngineEventCodec.is({ kind: 'clientEvent', name: 'something_else' })).toBe(false);
  });

  it('reach the listeners of the engine event stream, buffering end only after a start (marble)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const state = engineState({ player: { machine: stateMachine(3) } });
    scheduler.run(({ cold, expectObservable }) => {
      const actions$ = cold<Action>('abcdefgh', {
        a: connected({ reconnect: false }),
        b: authenticated({ connectionId: 'c1', at: 2 }),
        c: fact('playing'),
        d: fact('waiting'),
        e: fact('playing'),
        f: mediaTrackEnded({ playId: 1, synthesised: true }),
        g: userCapped(),
        h: reconnecting({ attempt: 1, delayMs: 1000 }),
      });
      const client = (name: ClientEventName): EngineEvent => ({ kind: 'clientEvent', name });
      // The second play is no news (no pause came between); its buffering end is.
      expectObservable(engineEvents(actions$, () => state)).toBe('abcdefgh', {
        a: client('connected'),
        b: client('authenticated'),
        c: { kind: 'played' },
        d: client('buffering_start'),
        e: client('buffering_end'),
        f: client('track_ended'),
        g: client('playback_capped'),
        h: client('reconnecting'),
      });
    });
  });
});

describe('volume, active state and a stopped list reach the widget (spec 001 §4 Events forwarded: "volume and active-state changes"; List player max-list-errors)', () => {
  it.each<[string, Action, EngineEvent | null]>([
    ['a remote set_volume: the volume', remoteVolumeSet({ volume: 0.25, commandId: 'c1' }), { kind: 'volume', volume: 0.25 }],
    ["the widget's own volume change is not sent back", localVolumeChanged({ volume: 0.25 }), null],
    [
      'max-list-errors: the list stopped at the track that failed last',
      maxListErrors(),
      { kind: 'listStopped', reason: 'maxListErrors', index: 2, uri: trackUri(2) },
    ],
  ])('%s', (_what, action, event) => {
    const state = engineState({ player: { machine: stateMachine(3), trackIndex: 2 } });
    expect(clientEventOf(action, state)).toEqual(event);
    if (event !== null) expect(EngineEventCodec.is(event)).toBe(true);
  });

  it('spec 001 §3 Playback state: a shuffle or repeat change forwards both options, as the engine holds them after it', () => {
    const state = engineState({ list: { shuffle: true, repeat: 'CONTEXT' } });
    expect(clientEventOf(orderChanged({ shuffle: true, order: [] }), state)).toEqual({ kind: 'options', shuffle: true, repeat: 'CONTEXT' });
    expect(clientEventOf(repeatChanged({ mode: 'CONTEXT' }), state)).toEqual({ kind: 'options', shuffle: true, repeat: 'CONTEXT' });
  });

  it('spec 001 §3 Playback state: the client’s start forwards the options it starts with, so a page shows them before any change (marble)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const state = engineState({ list: { shuffle: false, repeat: 'OFF' } });
    scheduler.run(({ cold, expectObservable }) => {
      const actions$ = cold<Action>('a-b', { a: clientInitialised({ instanceId: 'i1' }), b: repeatChanged({ mode: 'OFF' }) });
      expectObservable(engineEvents(actions$, () => state)).toBe('a-b', {
        a: { kind: 'options', shuffle: false, repeat: 'OFF' },
        b: { kind: 'options', shuffle: false, repeat: 'OFF' },
      });
    });
  });

  it('the active state is forwarded when it changes: registered with a state is active, the state cleared is not (marble)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const ref = { state_machine_id: 'm1', state_id: 's1', paused: false };
    const states = [
      engineState({ device: { registration: 'registered', stateRef: null } }),
      engineState({ device: { registration: 'registered', stateRef: ref } }),
      engineState({ device: { registration: 'registered', stateRef: { ...ref, paused: true } } }),
      engineState({ device: { registration: 'registered', stateRef: null } }),
    ];
    let now = 0;
    scheduler.run(({ cold, expectObservable }) => {
      const actions$ = cold<Action>('abcd', {
        a: registered({ connectionId: 'c1' }),
        b: stateLoaded({ stateRef: ref, newContext: true, seekTo: null, stateMachine: null }),
        c: localStateChanged({ stateRef: { ...ref, paused: true } }),
        d: stateCleared(),
      });
      const stepped$ = actions$.pipe(tap(() => (now += 1)));
      expectObservable(engineEvents(stepped$, () => states[now - 1]!)).toBe('-b-(dr)', {
        b: { kind: 'activeChanged', active: true },
        d: { kind: 'reset' },
        r: { kind: 'activeChanged', active: false },
      });
    });
  });
});

describe('the video on the element reaches the widget (issue 18; spec 001 §2 video container, §3 subtitle template)', () => {
  const subtitles = [
    { language: 'en', url: 'http://cdn.test/v/subtitles/en.vtt' },
    { language: 'sv', url: 'http://cdn.test/v/subtitles/sv.vtt' },
  ];
  const videoStart = videoStarted({
    playId: 2,
    sourceId: 'src',
    videoCodec: 'avc1.4d401f',
    videoProfile: 1,
    audioProfile: 10,
    width: 426,
    height: 240,
    bitrate: 278000,
    durationMs: 22000,
    subtitles,
  });
  const audioLoad = mediaLoadRequested({ fileId: 'f', protected: true, isAd: false, startMs: 0, autoplay: true });

  it("a video's start is its size and subtitle tracks", () => {
    const event = clientEventOf(videoStart, engineState({}));
    expect(event).toEqual({ kind: 'videoChanged', video: { width: 426, height: 240, subtitles } });
    expect(EngineEventCodec.is(event)).toBe(true);
  });

  it('a track without video, after a video, ends it once; before any video nothing is said; a reset after a video ends it', () => {
    const state = engineState({});
    const events = (actions: Action[]): EngineEvent[] => {
      const passed: EngineEvent[] = [];
      actions
        .flatMap((action) => clientEventsOf(action, state))
        .reduce((last, event) => {
          const next = forward(last, event);
          if (next.event !== null) passed.push(next.event);
          return next;
        }, nothingForwarded);
      return passed.filter((e) => e.kind === 'videoChanged');
    };
    expect(events([audioLoad, audioLoad])).toEqual([]);
    expect(events([videoStart, audioLoad, audioLoad])).toEqual([
      { kind: 'videoChanged', video: { width: 426, height: 240, subtitles } },
      { kind: 'videoChanged', video: null },
    ]);
    expect(events([videoStart, stateCleared()]).map((e) => e.kind === 'videoChanged' && e.video === null)).toEqual([false, true]);
  });
});

describe("a video track's failure reaches the widget with its spec 001 §8 text (issue 18)", () => {
  const failed = mediaPlayerFailed({
    playId: 1,
    code: 'STORAGE_VIDEO_MANIFEST_FAILED',
    message: 'Video manifest request failed with status 403',
    fatal: false,
    detail: null,
  });
  const track = { fileId: 'src', protected: true, isAd: false, startMs: 0, autoplay: true };

  it.each<[string, EngineState['media']['track'], EngineEvent | null]>([
    [
      'a video track: mediaFailed',
      { ...track, video: 'src' },
      { kind: 'mediaFailed', code: 'STORAGE_VIDEO_MANIFEST_FAILED', message: 'Video manifest request failed with status 403' },
    ],
    ["an audio track: the list player's, as before", track, null],
  ])('%s', (_rule, mediaTrack, event) => {
    expect(clientEventOf(failed, engineState({ media: { playId: 1, track: mediaTrack } }))).toEqual(event);
  });
});
