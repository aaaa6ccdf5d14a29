import { filter, mergeMap } from 'rxjs/operators';
import { seekByRequested, skipNextRequested, skipPrevRequested, trackRowClicked } from './actions';
import { playIndexDecisions, seekByDecisions, skipDecisions } from './track-commands';
import type { WidgetEpic } from './widget-epic';

/*
 * The visitor's commands that pick a track or move within one. Like preview-commands.epic.ts, the
 * decisions are emitted synchronously inside the visitor's event (the autoplay policy needs the
 * play() call in the click's own task).
 */

/** spec 000 §2 Track list table: clicking a row plays that track by its index. */
export const trackRowEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(trackRowClicked.match),
    mergeMap((a) => playIndexDecisions(state$.value, a.index)),
  );

/** spec 000 §4 SKIP_NEXT / SKIP_PREV (the skip-forward and skip-back icon buttons). */
export const skipEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => skipNextRequested.match(a) || skipPrevRequested.match(a)),
    mergeMap((a) => skipDecisions(state$.value, skipNextRequested.match(a) ? 'next' : 'prev')),
  );

/** spec 000 §2 back 15 s / forward 15 s. */
export const seekByEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(seekByRequested.match),
    mergeMap((a) => seekByDecisions(state$.value, a.deltaMs)),
  );
