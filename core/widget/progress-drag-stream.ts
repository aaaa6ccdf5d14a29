import { merge, type Observable, type SchedulerLike } from 'rxjs';
import { filter, startWith, switchMap, throttleTime } from 'rxjs/operators';
import type { ProgressDragAction } from './progress-drag';

/** spec 000 §2 Progress bar / constants table: "Drag move throttle | 50 ms". */
export const DRAG_MOVE_THROTTLE_MS = 50;

const isMove = (a: ProgressDragAction): boolean => a.type === 'widget/progressDragMoved';

/**
 * The drag's actions on their way from the UI to the store: moves are throttled to 50 ms (leading
 * and trailing, so the bar follows at once and the last point of a burst still lands), which also
 * bounds what a drag adds to the action log (at most 20 moves a second). Every other action passes
 * at once and drops a move the throttle still holds: a release carries its own point, and a move
 * after it would be a stray.
 *
 * The timing is here, in core, on an injected scheduler (asyncScheduler in the browser, a
 * TestScheduler in marble tests). `actions$` must be hot (a Subject in the UI, hot marbles in
 * tests): it is subscribed more than once, which saves the initial bundle the `share` operator.
 */
export function throttleDragMoves(actions$: Observable<ProgressDragAction>, scheduler: SchedulerLike): Observable<ProgressDragAction> {
  const others$ = actions$.pipe(filter((a) => !isMove(a)));
  const moves$ = actions$.pipe(filter(isMove));
  const throttled$ = others$.pipe(
    startWith(null),
    switchMap(() => moves$.pipe(throttleTime(DRAG_MOVE_THROTTLE_MS, scheduler, { leading: true, trailing: true }))),
  );
  return merge(others$, throttled$);
}
