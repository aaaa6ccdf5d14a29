import { EMPTY, interval } from 'rxjs';
import { distinctUntilChanged, map, switchMap } from 'rxjs/operators';
import { PROGRESS_TICK_MS } from '../media/constants';
import { progressed } from './actions';
import type { PlayerEpic } from './deps';

/**
 * spec 001 §4 Events forwarded: progress; §9 Position updates / progress tick: 500 ms. While the
 * media player plays, every tick carries the position it last reported and the track's duration.
 */
export const progressEpic: PlayerEpic = (_action$, state$, deps) =>
  state$.pipe(
    map((s) => s.media.status === 'playing'),
    distinctUntilChanged(),
    switchMap((playing) => (playing ? interval(PROGRESS_TICK_MS, deps.scheduler) : EMPTY)),
    map(() => progressed({ positionMs: state$.value.media.positionMs, durationMs: state$.value.media.plan?.durationMs ?? 0 })),
  );
