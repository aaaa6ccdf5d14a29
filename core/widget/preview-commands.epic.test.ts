import { createFakePorts, PLAY_REFUSED_MESSAGE, type FakePortsOptions } from '../../adapters/fake';
import * as a from './actions';
import { initialWidgetState } from './state';
import { albumData, testTrack } from './testing/album-data';
import { runScenario, type Scenario } from './testing/scenario';

const SRC1 = 'https://cdn.test/preview/track1.mp3';
const load1 = a.trackLoadDecided({ index: 0, uri: 'spotify:track:track1', src: SRC1 });
const click = a.playToggleRequested({ via: 'button' });

/** Runs the whole widget under virtual time and compares the preview/playback decisions to a marble. */
const scenario = (s: Scenario, options?: FakePortsOptions) =>
  runScenario(s, { makePorts: (scheduler) => createFakePorts(scheduler, options), assertEqual: (x, y) => expect(x).toEqual(y) });

describe('first use (spec 000 §2 first-use rule)', () => {
  it('starts the player once, on the first pointer entry, and loads the first playable track ahead of the click', () => {
    const { ports, state } = scenario({
      ui: '-e-e-',
      inputs: { e: a.pointerEntered() },
      expected: '-(sl)',
      outputs: { s: a.playerStarted(), l: load1 },
    });
    expect(ports.calls.audio).toEqual([`prefetch ${SRC1}`, `load ${SRC1}`]);
    expect(state.player).toMatchObject({ started: true, index: 0, status: 'loading' });
  });

  it('starts on the first playback command when the pointer never entered (keyboard), with a single play() call', () => {
    const { ports } = scenario({
      ui: '-t',
      inputs: { t: a.playToggleRequested({ via: 'keyboard' }) },
      expected: '-(slp)',
      outputs: { s: a.playerStarted(), l: load1, p: a.playDecided() },
    });
    // The load and the one play() run inside the click's own turn (autoplay policy), in this order.
    expect(ports.calls.audio).toEqual([`prefetch ${SRC1}`, `load ${SRC1}`, 'play']);
  });

  it('skips tracks without a preview address or playability when choosing the first track', () => {
    const tracks = [testTrack(1, { audio_preview_url: null }), testTrack(2, { is_playable: false }), testTrack(3)];
    scenario({
      initialState: initialWidgetState(albumData(tracks)),
      ui: '-e',
      inputs: { e: a.pointerEntered() },
      expected: '-(sl)',
      outputs: { s: a.playerStarted(), l: a.trackLoadDecided({ index: 2, uri: 'spotify:track:track3', src: 'https://cdn.test/preview/track3.mp3' }) },
    });
  });
});

describe('prefetch at start-up (before the first-use rule starts the player)', () => {
  it('points the element at the first playable preview, metadata only, once the session starts', () => {
    const { ports } = scenario({
      inputs: {},
      expected: 'f',
      outputs: { f: a.trackPrefetchDecided({ index: 0, uri: 'spotify:track:track1', src: SRC1 }) },
      exclude: [],
      prefixes: ['preview/trackPrefetchDecided'],
    });
    expect(ports.calls.audio).toEqual([`prefetch ${SRC1}`]);
  });

  it('prefetches nothing when no track has a preview address', () => {
    const { ports } = scenario({
      initialState: initialWidgetState(albumData([testTrack(1, { audio_preview_url: null })])),
      inputs: {},
      expected: '',
      outputs: {},
      exclude: [],
    });
    expect(ports.calls.audio).toEqual([]);
  });
});

describe('play/pause toggle (spec 000 §2 button and space bar)', () => {
  it('plays after the pointer entered with one play() and no second load; pauses while playing; plays again', () => {
    const { ports, state } = scenario({
      // pointer at 1, click at 11, playing at 21, click at 31, paused at 41, click at 61.
      ui: '-e 9ms t 19ms t 29ms t',
      adapter: '21ms m 19ms x',
      inputs: { e: a.pointerEntered(), t: click, m: a.mediaPlaying({ positionMs: 0 }), x: a.mediaPaused({ positionMs: 900 }) },
      expected: '-(sl) 6ms p 9ms (cy) 6ms q 9ms z 19ms p',
      outputs: {
        s: a.playerStarted(),
        l: load1,
        p: a.playDecided(),
        c: a.playbackTrackChanged({ uri: 'spotify:track:track1', durationMs: 30000 }),
        y: a.playbackPlayed(),
        q: a.pauseDecided(),
        z: a.playbackPaused(),
      },
    });
    expect(ports.calls.audio).toEqual([`prefetch ${SRC1}`, `load ${SRC1}`, 'play', 'pause', 'play']);
    expect(state.playback).toMatchObject({ isPlaying: false, isPaused: true, trackUri: 'spotify:track:track1' });
  });

  it('spec 001 §4: a refused play() is silently ignored: recorded as playRefused, no error state', () => {
    const { ports, state } = scenario(
      {
        ui: '-t',
        inputs: { t: click },
        expected: '-(slpr)',
        outputs: { s: a.playerStarted(), l: load1, p: a.playDecided(), r: a.playRefused({ message: PLAY_REFUSED_MESSAGE }) },
      },
      { audio: { refusePlay: true } },
    );
    expect(ports.calls.audio).toEqual([`prefetch ${SRC1}`, `load ${SRC1}`, 'play']);
    expect(state.player.error).toBeNull();
    expect(state.playback).toMatchObject({ isPlaying: false, isPaused: false });
  });

  it('spec 001 §4: with no playable track a play command reports the first track unavailable', () => {
    const { ports, state } = scenario({
      initialState: initialWidgetState(albumData([testTrack(1, { is_playable: false })])),
      ui: '-t',
      inputs: { t: click },
      expected: '-(su)',
      outputs: { s: a.playerStarted(), u: a.trackUnavailable({ index: 0, uri: 'spotify:track:track1' }) },
    });
    expect(ports.calls.audio).toEqual(['pause']);
    expect(state.playback).toMatchObject({ isPlaying: false, isPaused: true });
  });
});

describe('seek (spec 000 §5: clamped between 0 and the maximum)', () => {
  it.each([
    [12000, 12000],
    [45000, 30000],
    [-10, 0],
  ])('a seek to %s ms goes to %s ms (the preview length caps the maximum)', (requested, decided) => {
    const { ports } = scenario({
      ui: '-e 3ms k',
      inputs: { e: a.pointerEntered(), k: a.seekRequested({ positionMs: requested }) },
      expected: '-(sl)k',
      outputs: { s: a.playerStarted(), l: load1, k: a.seekDecided({ positionMs: decided }) },
    });
    expect(ports.calls.audio).toEqual([`prefetch ${SRC1}`, `load ${SRC1}`, `seek ${decided}`]);
  });

  it('a seek shorter than the preview cap is clamped to the track length', () => {
    scenario({
      initialState: initialWidgetState(albumData([testTrack(1, { duration_ms: 12000 })])),
      ui: '-k',
      inputs: { k: a.seekRequested({ positionMs: 20000 }) },
      expected: '-(slk)',
      outputs: { s: a.playerStarted(), l: load1, k: a.seekDecided({ positionMs: 12000 }) },
    });
  });
});
