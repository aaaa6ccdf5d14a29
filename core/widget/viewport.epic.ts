import { debounceTime, filter, map } from 'rxjs/operators';
import { viewportMeasured, windowResized } from './actions';
import type { WidgetEpic } from './widget-epic';

/** spec 000 §4 / §9: a resize sets the viewport width and height, debounced 100 ms. */
export const RESIZE_DEBOUNCE_MS = 100;

export const resizeEpic: WidgetEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(windowResized.match),
    debounceTime(RESIZE_DEBOUNCE_MS, deps.scheduler),
    map((a) => viewportMeasured({ width: a.width, height: a.height })),
  );
