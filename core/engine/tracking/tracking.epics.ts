import { EMPTY, filter, map, merge, mergeMap, of, switchMap, timer, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { finaliseRefused, finaliseRequested, playedThresholdReached, startedPlaying, trackingFinalised, trackingInputs } from './actions';
import { FINALISED_TWICE_MESSAGE, STARTED_PLAYING_AFTER_MS } from './constants';
import type { TrackingDeps, TrackingEpic } from './deps';
import { msPlayedAt, type TrackingRecord } from './record';
import { recordOf } from './state';

/** What changes a record's playing: the inputs and the finalisation decided from one. */
const changesPlaying = (a: Action): boolean => trackingFinalised.match(a) || trackingInputs.some((c) => c.match(a));

/** Fires `make` once `targetMs` of play is reached, counting from what the record has played now. */
function at(deps: TrackingDeps, r: TrackingRecord, targetMs: number, make: (msPlayed: number) => Action): Observable<Action> {
  const wait = Math.max(0, targetMs - msPlayedAt(r, deps.clock.now()));
  return timer(wait, deps.scheduler).pipe(map(() => make(msPlayedAt(r, deps.clock.now()))));
}

function timersOf(deps: TrackingDeps, r: TrackingRecord): Observable<Action> {
  if (r.finalised || r.playingSinceMs === null) return EMPTY;
  const { playbackId } = r;
  return merge(
    r.startedPlaying ? EMPTY : at(deps, r, STARTED_PLAYING_AFTER_MS + 1, (msPlayed) => startedPlaying({ playbackId, msPlayed })),
    r.playedThresholdReached ? EMPTY : at(deps, r, r.playedThresholdMs, (msPlayed) => playedThresholdReached({ playbackId, msPlayed })),
  );
}

/**
 * spec 001 §4 Tracking: started_playing after more than 1000 ms played (so at 1001 ms), the played
 * threshold at 31000 ms played (30000 ms from the list player). Only playing time counts: each
 * input restarts the timers from the record as it now is, and none run while paused or stalled.
 */
export const thresholdsEpic: TrackingEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(changesPlaying),
    // Every playing record's timers (a preloading track's facts must not cancel the current one's).
    switchMap(() => merge(...Object.values(state$.value.tracking.records).map((r) => timersOf(deps, r)))),
  );

/** spec 001 §4 Tracking: finalisation happens once; a second one raises an error (finaliseRefused). */
export const finaliseEpic: TrackingEpic = (action$, state$) =>
  action$.pipe(
    filter(finaliseRequested.match),
    mergeMap((a) => {
      const r = recordOf(state$.value.tracking, a.playbackId);
      if (r === null) return EMPTY;
      if (r.finalised) return of(finaliseRefused({ playbackId: a.playbackId, message: FINALISED_TWICE_MESSAGE }));
      return of(trackingFinalised({ playbackId: a.playbackId, at: a.at, positionMs: a.positionMs, reasonEnd: a.reasonEnd }));
    }),
  );
