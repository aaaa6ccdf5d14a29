import { filter, map, mergeMap, pairwise, withLatestFrom } from 'rxjs/operators';
import { seekRequested } from './actions';
import { dragStep, isProgressDragAction } from './progress-drag';
import type { WidgetEpic } from './widget-epic';

/**
 * spec 000 §2 Progress bar: the seeks a drag reports (on start unless start is ignored, on move
 * with update-while-dragging, on release) go as widget/seekRequested, the path of every seek (the
 * preview player's seekEpic, the engine's seek command in full playback). Which action reports a
 * seek depends on the state before it (a second press or a release without a drag reports none):
 * the store emits each state before the epics hear its action, so the pair's first is that state.
 */
export const progressDragEpic: WidgetEpic = (action$, state$) => {
  const before$ = state$.pipe(
    pairwise(),
    map(([before]) => before),
  );
  return action$.pipe(
    filter(isProgressDragAction),
    withLatestFrom(before$),
    mergeMap(([action, before]) => {
      const { seekMs } = dragStep(before, action);
      return seekMs === null ? [] : [seekRequested({ positionMs: seekMs })];
    }),
  );
};
