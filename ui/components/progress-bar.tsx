import { useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { asyncScheduler, Subject, type SchedulerLike } from 'rxjs';
import { progressDragCancelled, progressDragEnded, progressDragMoved, progressDragStarted } from '../../core/widget/actions';
import { canStartDrag, clampSeek, type ProgressDragAction } from '../../core/widget/progress-drag';
import { DEFAULT_PROGRESS_BAR_OPTIONS } from '../../core/widget/progress-drag-options';
import { throttleDragMoves } from '../../core/widget/progress-drag-stream';
import { formatTime } from '../../core/widget/time-format';
import type { Translate } from '../hooks/translate';

export { clampSeek };

export interface ProgressBarProps {
  /** The position shown: the one asked for while there is one, else the player's (selectShownPositionMs). */
  readonly positionMs: number;
  /** Null when the length is unknown: the bar is then disabled (spec 000 §2 "A disabled bar cannot be dragged"). */
  readonly totalMs: number | null;
  /** Filled width of positionMs, already capped at 100 (spec 000 §5). */
  readonly percent: number;
  /** A drag is in progress (the store's): the tooltip shows, and the window follows the pointer. */
  readonly dragging: boolean;
  /** The drag's actions, moves throttled to 50 ms: the store's dispatch. */
  readonly onDrag: (action: ProgressDragAction) => void;
  /** Keyboard seeks, in ms, clamped. */
  readonly onSeek: (positionMs: number) => void;
  readonly t: Translate;
  /** spec 000 §2: "The thumb is visible only on hover when that option is enabled" (else only while dragging). */
  readonly thumbOnHover?: boolean;
  /** The 50 ms move throttle's scheduler (tests pass a virtual-time one). */
  readonly scheduler?: SchedulerLike;
}

/** Arrow-key step. Not in the spec; 5 s suits a 30 s preview as well as a full track. */
export const KEY_STEP_MS = 5000;

/** Where clientX falls along the element, as a ratio of its width (unclamped: the core clamps), to 5 places. */
function ratioAt(element: HTMLElement | null, clientX: number): number {
  const rect = element?.getBoundingClientRect();
  return rect === undefined || rect.width <= 0 ? 0 : Math.round(((clientX - rect.left) / rect.width) * 1e5) / 1e5;
}

/** spec 000 §2: "Moving outside the window bounds counts as release." */
function outsideWindow(event: MouseEvent): boolean {
  return event.clientX < 0 || event.clientY < 0 || event.clientX > window.innerWidth || event.clientY > window.innerHeight;
}

/**
 * An accessible slider (role=slider, keyboard arrows, Home/End) that is clicked or dragged to seek
 * (spec 000 §2 Progress bar, §5). The drag is store state: this adapter only turns pointer events
 * into the drag's actions (core/widget/actions.ts; the rules are core/widget/progress-drag.ts, the
 * 50 ms move throttle progress-drag-stream.ts) and draws what the store says: the fill, a thumb,
 * and the time tooltip beside the pointer while dragging.
 */
export function ProgressBar(props: ProgressBarProps) {
  const { positionMs, totalMs, percent, dragging, onSeek, t } = props;
  const thumbOnHover = props.thumbOnHover ?? DEFAULT_PROGRESS_BAR_OPTIONS.thumbOnHover;
  const scheduler = props.scheduler ?? asyncScheduler;
  const disabled = totalMs === null;

  const bar = useRef<HTMLDivElement>(null);
  const actions = useRef<Subject<ProgressDragAction> | null>(null);
  const pointerId = useRef<number | null>(null);
  // The stream reads the latest callback through this ref, so it lives as long as the bar.
  const onDrag = useRef(props.onDrag);
  useLayoutEffect(() => {
    onDrag.current = props.onDrag;
  });

  // The drag's actions over time, one stream per bar, to the store.
  useLayoutEffect(() => {
    const subject = new Subject<ProgressDragAction>();
    actions.current = subject;
    const sub = throttleDragMoves(subject, scheduler).subscribe((action) => onDrag.current(action));
    return () => {
      sub.unsubscribe();
      actions.current = null;
    };
  }, [scheduler]);

  // While dragging, the whole window follows the pointer; leaving it counts as release (spec 000 §2).
  // The listeners go on in the pressing event's own handler: the store's UI notifications come a task
  // later (ui/hooks/deferred-subscribe.ts), and a release queued before that render would be missed,
  // leaving a drag that the next click anywhere ends with a seek there. They come off at the release,
  // and follow the store's drag otherwise (on when it is on, off when it ends).
  const unfollow = useRef<(() => void) | null>(null);
  const follow = (): void => {
    if (unfollow.current !== null) return;
    const send = (action: ProgressDragAction) => actions.current?.next(action);
    const end = (action: ProgressDragAction) => {
      unfollow.current?.();
      send(action);
    };
    // Only the pointer that started the drag moves it (a second finger does not).
    const ours = (e: globalThis.PointerEvent) => e.pointerId === undefined || pointerId.current === null || e.pointerId === pointerId.current;
    const onMove = (e: globalThis.PointerEvent) => {
      if (!ours(e)) return;
      const ratio = ratioAt(bar.current, e.clientX);
      if (outsideWindow(e)) end(progressDragEnded({ ratio, via: 'leftWindow' }));
      else send(progressDragMoved({ ratio }));
    };
    const onUp = (e: globalThis.PointerEvent) => {
      if (ours(e)) end(progressDragEnded({ ratio: ratioAt(bar.current, e.clientX), via: 'release' }));
    };
    // A cancelled pointer (the browser took it over) has no meaningful point: the core releases where the bar shows.
    const onCancel = (e: globalThis.PointerEvent) => {
      if (ours(e)) end(progressDragCancelled());
    };
    const onLeave = (e: MouseEvent) => {
      if (e.relatedTarget === null) end(progressDragEnded({ ratio: ratioAt(bar.current, e.clientX), via: 'leftWindow' }));
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    document.addEventListener('mouseout', onLeave);
    unfollow.current = () => {
      unfollow.current = null;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      document.removeEventListener('mouseout', onLeave);
    };
  };
  useLayoutEffect(() => {
    if (dragging) follow();
    else unfollow.current?.();
  });
  useLayoutEffect(() => () => unfollow.current?.(), []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Every press is logged (a refused one too: the replay shows it changed nothing); the core decides.
    actions.current?.next(progressDragStarted({ button: event.button, ratio: ratioAt(event.currentTarget, event.clientX) }));
    if (!dragging && unfollow.current === null && canStartDrag(event.button, totalMs)) {
      pointerId.current = event.pointerId ?? null;
      follow();
      // No text selection while dragging; keep the keyboard on the slider as a click would.
      event.preventDefault();
      event.currentTarget.focus();
    }
  };

  // Presses that come faster than the bar renders (key repeat, a busy page) step on from the position
  // the last press asked, not from the one still shown: five presses move 25 s, not 5.
  const lastKeySeek = useRef<{ readonly shownMs: number; readonly askedMs: number } | null>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (totalMs === null) return;
    const fromMs = lastKeySeek.current?.shownMs === positionMs ? lastKeySeek.current.askedMs : positionMs;
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? fromMs + KEY_STEP_MS
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? fromMs - KEY_STEP_MS
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? totalMs
              : null;
    if (target === null) return;
    event.preventDefault();
    const askedMs = clampSeek(target, totalMs);
    lastKeySeek.current = { shownMs: positionMs, askedMs };
    onSeek(askedMs);
  };

  const className = `progress-bar${dragging ? ' progress-bar--dragging' : ''}${thumbOnHover && !disabled ? ' progress-bar--thumb-on-hover' : ''}`;
  const at = { left: `${percent}%` };
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
      aria-valuenow={Math.round(Math.min(positionMs, totalMs ?? 0))}
      aria-valuetext={`${formatTime(positionMs)} / ${formatTime(totalMs ?? 0)}`}
      aria-disabled={disabled}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    >
      <div className="progress-bar__track">
        <div className="progress-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="progress-bar__thumb" data-testid="progress-thumb" style={at} />
      {dragging && (
        <div
          className={`progress-bar__tooltip${percent > 50 ? ' progress-bar__tooltip--left' : ''}`}
          data-testid="progress-tooltip"
          style={at}
          aria-hidden="true"
        >
          {formatTime(positionMs)}
        </div>
      )}
    </div>
  );
}
