import { produce } from 'immer';
import { createFakePorts, type FakePortsOptions } from '../../adapters/fake';
import type { Track } from '../model/embed-data';
import * as a from './actions';
import { initialWidgetState, type WidgetState } from './state';
import { albumData, testTrack } from './testing/album-data';
import { runScenario, type Scenario } from './testing/scenario';
import { testScheduler } from './testing/marbles';
import { runWidget } from './testing/run-widget';
import { filter, map } from 'rxjs';

const scenario = (s: Scenario, options?: FakePortsOptions) =>
  runScenario(s, { makePorts: (scheduler) => createFakePorts(scheduler, options), assertEqual: (x, y) => expect(x).toEqual(y) });

const tracks = [testTrack(1), testTrack(2), testTrack(3)];
const src = (n: number) => `https://cdn.test/preview/track${n}.mp3`;
const load = (n: number) => a.trackLoadDecided({ index: n - 1, uri: `spotify:track:track${n}`, src: src(n) });

/** The widget while track `n` of `list` plays. */
function playing(n: number, list: ReadonlyArray<Track> = tracks): WidgetState {
  return produce(initialWidgetState(albumData(list)), (s) => {
    s.player = { started: true, index: n - 1, status: 'playing', error: null };
    s.playback = { isPlaying: true, isPaused: false, trackUri: `spotify:track:track${n}`, progress: 0, durationMs: 30000 };
  });
}

describe('media facts -> player events (spec 000 §7 player events, §4 playback state)', () => {
  it('announces the track once when it starts playing, then play, progress and pause', () => {
    const { state } = scenario({
      initialState: produce(playing(2), (s) => {
        s.player.status = 'loading';
        s.playback = { isPlaying: false, isPaused: false, trackUri: null, progress: 0, durationMs: null };
      }),
      adapter: '-m 3ms t-x-m',
      inputs: { m: a.mediaPlaying({ positionMs: 0 }), t: a.mediaTimeUpdated({ positionMs: 250 }), x: a.mediaPaused({ positionMs: 250 }) },
      expected: '-(cy)t-x-y',
      outputs: {
        c: a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }),
        y: a.playbackPlayed(),
        t: a.playbackProgressed({ progress: 250 }),
        x: a.playbackPaused(),
      },
    });
    expect(state.playback).toEqual({ isPlaying: true, isPaused: false, trackUri: 'spotify:track:track2', progress: 250, durationMs: 30000 });
  });

  it("decodes the audio port's raw facts (bindAdapterFacts) into the same events", () => {
    const scheduler = testScheduler((x, y) => expect(x).toEqual(y));
    const ports = createFakePorts(scheduler);
    scheduler.run(({ expectObservable }) => {
      scheduler.schedule(() => ports.emitAudioFact({ kind: 'timeupdate', positionMs: 1499.6, durationMs: 30000 }), 2);
      scheduler.schedule(() => ports.emitAudioFact({ kind: 'error', positionMs: 1500, durationMs: 30000, errorCode: 2 }), 4);
      const inputs = runWidget({ initialState: playing(1), ports }).pipe(
        filter((e) => e.src === 'adapter' && e.action.type.startsWith('media/')),
        map((e) => e.action),
      );
      expectObservable(inputs).toBe('--t-f', {
        t: a.mediaTimeUpdated({ positionMs: 1500 }),
        f: a.mediaFailed({ code: 'MEDIA_NETWORK_ERROR', message: 'Network error.' }),
      });
    });
  });
});

describe('preview cap (spec 000 §4 Preview mode: 30000 ms)', () => {
  it('at 30000 ms pauses the track and moves on as if it ended, even when the file is longer', () => {
    const long = [testTrack(1, { duration_ms: 240000 }), testTrack(2)];
    const { ports, state } = scenario({
      initialState: playing(1, long),
      adapter: '-t-u 6ms v',
      inputs: {
        t: a.mediaTimeUpdated({ positionMs: 29750 }),
        u: a.mediaTimeUpdated({ positionMs: 30010 }),
        v: a.mediaTimeUpdated({ positionMs: 30260 }),
      },
      // The late update of the old file (v) changes nothing but the progress.
      expected: '-p-(qcxlz)v',
      outputs: {
        p: a.playbackProgressed({ progress: 29750 }),
        q: a.playbackProgressed({ progress: 30010 }),
        c: a.previewCapReached({ positionMs: 30010 }),
        x: a.pauseDecided(),
        l: load(2),
        z: a.playDecided(),
        v: a.playbackProgressed({ progress: 30260 }),
      },
    });
    expect(ports.calls.audio).toEqual(['pause', `load ${src(2)}`, 'play']);
    expect(state.player).toMatchObject({ index: 1, status: 'loading' });
  });

  it('below 30000 ms nothing happens', () => {
    const { ports } = scenario({
      initialState: playing(1),
      adapter: '-t',
      inputs: { t: a.mediaTimeUpdated({ positionMs: 29999 }) },
      expected: '-p',
      outputs: { p: a.playbackProgressed({ progress: 29999 }) },
    });
    expect(ports.calls.audio).toEqual([]);
  });
});

describe('track end (spec 001 §4 Preview player: next wraps to the first)', () => {
  it('plays the next track when one ends', () => {
    const { ports } = scenario({
      initialState: playing(1),
      adapter: '-x-e',
      inputs: { x: a.mediaPaused({ positionMs: 30000 }), e: a.mediaEnded() },
      expected: '-p-(lz)',
      outputs: { p: a.playbackPaused(), l: load(2), z: a.playDecided() },
    });
    expect(ports.calls.audio).toEqual([`load ${src(2)}`, 'play']);
  });

  it('after the last track wraps to the first and stops there, paused at 0 (our choice: no endless loop)', () => {
    const { ports, state } = scenario({
      initialState: playing(3),
      adapter: '-x-e',
      inputs: { x: a.mediaPaused({ positionMs: 30000 }), e: a.mediaEnded() },
      expected: '-p-(lpc)',
      outputs: {
        p: a.playbackPaused(),
        l: load(1),
        c: a.playbackTrackChanged({ uri: 'spotify:track:track1', durationMs: 30000 }),
      },
    });
    expect(ports.calls.audio).toEqual([`load ${src(1)}`]);
    expect(state.playback).toMatchObject({ isPlaying: false, isPaused: true, trackUri: 'spotify:track:track1', progress: 0 });
  });

  it('a list of one rewinds to 0 and stays paused; the next click plays it again', () => {
    const single = [testTrack(1)];
    const { ports } = scenario({
      initialState: produce(playing(1, single), (s) => {
        s.playback.progress = 29900;
      }),
      adapter: '-e',
      ui: '- 6ms t',
      inputs: { e: a.mediaEnded(), t: a.playToggleRequested({ via: 'button' }) },
      expected: '-(lpr) 1ms z',
      outputs: { l: load(1), p: a.playbackPaused(), r: a.playbackProgressed({ progress: 0 }), z: a.playDecided() },
    });
    expect(ports.calls.audio).toEqual([`load ${src(1)}`, 'play']);
  });

  it('spec 001 §4: a next track without playability or preview address triggers the unavailable-track callback', () => {
    const list = [testTrack(1), testTrack(2, { audio_preview_url: null }), testTrack(3)];
    const { ports, state } = scenario({
      initialState: playing(1, list),
      adapter: '-e',
      inputs: { e: a.mediaEnded() },
      expected: '-u',
      outputs: { u: a.trackUnavailable({ index: 1, uri: 'spotify:track:track2' }) },
    });
    expect(ports.calls.audio).toEqual(['pause']);
    expect(state.playback).toMatchObject({ isPlaying: false, isPaused: true });
  });

  it('an end that arrives while the next track loads (from the old file) is ignored', () => {
    const { ports } = scenario({
      initialState: produce(playing(2), (s) => {
        s.player.status = 'loading';
      }),
      adapter: '-e',
      inputs: { e: a.mediaEnded() },
      expected: '',
      outputs: {},
    });
    expect(ports.calls.audio).toEqual([]);
  });
});
