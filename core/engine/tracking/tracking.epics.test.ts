import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import type { Action } from '../../store/action';
import { createStore } from '../../store/store';
import * as A from './actions';
import { FINALISED_TWICE_MESSAGE } from './constants';
import type { TrackingDeps } from './deps';
import { trackingEpics } from './index';
import { trackingReducer } from './reducer';
import { initialTrackingState, type TrackingState } from './state';

const P = 'pb1';
const start = (playedThresholdMs: number | null = null, playbackId = P) =>
  A.trackingStarted({
    playbackId,
    trackUri: 'spotify:track:1',
    fileId: 'f',
    at: 0,
    startPositionMs: 0,
    reasonStart: 'clickrow',
    initiallyPaused: false,
    playedThresholdMs,
    keySystem: 'none',
    audioCodec: 'mp4a.40.2',
    bitrate: 160000,
  });

/** The tracking store on virtual time; inputs get their own time stamped as `at`. */
function marbles(inputs: ReadonlyArray<readonly [number, Action | ((at: number) => Action)]>, expected: string, values: Record<string, Action>, until = 60000) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ expectObservable }) => {
    const deps: TrackingDeps = { clock: { now: () => scheduler.now() }, scheduler };
    const store = createStore({
      reducer: (s: { tracking: TrackingState }, a: Action) => ({ tracking: trackingReducer(s.tracking, a) }),
      epics: trackingEpics,
      deps,
      initialState: { tracking: initialTrackingState },
    });
    for (const [t, input] of inputs) scheduler.schedule(() => store.dispatch(typeof input === 'function' ? input(t) : input), t);
    scheduler.schedule(() => store.stop(), until);
    expectObservable(
      store.envelopes$.pipe(
        filter((e) => e.src === 'epic'),
        map((e) => e.action),
      ),
    ).toBe(expected, values);
  });
}

const playing = (at: number) => A.trackPlaying({ playbackId: P, at });
const paused = (at: number) => A.trackPaused({ playbackId: P, at });

describe('tracking timers (spec 001 §4 Tracking, §9 Played threshold) as marbles', () => {
  it('started_playing after more than 1000 ms played (1001 ms), the played threshold after 31000 ms by default', () => {
    marbles(
      [
        [0, start()],
        [0, playing],
      ],
      '1001ms s 29998ms t',
      {
        s: A.startedPlaying({ playbackId: P, msPlayed: 1001 }),
        t: A.playedThresholdReached({ playbackId: P, msPlayed: 31000 }),
      },
    );
  });

  it('the list player threshold is 30000 ms', () => {
    marbles(
      [
        [0, start(30000)],
        [0, playing],
      ],
      '1001ms s 28998ms t',
      {
        s: A.startedPlaying({ playbackId: P, msPlayed: 1001 }),
        t: A.playedThresholdReached({ playbackId: P, msPlayed: 30000 }),
      },
    );
  });

  it('paused time does not count: 600 ms played, paused 5000 ms, then 401 ms more → started_playing at 6001 ms', () => {
    marbles(
      [
        [0, start(30000)],
        [0, playing],
        [600, paused],
        [5600, playing],
      ],
      '6001ms s 28998ms t',
      {
        s: A.startedPlaying({ playbackId: P, msPlayed: 1001 }),
        t: A.playedThresholdReached({ playbackId: P, msPlayed: 30000 }),
      },
    );
  });

  it('a stall stops the played clock; facts of another playback do not cancel the timers', () => {
    marbles(
      [
        [0, start(30000)],
        [0, playing],
        [500, (at) => A.stallStarted({ playbackId: P, at })],
        [2500, (at) => A.stallEnded({ playbackId: P, at })],
        [2600, start(null, 'pb2')],
      ],
      '3001ms s 28998ms t',
      { s: A.startedPlaying({ playbackId: P, msPlayed: 1001 }), t: A.playedThresholdReached({ playbackId: P, msPlayed: 30000 }) },
    );
  });

  it('no threshold for a record finalised before it (stopped after 800 ms)', () => {
    const stop = A.finaliseRequested({ playbackId: P, at: 800, positionMs: 800, reasonEnd: 'fwdbtn' });
    marbles(
      [
        [0, start()],
        [0, playing],
        [800, stop],
      ],
      '800ms f',
      { f: A.trackingFinalised({ playbackId: P, at: 800, positionMs: 800, reasonEnd: 'fwdbtn' }) },
    );
  });

  it('spec 001 §4 Tracking: finalisation happens once; a second one raises an error', () => {
    const stop = (at: number) => A.finaliseRequested({ playbackId: P, at, positionMs: 100, reasonEnd: 'trackdone' });
    marbles(
      [
        [0, start()],
        [100, stop],
        [200, stop],
      ],
      '100ms f 99ms e',
      {
        f: A.trackingFinalised({ playbackId: P, at: 100, positionMs: 100, reasonEnd: 'trackdone' }),
        e: A.finaliseRefused({ playbackId: P, message: FINALISED_TWICE_MESSAGE }),
      },
    );
  });
});
