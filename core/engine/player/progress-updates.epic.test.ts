import { NEVER } from 'rxjs';
import { tap } from 'rxjs/operators';
import { TestScheduler } from 'rxjs/testing';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import { stateCleared, stateUpdateRequested } from '../device/actions';
import { mediaElementFact } from '../media/actions';
import { stallEnded, stallStarted, trackingStarted, trackPaused, trackPlaying } from '../tracking/actions';
import { machineLoaded } from './actions';
import type { EngineDeps, EngineState } from './deps';
import { engineReducer } from './index';
import { progressUpdatesEpic } from './progress-updates.epic';
import { engineState, mediaTrack, planOf, stateMachine, trackUri } from './testing/engine-state';

/*
 * spec 001 §4 State update sends, reason 'progress'; §3 State machine tracks carry
 * ms_playing_update_interval. The epic reads the engine's state; each test folds the facts of a
 * playback through the engine's reducer at their virtual times and reads the epic's updates as marbles.
 */

const INTERVAL = 10000;
const DURATION = 200000;
const machine = stateMachine(2, { tracks: { 0: { ms_playing_update_interval: INTERVAL }, 1: { ms_playing_update_interval: INTERVAL } } });

const started = (index: number, at: number) =>
  trackingStarted({
    playbackId: `p${index}`,
    trackUri: trackUri(index),
    fileId: `f${index}-160`,
    at,
    startPositionMs: 0,
    reasonStart: 'remote',
    initiallyPaused: false,
    playedThresholdMs: 30000,
    keySystem: 'org.w3.clearkey',
    audioCodec: 'mp4a.40.2',
    bitrate: 160000,
  });

/** A position reported by the media element (what a progress update carries). */
const at = (positionMs: number) => mediaElementFact({ kind: 'timeupdate', positionMs, durationMs: 0, bufferedEndMs: positionMs, errorCode: null });

const fold = (state: EngineState, ...actions: Action[]): EngineState => actions.reduce(engineReducer, state);

/** The machine loaded, the media player playing a 200 s track, nothing tracked yet. */
const loaded = fold(
  engineState({ media: { status: 'playing', track: mediaTrack(), plan: planOf(DURATION), positionMs: 0 } }),
  machineLoaded({ machine, index: 0, startMs: 0, autoplay: true }),
);

/** spec 001 §3 playback_stats ride along: the played time when `msPlayed` is given, else any stats. */
const progress = (position: number, msPlayed?: number) =>
  stateUpdateRequested({
    reason: 'progress',
    position,
    duration: DURATION,
    playbackStats: expect.objectContaining(msPlayed === undefined ? { ms_played: expect.any(Number) } : { ms_played: msPlayed, n_stalls: 0 }),
  });

/** Runs the epic until `untilMs` over states given as hot marbles (each folded from the previous one). */
function run(
  untilMs: number,
  stateMarbles: string,
  steps: Record<string, (previous: EngineState) => EngineState>,
  expected: string,
  values: Record<string, Action>,
): void {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ hot, expectObservable }) => {
    let current = loaded;
    const keys = stateMarbles.replace(/\d+ms/g, '').replace(/[^a-z]/g, '');
    const states: Record<string, EngineState> = {};
    let previous = loaded;
    for (const key of keys) {
      const step = steps[key];
      if (step === undefined) throw new Error(`no step for state ${key}`);
      previous = step(previous);
      states[key] = previous;
    }
    const source = hot(stateMarbles, states).pipe(tap((s) => (current = s)));
    const state$ = Object.defineProperty(source, 'value', { get: () => current }) as StateObservable<EngineState>;
    const deps = { clock: { now: () => scheduler.now() }, scheduler } as unknown as EngineDeps;
    expectObservable(progressUpdatesEpic(NEVER, state$, deps), `^ ${untilMs - 1}ms !`).toBe(expected, values);
  });
}

describe('progressUpdatesEpic (spec 001 §4 State update sends: progress every ms_playing_update_interval ms of playing, §3)', () => {
  it('sends a progress update every interval of playing, with the position last reported, the duration and the played time (playback_stats)', () => {
    run(
      35000,
      'a 5999ms b 5999ms c',
      {
        a: (s) => fold(s, started(0, 0), trackPlaying({ playbackId: 'p0', at: 0 })),
        b: (s) => fold(s, at(6000)),
        c: (s) => fold(s, at(12000)),
      },
      '10000ms x 9999ms y 9999ms z',
      { x: progress(6000, 10000), y: progress(12000, 20000), z: progress(12000, 30000) },
    );
  });

  it('stops while paused and, on resume, goes on with the playing time left of the interval; a new track starts its own count', () => {
    // Track 0 plays 0-15 s (update at 10 s), is paused 15-25 s, plays again from 25 s: 20 s played
    // at 30 s, 30 s at 40 s. Track 1 starts playing at 45 s: its first update is at 55 s.
    run(
      70000,
      'a 14999ms b 9999ms c 19999ms d',
      {
        a: (s) => fold(s, started(0, 0), trackPlaying({ playbackId: 'p0', at: 0 })),
        b: (s) => fold(s, at(15000), trackPaused({ playbackId: 'p0', at: 15000 })),
        c: (s) => fold(s, trackPlaying({ playbackId: 'p0', at: 25000 })),
        d: (s) => fold(s, at(35000), started(1, 45000), at(0), trackPlaying({ playbackId: 'p1', at: 45000 })),
      },
      '10000ms a 19999ms b 9999ms c 14999ms d 9999ms e',
      { a: progress(0), b: progress(15000), c: progress(15000), d: progress(0), e: progress(0) },
    );
  });

  it('a stall stops the played clock as a pause does (spec 001 §4 Tracking counts playing time)', () => {
    run(
      20000,
      'a 3999ms b 4999ms c',
      {
        a: (s) => fold(s, started(0, 0), trackPlaying({ playbackId: 'p0', at: 0 })),
        b: (s) => fold(s, stallStarted({ playbackId: 'p0', at: 4000 })),
        c: (s) => fold(s, stallEnded({ playbackId: 'p0', at: 9000 })),
      },
      // 4 s played before the stall, 6 s more from 9 s: the update comes at 15 s.
      '15000ms x',
      { x: progress(0) },
    );
  });

  it('a clock change at the very moment an update is due neither skips nor repeats it', () => {
    run(
      25000,
      'a 9999ms b',
      {
        a: (s) => fold(s, started(0, 0), trackPlaying({ playbackId: 'p0', at: 0 })),
        // The element reports playing again at 10 s: the record banks 10 s played.
        b: (s) => fold(s, trackPlaying({ playbackId: 'p0', at: 10000 })),
      },
      '10000ms x 9999ms y',
      { x: progress(0), y: progress(0) },
    );
  });

  it('no update once the state is cleared (stopped), nor for a track the machine does not have', () => {
    run(
      60000,
      'a 4999ms b',
      {
        a: (s) => fold(s, started(0, 0), trackPlaying({ playbackId: 'p0', at: 0 })),
        b: (s) => fold(s, stateCleared()),
      },
      '',
      {},
    );
    run(60000, 'a', { a: (s) => fold(s, started(7, 0), trackPlaying({ playbackId: 'p7', at: 0 })) }, '', {});
  });

  it('an interval of 0 sends nothing', () => {
    const none = stateMachine(1, { tracks: { 0: { ms_playing_update_interval: 0 } } });
    run(
      60000,
      'a',
      { a: (s) => fold(s, machineLoaded({ machine: none, index: 0, startMs: 0, autoplay: true }), started(0, 0), trackPlaying({ playbackId: 'p0', at: 0 })) },
      '',
      {},
    );
  });
});
