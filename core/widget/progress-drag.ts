/**
 * The progress bar's drag machine (spec 000 §2 Progress bar, §5), as a pure reducer over pointer
 * events and the store's renders of the bar. Its timing (the 50 ms move throttle) is in
 * ./progress-drag-stream.ts; the UI (ui/components/progress-bar.tsx) only turns DOM events into
 * these events and draws the state.
 */

/** spec 000 §2 Progress bar: "After drag start, 3 renders of the bar are skipped." */
export const DRAG_SKIPPED_RENDERS = 3;

/** spec 000 §5: "Only the primary mouse button starts a drag." (MouseEvent.button 0) */
export const PRIMARY_BUTTON = 0;

export interface DragOptions {
  /** spec 000 §2: "A disabled bar cannot be dragged." */
  readonly disabled: boolean;
  /** No seek is reported on drag start (spec 000 §2 "unless start is ignored"). */
  readonly ignoreStart: boolean;
  /** Moves report seeks too (spec 000 §2 "on move only when update-while-dragging is on"). */
  readonly updateWhileDragging: boolean;
  /** The bar's maximum in ms: a ratio of the bar is a ratio of this. */
  readonly totalMs: number;
}

/**
 * Pointer positions are ratios of the bar's width (the UI measures; unclamped). pointerUp and
 * pointerLeftWindow may carry the release point, so a move the throttle held back is not lost.
 * storeRender: the store gave the bar a new position (percent of the bar, capped at 100).
 */
export type DragEvent =
  | { readonly kind: 'pointerDown'; readonly button: number; readonly ratio: number }
  | { readonly kind: 'pointerMove'; readonly ratio: number }
  | { readonly kind: 'pointerUp'; readonly ratio?: number }
  | { readonly kind: 'pointerLeftWindow'; readonly ratio?: number }
  | { readonly kind: 'storeRender'; readonly percent: number };

export interface DragState {
  readonly dragging: boolean;
  /** The pointer's place while dragging, in ms of the bar: the tooltip's time. */
  readonly dragMs: number;
  /** The filled width the bar shows (percent, 0..100): the pointer while dragging, else the store's. */
  readonly shownPercent: number;
  /** Store renders still to skip after a drag start (spec 000 §2: 3). */
  readonly skipRenders: number;
}

export interface DragStep {
  readonly state: DragState;
  /** A seek to report to the store, in ms, clamped (spec 000 §5); null when none. */
  readonly seekMs: number | null;
}

export function initialDragState(percent: number): DragState {
  return { dragging: false, dragMs: 0, shownPercent: capPercent(percent), skipRenders: 0 };
}

/** spec 000 §5: "Seek position is clamped between 0 and the maximum." */
export function clampSeek(positionMs: number, totalMs: number): number {
  return Math.round(Math.min(totalMs, Math.max(0, positionMs)));
}

/** spec 000 §5: "Progress percent is capped at 100" (and, being a width, never below 0). */
export function capPercent(percent: number): number {
  return Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
}

function at(state: DragState, ratio: number, options: DragOptions, dragging: boolean): DragState {
  const dragMs = clampSeek(ratio * options.totalMs, options.totalMs);
  const shownPercent = options.totalMs > 0 ? capPercent((dragMs / options.totalMs) * 100) : 0;
  return { ...state, dragging, dragMs, shownPercent };
}

const none = (state: DragState): DragStep => ({ state, seekMs: null });

/** One event: the next state and the seek it reports, if any. Unchanged state is returned as is. */
export function dragStep(state: DragState, event: DragEvent, options: DragOptions): DragStep {
  switch (event.kind) {
    case 'pointerDown': {
      // spec 000 §2 / §5: a disabled bar cannot be dragged; only the primary button starts a drag.
      if (options.disabled || event.button !== PRIMARY_BUTTON || state.dragging) return none(state);
      const next = { ...at(state, event.ratio, options, true), skipRenders: DRAG_SKIPPED_RENDERS };
      // spec 000 §2: the seek is reported on drag start (unless start is ignored).
      return { state: next, seekMs: options.ignoreStart ? null : next.dragMs };
    }
    case 'pointerMove': {
      if (!state.dragging) return none(state);
      const next = at(state, event.ratio, options, true);
      // spec 000 §2: on move only when update-while-dragging is on.
      return { state: next, seekMs: options.updateWhileDragging ? next.dragMs : null };
    }
    case 'pointerUp':
    case 'pointerLeftWindow': {
      // spec 000 §2: "Moving outside the window bounds counts as release"; the seek is reported on release.
      if (!state.dragging) return none(state);
      const next = event.ratio === undefined ? { ...state, dragging: false } : at(state, event.ratio, options, false);
      return { state: next, seekMs: next.dragMs };
    }
    case 'storeRender': {
      // spec 000 §2: after drag start, 3 renders of the bar are skipped (the store may still hold
      // the pre-seek position); while dragging the bar follows the pointer.
      if (state.skipRenders > 0) return none({ ...state, skipRenders: state.skipRenders - 1 });
      const shownPercent = capPercent(event.percent);
      if (state.dragging || shownPercent === state.shownPercent) return none(state);
      return none({ ...state, shownPercent });
    }
  }
}
