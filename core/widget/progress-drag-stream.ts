import { merge, type Observable, type SchedulerLike } from 'rxjs';
import { filter, scan, throttleTime } from 'rxjs/operators';
import { dragStep, type DragEvent, type DragOptions, type DragState, type DragStep } from './progress-drag';

/** spec 000 §2 Progress bar / constants table: "Drag move throttle | 50 ms". */
export const DRAG_MOVE_THROTTLE_MS = 50;

const isMove = (e: DragEvent): boolean => e.kind === 'pointerMove';

/**
 * The drag machine over time: pointer moves are throttled to 50 ms (leading and trailing, so the
 * bar follows at once and the last point of a burst still lands), every other event passes at
 * once, then ./progress-drag.ts folds them into states and seeks.
 *
 * Why the drag state is local to the component rather than in the store: it changes up to 20
 * times a second while the pointer moves and only the seeks matter to playback, so only seeks
 * reach the store (as widget/seekRequested, logged and replayed); the drag itself is view state,
 * like :hover. The timing still lives here, in core, on an injected scheduler (asyncScheduler in
 * the browser, a TestScheduler in marble tests), so it is tested in virtual time.
 *
 * `options` is read at each event: the bar's total and disabled state change with the track.
 * `events$` must be hot (a Subject in the UI, hot marbles in tests): it is subscribed twice, which
 * saves the initial bundle the `share` operator.
 */
export function progressDrag(
  events$: Observable<DragEvent>,
  options: () => DragOptions,
  initial: DragState,
  scheduler: SchedulerLike,
): Observable<DragStep> {
  const moves$ = events$.pipe(
    filter(isMove),
    throttleTime(DRAG_MOVE_THROTTLE_MS, scheduler, { leading: true, trailing: true }),
  );
  const others$ = events$.pipe(filter((e) => !isMove(e)));
  return merge(moves$, others$).pipe(
    scan((step: DragStep, event: DragEvent) => dragStep(step.state, event, options()), { state: initial, seekMs: null }),
  );
}
