import { NOT_ALLOWED, PREVIOUS_THRESHOLD_MS, SEEK_STEP_MS } from './constants';

/**
 * spec 001 §4 Smart previous: "goes to the previous track if seeking is disallowed, or the
 * position is under 3000 ms and previous tracks exist; otherwise restarts the track".
 */
export function smartPrevious(positionMs: number, seekingDisallowed: boolean, hasPrevious: boolean): 'previous' | 'restart' {
  return seekingDisallowed || (positionMs < PREVIOUS_THRESHOLD_MS && hasPrevious) ? 'previous' : 'restart';
}

/** spec 001 §5: "Seek is clamped to 0..duration". */
export const clampSeek = (positionMs: number, durationMs: number): number => Math.min(Math.max(0, positionMs), Math.max(0, durationMs));

/** spec 001 §5/§9: seek forward/back default 15000 ms, clamped to 0..duration. */
export const seekStep = (positionMs: number, durationMs: number, direction: 'forward' | 'back', stepMs: number = SEEK_STEP_MS): number =>
  clampSeek(positionMs + (direction === 'forward' ? stepMs : -stepMs), durationMs);

export type SeekCheck = { readonly ok: true; readonly positionMs: number } | { readonly ok: false; readonly err: string };

/** spec 001 §5: "Seek when the list disallows it: 'The operation is not allowed.'"; a non-number position is refused. */
export function checkSeek(positionMs: unknown, durationMs: number, seekingDisallowed: boolean): SeekCheck {
  if (seekingDisallowed) return { ok: false, err: NOT_ALLOWED };
  if (typeof positionMs !== 'number' || Number.isNaN(positionMs)) return { ok: false, err: 'Invalid position.' };
  return { ok: true, positionMs: clampSeek(positionMs, durationMs) };
}
