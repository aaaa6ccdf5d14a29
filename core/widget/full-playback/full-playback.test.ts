import type { SchedulerLike } from 'rxjs';
import { createFakePorts } from '../../../adapters/fake';
import type { Action } from '../../store/action';
import * as a from '../actions';
import { EME_NO_SUPPORTED_KEYSYSTEM } from '../../contract';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { runScenario, type Scenario } from '../testing/scenario';
import { muteToggled, volumeChanged, volumeRestored } from '../volume/actions';
import { engineActiveChanged, engineEventRejected, engineMediaFailed } from './actions';
import { engineClientEvent, engineCommandDecided, engineVideoChanged } from './contract-actions';
import { widgetReducer } from '../reducer';
import { fullPlaybackDecisions } from './decisions';
import { decodeEngineEvent } from './engine-facts';

const SRC1 = 'https://cdn.test/preview/track1.mp3';
const ALBUM = 'spotify:album:album1';
const click = a.playToggleRequested({ via: 'button' });
const command = (c: Parameters<typeof engineCommandDecided>[0]['command']) => engineCommandDecided({ command: c });

const anonymous = (): WidgetState => initialWidgetState(albumData());
/** spec 000 §4 Preview mode is off: logged in, with an access token, not mobile, not Safari. */
const loggedIn = (patch: Partial<WidgetState> = {}): WidgetState => ({ ...anonymous(), session: { loggedIn: true, accessToken: 'token' }, ...patch });
const withPlayback = (playback: Partial<WidgetState['playback']>): WidgetState => {
  const state = loggedIn();
  return { ...state, playback: { ...state.playback, ...playback } };
};

/** The whole widget on virtual time; `engineEvents` are what the fake engine says, at their frames. */
const scenario = (s: Scenario, engineEvents: ReadonlyArray<readonly [number, unknown]> = []) =>
  runScenario(s, {
    makePorts: (scheduler: SchedulerLike) => {
      const ports = createFakePorts(scheduler);
      for (const [frame, event] of engineEvents) scheduler.schedule(() => ports.emitEngineEvent(event), frame);
      return ports;
    },
    assertEqual: (x, y) => expect(x).toEqual(y),
  });

describe('full-playback decisions (spec 000 §4 "Otherwise full playback"; spec 001 §4 Commands, Client lifecycle)', () => {
  it.each<[string, WidgetState, Action, Action[]]>([
    [
      'the first pointer entry initialises the engine (spec 001 §4 Client lifecycle) and has it follow the devices (issue 16)',
      loggedIn(),
      a.pointerEntered(),
      [command({ kind: 'initialise' }), command({ kind: 'observe' })],
    ],
    ['play with nothing loaded plays the embedded resource from its first track', loggedIn(), click, [command({ kind: 'play', contextUri: ALBUM, index: 0 })]],
    ['play while playing pauses', withPlayback({ isPlaying: true, trackUri: 'spotify:track:track1' }), click, [command({ kind: 'pause' })]],
    ['play while paused on a track resumes', withPlayback({ isPlaying: false, trackUri: 'spotify:track:track1' }), click, [command({ kind: 'resume' })]],
    ['a track row plays the context from that row', loggedIn(), a.trackRowClicked({ index: 2 }), [command({ kind: 'play', contextUri: ALBUM, index: 2 })]],
    ['next', loggedIn(), a.skipNextRequested(), [command({ kind: 'next' })]],
    ['previous', loggedIn(), a.skipPrevRequested(), [command({ kind: 'previous' })]],
    ['seek', loggedIn(), a.seekRequested({ positionMs: 32000 }), [command({ kind: 'seek', positionMs: 32000 })]],
    ['seek by (spec 001 §9 seek step 15000 ms)', loggedIn(), a.seekByRequested({ deltaMs: 15000 }), [command({ kind: 'seekBy', deltaMs: 15000 })]],
    ['an action that is no command decides nothing', loggedIn(), a.playbackPlayed(), []],
  ])('%s', (_rule, state, action, expected) => {
    expect(fullPlaybackDecisions(state, action)).toEqual(expected);
  });

  it('a volume change or a mute sends the volume the widget then has (spec 001 §5 volume in [0, 1])', () => {
    const { ports } = scenario({
      initialState: loggedIn(),
      ui: '-v-m',
      inputs: { v: volumeChanged({ volume: 0.25 }), m: muteToggled() },
      prefixes: ['full/'],
      expected: '-a-b',
      outputs: { a: command({ kind: 'volume', volume: 0.25 }), b: command({ kind: 'volume', volume: 0 }) },
    });
    expect(ports.calls.engine).toEqual([
      { kind: 'volume', volume: 0.25 },
      { kind: 'volume', volume: 0 },
    ]);
  });
});

describe('who plays through the engine (spec 000 §4 Preview mode; issue 5 Widget: logged-in visitors play through the engine, anonymous ones keep the preview)', () => {
  it('a logged-in visitor with a token: the play goes to the engine, the preview player stays idle', () => {
    const { ports } = scenario({
      initialState: loggedIn(),
      ui: '-t',
      inputs: { t: click },
      prefixes: ['full/', 'preview/'],
      expected: '-c',
      outputs: { c: command({ kind: 'play', contextUri: ALBUM, index: 0 }) },
    });
    expect(ports.calls.engine).toEqual([{ kind: 'play', contextUri: ALBUM, index: 0 }]);
    expect(ports.calls.audio).toEqual([]);
  });

  it.each<[string, WidgetState]>([
    ['anonymous (no session)', anonymous()],
    ['a token but not logged in', loggedIn({ session: { loggedIn: false, accessToken: 'token' } })],
    ['logged in without a token', loggedIn({ session: { loggedIn: true, accessToken: null } })],
    ['logged in on mobile', loggedIn({ platform: { ...anonymous().platform, isMobile: true } })],
    ['logged in on Safari', loggedIn({ platform: { ...anonymous().platform, isSafari: true } })],
  ])('%s: the preview plays and the engine is never asked (its bundle is never loaded)', (_rule, initialState) => {
    const { ports } = scenario({
      initialState,
      ui: '-e-t',
      inputs: { e: a.pointerEntered(), t: click },
      prefixes: ['full/'],
      expected: '----',
      outputs: {},
    });
    expect(ports.calls.engine).toEqual([]);
    expect(ports.calls.audio).toContain(`load ${SRC1}`);
  });
});

describe('engine events as widget facts (spec 001 §4 Events forwarded; spec 000 §4 Playback state)', () => {
  it.each<[string, unknown, Action]>([
    [
      'track change: TRACK_CHANGE with its uri',
      { kind: 'trackChanged', uri: 'spotify:track:track2', durationMs: 200002 },
      a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 200002 }),
    ],
    ['play: PLAY', { kind: 'played' }, a.playbackPlayed()],
    ['pause: PAUSE', { kind: 'paused' }, a.playbackPaused()],
    ['progress: PROGRESS_UPDATE', { kind: 'progress', positionMs: 32500 }, a.playbackProgressed({ progress: 32500 })],
    ['reset: RESET', { kind: 'reset' }, a.playbackReset()],
    [
      'initialization failure, with its code and message',
      { kind: 'initializationFailed', code: EME_NO_SUPPORTED_KEYSYSTEM, message: 'No supported keysystem was found.' },
      a.playerInitFailed({ code: EME_NO_SUPPORTED_KEYSYSTEM, message: 'No supported keysystem was found.' }),
    ],
    [
      'spec 000 §8: a content-licence failure, for the playback-not-supported modal',
      { kind: 'licenceFailed', code: 'EME_WIDEVINE_PARSE_FAILURE', message: 'widevine error' },
      a.licenseFailed({ code: 'EME_WIDEVINE_PARSE_FAILURE', message: 'widevine error' }),
    ],
    [
      'spec 001 §4 client event (here playback_capped): recorded as heard',
      { kind: 'clientEvent', name: 'playback_capped' },
      engineClientEvent({ name: 'playback_capped' }),
    ],
    [
      "spec 001 §4 volume change: the control shows the engine's volume (not sent back as a command)",
      { kind: 'volume', volume: 0.4 },
      volumeRestored({ volume: 0.4 }),
    ],
    ['spec 001 §4 active-state change', { kind: 'activeChanged', active: false }, engineActiveChanged({ active: false })],
    [
      'spec 001 §4 max-list-errors: the list stopped, shown as the unavailable notice of its last track',
      { kind: 'listStopped', reason: 'maxListErrors', index: 3, uri: 'spotify:track:track4' },
      a.trackUnavailable({ index: 3, uri: 'spotify:track:track4' }),
    ],
    [
      "issue 18: a video track's video (its size, its subtitle tracks)",
      { kind: 'videoChanged', video: { width: 426, height: 240, subtitles: [{ language: 'sv', url: 'http://cdn.test/subtitles/sv.vtt' }] } },
      engineVideoChanged({ video: { width: 426, height: 240, subtitles: [{ language: 'sv', url: 'http://cdn.test/subtitles/sv.vtt' }] } }),
    ],
    ['issue 18: no video any more', { kind: 'videoChanged', video: null }, engineVideoChanged({ video: null })],
    [
      "issue 18: a video track's failure, with its spec 001 §8 text",
      { kind: 'mediaFailed', code: 'STORAGE_VIDEO_MANIFEST_FAILED', message: 'Video manifest request failed with status 403' },
      engineMediaFailed({ code: 'STORAGE_VIDEO_MANIFEST_FAILED', message: 'Video manifest request failed with status 403' }),
    ],
  ])('%s', (_rule, raw, expected) => {
    expect(decodeEngineEvent(raw)).toEqual(expected);
  });

  it("issue 18: the widget's state holds the engine's video while it plays, and has none after (absent, as before video)", () => {
    const video = { width: 854, height: 480, subtitles: [{ language: 'en', url: 'http://cdn.test/subtitles/en.vtt' }] };
    const shown = widgetReducer(loggedIn(), decodeEngineEvent({ kind: 'videoChanged', video }));
    expect(shown.video).toEqual(video);
    const gone = widgetReducer(shown, decodeEngineEvent({ kind: 'videoChanged', video: null }));
    expect('video' in gone).toBe(false);
    expect(gone).toEqual(loggedIn());
  });

  it.each([
    ['an unknown kind', { kind: 'exploded' }],
    ['a progress without its position', { kind: 'progress' }],
    ['not an object', 'played'],
  ])('%s is rejected with a named error, not dispatched as playback', (_rule, raw) => {
    const action = decodeEngineEvent(raw);
    expect(engineEventRejected.match(action)).toBe(true);
    expect(action).toMatchObject({ err: expect.stringMatching(/^Invalid engine event: /) });
  });

  it('spec 001 §4 max-list-errors: a list the engine stopped shows the unavailable-track notice and the widget stops playing', () => {
    const { state } = scenario(
      {
        initialState: loggedIn(),
        ui: '-t',
        inputs: { t: click },
        prefixes: ['full/'],
        expected: '-c',
        outputs: { c: command({ kind: 'play', contextUri: ALBUM, index: 0 }) },
      },
      [
        [3, { kind: 'played' }],
        [4, { kind: 'listStopped', reason: 'maxListErrors', index: 5, uri: 'spotify:track:track6' }],
      ],
    );
    expect(state.modal).toEqual({ kind: 'unavailable-track', textKey: 'embed_track_not_available' });
    expect(state.playback.isPlaying).toBe(false);
  });

  it("spec 000 §4 Initialization failure: the engine's 'No supported keysystem was found.' falls back to preview, which plays what was asked", () => {
    const failure = { kind: 'initializationFailed', code: EME_NO_SUPPORTED_KEYSYSTEM, message: 'No supported keysystem was found.' };
    const { state, ports } = scenario(
      {
        initialState: loggedIn(),
        ui: '-t',
        inputs: { t: click },
        prefixes: ['full/', 'playback/previewForced', 'preview/playDecided'],
        expected: '-c-(fp)',
        outputs: { c: command({ kind: 'play', contextUri: ALBUM, index: 0 }), f: a.previewForced({ code: EME_NO_SUPPORTED_KEYSYSTEM }), p: a.playDecided() },
      },
      [[3, failure]],
    );
    expect(state.platform.forcePreview).toBe(true);
    expect(ports.calls.audio).toEqual([`load ${SRC1}`, 'play']);
  });
});
