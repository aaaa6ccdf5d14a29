import { createFakePorts } from '../../adapters/fake';
import * as a from './actions';
import { initialWidgetState } from './state';
import { albumData, testTrack } from './testing/album-data';
import { runScenario, type Scenario } from './testing/scenario';
import { SKIP_STEP_MS } from './track-commands';

const src = (n: number) => `https://cdn.test/preview/track${n}.mp3`;
const load = (n: number) => a.trackLoadDecided({ index: n - 1, uri: `spotify:track:track${n}`, src: src(n) });
const scenario = (s: Scenario) => runScenario(s, { makePorts: (scheduler) => createFakePorts(scheduler), assertEqual: (x, y) => expect(x).toEqual(y) });

describe('track list rows (spec 000 §2: clicking a row plays that track by its index)', () => {
  it('a first click on row 3 starts the player and loads and plays track 3 only (no load of track 1 first)', () => {
    const { ports } = scenario({
      ui: '-r',
      inputs: { r: a.trackRowClicked({ index: 2 }) },
      expected: '-(slp)',
      outputs: { s: a.playerStarted(), l: load(3), p: a.playDecided() },
    });
    expect(ports.calls.audio).toEqual([`prefetch ${src(1)}`, `load ${src(3)}`, 'play']);
  });

  it('a row click while another track plays loads and plays that row; its playing fact changes the track', () => {
    const { state } = scenario({
      ui: '-t 12ms r',
      adapter: '8ms m 11ms n',
      inputs: {
        t: a.playToggleRequested({ via: 'button' }),
        m: a.mediaPlaying({ positionMs: 0 }),
        r: a.trackRowClicked({ index: 1 }),
        n: a.mediaPlaying({ positionMs: 0 }),
      },
      expected: '-(slp) 2ms (cy) 2ms (LP) 2ms (Cy)',
      outputs: {
        s: a.playerStarted(),
        l: load(1),
        p: a.playDecided(),
        c: a.playbackTrackChanged({ uri: 'spotify:track:track1', durationMs: 30000 }),
        y: a.playbackPlayed(),
        L: load(2),
        P: a.playDecided(),
        C: a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }),
      },
    });
    expect(state.player.index).toBe(1);
    expect(state.playback.trackUri).toBe('spotify:track:track2');
  });

  it('clicking the loaded row starts it over: a seek to 0 and play (a load of the same file would not rewind)', () => {
    scenario({
      ui: '-t 9ms r',
      inputs: { t: a.playToggleRequested({ via: 'button' }), r: a.trackRowClicked({ index: 0 }) },
      expected: '-(slp) 5ms (kP)',
      outputs: { s: a.playerStarted(), l: load(1), p: a.playDecided(), k: a.seekDecided({ positionMs: 0 }), P: a.playDecided() },
    });
  });

  it('spec 001 §4: a row without playability or preview address reports the track unavailable', () => {
    const { ports } = scenario({
      initialState: initialWidgetState(albumData([testTrack(1), testTrack(2, { audio_preview_url: null })])),
      ui: '-r',
      inputs: { r: a.trackRowClicked({ index: 1 }) },
      expected: '-(su)',
      outputs: { s: a.playerStarted(), u: a.trackUnavailable({ index: 1, uri: 'spotify:track:track2' }) },
    });
    expect(ports.calls.audio).toEqual([`prefetch ${src(1)}`, 'pause']);
  });

  it('an index outside the list decides nothing beyond starting the player', () => {
    scenario({ ui: '-r', inputs: { r: a.trackRowClicked({ index: 7 }) }, expected: '-s', outputs: { s: a.playerStarted() } });
  });
});

describe('skip buttons (spec 000 §4 SKIP_NEXT/SKIP_PREV; spec 001 §4: next wraps to the first, previous goes to the prior index)', () => {
  it('before anything played, next plays the track after the first playable one', () => {
    scenario({
      ui: '-n',
      inputs: { n: a.skipNextRequested() },
      expected: '-(slp)',
      outputs: { s: a.playerStarted(), l: load(2), p: a.playDecided() },
    });
  });

  it('next from the last track wraps to the first; previous at the first starts it over', () => {
    scenario({
      ui: '-r 9ms n 9ms b 9ms b',
      inputs: { r: a.trackRowClicked({ index: 2 }), n: a.skipNextRequested(), b: a.skipPrevRequested() },
      expected: '-(s3p) 5ms (1p) 6ms (0p) 6ms (0p)',
      outputs: { s: a.playerStarted(), 0: a.seekDecided({ positionMs: 0 }), 1: load(1), 3: load(3), p: a.playDecided() },
    });
  });

  it('previous from the third track plays the second', () => {
    scenario({
      ui: '-r 9ms b',
      inputs: { r: a.trackRowClicked({ index: 2 }), b: a.skipPrevRequested() },
      expected: '-(s3p) 5ms (2p)',
      outputs: { s: a.playerStarted(), 2: load(2), 3: load(3), p: a.playDecided() },
    });
  });

  it('an empty list only starts the player', () => {
    scenario({
      initialState: initialWidgetState(albumData([])),
      ui: '-n',
      inputs: { n: a.skipNextRequested() },
      expected: '-s',
      outputs: { s: a.playerStarted() },
    });
  });
});

describe('back / forward 15 seconds (spec 000 §9 skip step 15 s; §5 seek clamped to 0..duration)', () => {
  it('the step is 15000 ms', () => expect(SKIP_STEP_MS).toBe(15000));

  it('moves from the position and clamps at 0 and at the (preview-capped) length', () => {
    const fwd = a.seekByRequested({ deltaMs: SKIP_STEP_MS });
    const back = a.seekByRequested({ deltaMs: -SKIP_STEP_MS });
    const { ports } = scenario({
      ui: '-e 3ms f 4ms f 4ms f 4ms b 4ms b 4ms b',
      inputs: { e: a.pointerEntered(), f: fwd, b: back },
      expected: '-(sl) 1 4ms 2 4ms 2 4ms 1 4ms 0 4ms 0',
      outputs: {
        s: a.playerStarted(),
        l: load(1),
        0: a.seekDecided({ positionMs: 0 }),
        1: a.seekDecided({ positionMs: 15000 }),
        2: a.seekDecided({ positionMs: 30000 }),
      },
    });
    expect(ports.calls.audio.filter((c) => c.startsWith('seek'))).toEqual(['seek 15000', 'seek 30000', 'seek 30000', 'seek 15000', 'seek 0', 'seek 0']);
  });
});
