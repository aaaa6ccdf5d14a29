import { useCallback } from 'react';
import type { SchedulerLike } from 'rxjs';
import { seekRequested } from '../../core/widget/actions';
import { selectProgressBarOptions } from '../../core/widget/progress-drag-options';
import { selectIsDragging, selectProgressPercent, selectShownPositionMs, selectTotalMs } from '../../core/widget/selectors';
import { ProgressBar } from '../components/progress-bar';
import { useDispatch } from '../hooks/use-dispatch';
import { shallowEqual, useSelector } from '../hooks/use-selector';
import type { Translate } from '../hooks/translate';

/**
 * The progress bar on the store (spec 000 §2 Progress bar): it shows the position asked for while
 * there is one (a drag, a seek the player has not confirmed), and sends the drag's actions and the
 * keyboard's seeks as they are; the rules are the reducer's (core/widget/progress-drag.ts).
 */
export function Progress({ t, scheduler }: { readonly t: Translate; readonly scheduler?: SchedulerLike }) {
  const dispatch = useDispatch();
  const positionMs = useSelector(selectShownPositionMs);
  const totalMs = useSelector(selectTotalMs);
  const percent = useSelector(selectProgressPercent);
  const dragging = useSelector(selectIsDragging);
  const { thumbOnHover } = useSelector(selectProgressBarOptions, shallowEqual);
  const onSeek = useCallback((ms: number) => dispatch(seekRequested({ positionMs: ms })), [dispatch]);
  return (
    <ProgressBar
      positionMs={positionMs}
      totalMs={totalMs}
      percent={percent}
      dragging={dragging}
      onDrag={dispatch}
      onSeek={onSeek}
      t={t}
      thumbOnHover={thumbOnHover}
      {...(scheduler === undefined ? {} : { scheduler })}
    />
  );
}
