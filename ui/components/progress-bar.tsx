import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { asyncScheduler, Subject, type SchedulerLike } from 'rxjs';
import { clampSeek, initialDragState, type DragEvent, type DragOptions } from '../../core/widget/progress-drag';
import { DEFAULT_PROGRESS_BAR_OPTIONS } from '../../core/widget/progress-drag-options';
import { progressDrag } from '../../core/widget/progress-drag-stream';
import { formatTime } from '../../core/widget/time-format';
import type { Translate } from '../hooks/translate';

export { clampSeek };

export interface ProgressBarProps {
  readonly positionMs: number;
  /** Null when the length is unknown: the bar is then disabled (spec 000 §2 "A disabled bar cannot be dragged"). */
  readonly totalMs: number | null;
  /** Filled width, already capped at 100 (spec 000 §5). */
  readonly percent: number;
  readonly onSeek: (positionMs: number) => void;
  readonly t: Translate;
  /** spec 000 §2: "The thumb is visible only on hover when that option is enabled" (else only while dragging). */
  readonly thumbOnHover?: boolean;
  /** spec 000 §2: moves report seeks only when this is on. */
  readonly updateWhileDragging?: boolean;
  /** spec 000 §2: no seek on drag start when this is on. */
  readonly ignoreStart?: boolean;
  /** The 50 ms move throttle's scheduler (tests pass a virtual-time one). */
  readonly scheduler?: SchedulerLike;
}

/** Arrow-key step. Not in the spec; 5 s suits a 30 s preview as well as a full track. */
export const KEY_STEP_MS = 5000;

/** Where clientX falls along the element, as a ratio of its width (unclamped: the core clamps). */
function ratioAt(element: HTMLElement | null, clientX: number): number {
  const rect = element?.getBoundingClientRect();
  return rect === undefined || rect.width <= 0 ? 0 : (clientX - rect.left) / rect.width;
}

/** spec 000 §2: "Moving outside the window bounds counts as release." */
function outsideWindow(event: MouseEvent): boolean {
  return event.clientX < 0 || event.clientY < 0 || event.clientX > window.innerWidth || event.clientY > window.innerHeight;
}

/**
 * An accessible slider (role=slider, keyboard arrows, Home/End) that is clicked or dragged to seek
 * (spec 000 §2 Progress bar, §5). The rules and their timing are core code
 * (core/widget/progress-drag.ts, progress-drag-stream.ts); this adapter turns pointer events into
 * drag events, feeds it the store's position as "renders of the bar", and draws the state: the
 * fill, a thumb, and the time tooltip beside the pointer while dragging.
 */
export function ProgressBar(props: ProgressBarProps) {
  const { positionMs, totalMs, percent, onSeek, t } = props;
  const thumbOnHover = props.thumbOnHover ?? DEFAULT_PROGRESS_BAR_OPTIONS.thumbOnHover;
  const scheduler = props.scheduler ?? asyncScheduler;
  const disabled = totalMs === null;

  const [drag, setDrag] = useState(() => initialDragState(percent));
  const bar = useRef<HTMLDivElement>(null);
  const events = useRef<Subject<DragEvent> | null>(null);
  const pointerId = useRef<number | null>(null);
  const options: DragOptions = {
    disabled,
    totalMs: totalMs ?? 0,
    ignoreStart: props.ignoreStart ?? DEFAULT_PROGRESS_BAR_OPTIONS.ignoreStart,
    updateWhileDragging: props.updateWhileDragging ?? DEFAULT_PROGRESS_BAR_OPTIONS.updateWhileDragging,
  };
  // The stream reads the latest props and state through this ref, so it lives as long as the bar.
  const latest = useRef({ drag, onSeek, options });
  useLayoutEffect(() => {
    // drag is not copied back: the stream's own steps keep it current.
    latest.current.onSeek = onSeek;
    latest.current.options = options;
  });

  // The drag machine over time, one per bar; its seeks go to onSeek (the store's seekRequested).
  useLayoutEffect(() => {
    const subject = new Subject<DragEvent>();
    events.current = subject;
    const sub = progressDrag(subject, () => latest.current.options, latest.current.drag, scheduler).subscribe((step) => {
      latest.current.drag = step.state;
      setDrag(step.state);
      if (step.seekMs !== null) latest.current.onSeek(step.seekMs);
    });
    return () => {
      sub.unsubscribe();
      events.current = null;
    };
    // Options and onSeek are read through `latest`: only a new scheduler needs a new stream.
  }, [scheduler]);

  // spec 000 §2: each new position from the store is a render of the bar (3 are skipped after drag start).
  useLayoutEffect(() => {
    events.current?.next({ kind: 'storeRender', percent });
  }, [percent]);

  // While dragging, the whole window follows the pointer; leaving it counts as release (spec 000 §2).
  // A layout effect: the listeners are in place before the pressing event's handler returns, so
  // even an instant release is seen.
  useLayoutEffect(() => {
    if (!drag.dragging) return;
    const send = (event: DragEvent) => events.current?.next(event);
    // Only the pointer that started the drag moves it (a second finger does not).
    const ours = (e: globalThis.PointerEvent) => e.pointerId === undefined || pointerId.current === null || e.pointerId === pointerId.current;
    const onMove = (e: globalThis.PointerEvent) => {
      if (ours(e)) send({ kind: outsideWindow(e) ? 'pointerLeftWindow' : 'pointerMove', ratio: ratioAt(bar.current, e.clientX) });
    };
    const onUp = (e: globalThis.PointerEvent) => {
      if (ours(e)) send({ kind: 'pointerUp', ratio: ratioAt(bar.current, e.clientX) });
    };
    // A cancelled pointer (the browser took it over) has no meaningful point: release where the bar shows.
    const onCancel = (e: globalThis.PointerEvent) => {
      if (ours(e)) send({ kind: 'pointerUp' });
    };
    const onLeave = (e: MouseEvent) => {
      if (e.relatedTarget === null) send({ kind: 'pointerLeftWindow', ratio: ratioAt(bar.current, e.clientX) });
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    document.addEventListener('mouseout', onLeave);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      document.removeEventListener('mouseout', onLeave);
    };
  }, [drag.dragging]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    events.current?.next({ kind: 'pointerDown', button: event.button, ratio: ratioAt(event.currentTarget, event.clientX) });
    if (latest.current.drag.dragging) {
      pointerId.current = event.pointerId ?? null;
      // No text selection while dragging; keep the keyboard on the slider as a click would.
      event.preventDefault();
      event.currentTarget.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (totalMs === null) return;
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? positionMs + KEY_STEP_MS
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? positionMs - KEY_STEP_MS
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? totalMs
              : null;
    if (target === null) return;
    event.preventDefault();
    onSeek(clampSeek(target, totalMs));
  };

  const valueMs = drag.dragging ? drag.dragMs : positionMs;
  const className = `progress-bar${drag.dragging ? ' progress-bar--dragging' : ''}${thumbOnHover && !disabled ? ' progress-bar--thumb-on-hover' : ''}`;
  const at = { left: `${drag.shownPercent}%` };
  return (
    <div
      ref={bar}
      className={className}
      data-testid="progress"
      role="slider"
      tabIndex={0}
      aria-label={t('progress')}
      aria-valuemin={0}
      aria-valuemax={totalMs ?? 0}
      aria-valuenow={Math.round(Math.min(valueMs, totalMs ?? 0))}
      aria-valuetext={`${formatTime(valueMs)} / ${formatTime(totalMs ?? 0)}`}
      aria-disabled={disabled}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    >
      <div className="progress-bar__track">
        <div className="progress-bar__fill" style={{ width: `${drag.shownPercent}%` }} />
      </div>
      <div className="progress-bar__thumb" data-testid="progress-thumb" style={at} />
      {drag.dragging && (
        <div
          className={`progress-bar__tooltip${drag.shownPercent > 50 ? ' progress-bar__tooltip--left' : ''}`}
          data-testid="progress-tooltip"
          style={at}
          aria-hidden="true"
        >
          {formatTime(drag.dragMs)}
        </div>
      )}
    </div>
  );
}
