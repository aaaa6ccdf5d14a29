import type { Action, ActionOf } from '../store/action';
import { progressDragCancelled, progressDragEnded, progressDragMoved, progressDragStarted } from './actions';
import { selectProgressBarOptions } from './progress-drag-options';
import { selectTotalMs } from './selectors';
import type { SeekTarget, WidgetState } from './state';

/**
 * The progress bar's drag and the position the visitor asked for (spec 000 §2 Progress bar, §5), as
 * pure rules over the widget's state. The drag is store state (WidgetState.seekTarget): its actions
 * are logged and replay, and the reducer applies these rules; progressDragEpic reports the seeks a
 * drag asks for as widget/seekRequested, through the same path as any other seek. The asked position
 * is kept apart from playback.progress, the position the player confirmed, so the bar and the time
 * label show what was asked until the player gets there (no jump back to the old position).
 */

/** spec 000 §2 Progress bar: "After drag start, 3 renders of the bar are skipped." */
export const DRAG_SKIPPED_RENDERS = 3;

/** spec 000 §5: "Only the primary mouse button starts a drag." (MouseEvent.button 0) */
export const PRIMARY_BUTTON = 0;

/**
 * Ours (the spec is silent): a player position this close to the asked one confirms it. A player
 * reports positions a few hundred ms apart and lands on a frame near the target, never exactly on it.
 */
export const SEEK_CONFIRM_TOLERANCE_MS = 1000;

export type ProgressDragAction =
  ActionOf<typeof progressDragStarted> | ActionOf<typeof progressDragMoved> | ActionOf<typeof progressDragEnded> | ActionOf<typeof progressDragCancelled>;

const DRAG_TYPES: ReadonlySet<string> = new Set([progressDragStarted.type, progressDragMoved.type, progressDragEnded.type, progressDragCancelled.type]);

export function isProgressDragAction(action: Action): action is ProgressDragAction {
  return DRAG_TYPES.has(action.type);
}

/** spec 000 §5: "Seek position is clamped between 0 and the maximum." */
export function clampSeek(positionMs: number, totalMs: number): number {
  return Math.round(Math.min(totalMs, Math.max(0, positionMs)));
}

/** spec 000 §5: "Progress percent is capped at 100" (and, being a width, never below 0). */
export function capPercent(percent: number): number {
  return Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
}

/**
 * spec 000 §2 "A disabled bar cannot be dragged" (a bar without a total is disabled); §5 only the
 * primary button starts a drag. The UI asks too, to know whether to hold the pointer.
 */
export function canStartDrag(button: number, totalMs: number | null): boolean {
  return totalMs !== null && button === PRIMARY_BUTTON;
}

export interface DragStep {
  /** The target after the action (the same object when the action changed nothing). */
  readonly target: SeekTarget | undefined;
  /** The seek the action reports (spec 000 §2), in ms; null when none. */
  readonly seekMs: number | null;
}

/** One drag action against the state before it: the next target and the seek it reports, if any. */
export function dragStep(state: WidgetState, action: ProgressDragAction): DragStep {
  const target = state.seekTarget;
  const unchanged: DragStep = { target, seekMs: null };
  const totalMs = selectTotalMs(state);
  const at = (ratio: number): number => clampSeek(ratio * (totalMs ?? 0), totalMs ?? 0);
  const options = selectProgressBarOptions(state);
  if (action.type === 'widget/progressDragStarted') {
    // A second press during a drag (another finger) does not restart it.
    if (target?.dragging === true || !canStartDrag(action.button, totalMs)) return unchanged;
    const positionMs = at(action.ratio);
    // spec 000 §2: the seek is reported on drag start (unless start is ignored).
    return { target: { dragging: true, positionMs, skipRenders: DRAG_SKIPPED_RENDERS }, seekMs: options.ignoreStart ? null : positionMs };
  }
  if (target?.dragging !== true) return unchanged;
  switch (action.type) {
    case 'widget/progressDragMoved': {
      const positionMs = at(action.ratio);
      // spec 000 §2: on move only when update-while-dragging is on.
      return { target: { ...target, positionMs }, seekMs: options.updateWhileDragging ? positionMs : null };
    }
    case 'widget/progressDragEnded': {
      // spec 000 §2: the seek is reported on release; leaving the window counts as release.
      const positionMs = at(action.ratio);
      return { target: released(positionMs), seekMs: positionMs };
    }
    case 'widget/progressDragCancelled':
      // The pointer's last point is meaningless: release where the bar shows.
      return { target: released(target.positionMs), seekMs: target.positionMs };
  }
}

/** After a release the bar waits for the player (see afterPlayerPosition), skipping at most 3 of its renders. */
const released = (positionMs: number): SeekTarget => ({ dragging: false, positionMs, skipRenders: DRAG_SKIPPED_RENDERS });

/**
 * widget/seekRequested (a drag's seek, a click, the keyboard): the asked position, clamped to the
 * bar (spec 000 §5); a drag in progress goes on. Without a known total nothing is asked.
 */
export function askedSeek(state: WidgetState, positionMs: number): SeekTarget | undefined {
  const totalMs = selectTotalMs(state);
  if (totalMs === null) return state.seekTarget;
  const dragging = state.seekTarget?.dragging === true;
  return { dragging, positionMs: clampSeek(positionMs, totalMs), skipRenders: DRAG_SKIPPED_RENDERS };
}

/**
 * A position from the player (PROGRESS_UPDATE), a render of the bar: one near the target confirms
 * it (the bar shows the player's from then on). Others may still be from before the seek: spec 000
 * §2 skips 3 renders after drag start, so up to 3 are passed over, then the bar shows where the
 * player is (it went elsewhere: a seek it refused or bounded). While dragging the bar follows the pointer.
 */
export function afterPlayerPosition(target: SeekTarget | undefined, progressMs: number): SeekTarget | undefined {
  if (target === undefined || target.dragging) return target;
  if (Math.abs(progressMs - target.positionMs) <= SEEK_CONFIRM_TOLERANCE_MS) return undefined;
  return target.skipRenders > 0 ? { ...target, skipRenders: target.skipRenders - 1 } : undefined;
}

/**
 * TRACK_CHANGE or RESET: a target asked on a known track belongs to it and is dropped. One asked
 * before any track was known (a click on the bar before play) is the new track's, and a drag in
 * progress goes on (its release seeks in the new track).
 */
export function afterTrackChange(state: WidgetState): SeekTarget | undefined {
  const target = state.seekTarget;
  return target === undefined || target.dragging || state.playback.trackUri === null ? target : undefined;
}
