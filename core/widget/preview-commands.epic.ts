import { filter, mergeMap, take } from 'rxjs/operators';
import { playToggleRequested, pauseDecided, pointerEntered, seekRequested, sessionStarted } from './actions';
import { playDecisions, prefetchDecisions, seekDecisions, startDecisions } from './preview-decisions';
import type { WidgetEpic } from './widget-epic';

/*
 * The visitor's commands to the preview player (spec 001 §4). Each epic reads the state after the
 * reducer saw the command and emits its decisions in order; the store runs them, and their
 * effects, synchronously inside the visitor's event, which the browser's autoplay policy needs.
 */

/** At start-up (the session's first fact), the first preview's metadata is prefetched, once. */
export const prefetchEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(sessionStarted.match),
    take(1),
    mergeMap(() => prefetchDecisions(state$.value)),
  );

/** spec 000 §2 first-use rule: the player starts the first time the pointer enters the document. */
export const firstUseEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(pointerEntered.match),
    mergeMap(() => startDecisions(state$.value)),
  );

/** spec 000 §2: the play/pause button and the space bar toggle playback (starting the player first). */
export const playToggleEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(playToggleRequested.match),
    mergeMap(() => (state$.value.playback.isPlaying ? [pauseDecided()] : playDecisions(state$.value))),
  );

/** spec 000 §5: a seek is clamped to 0..duration; a seek is also a first playback command. */
export const seekEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(seekRequested.match),
    mergeMap((a) => seekDecisions(state$.value, a.positionMs)),
  );
