import { AD_REASON, CANNOT_SWITCH_CONTEXT, INVALID_TRACK_SEEK, NO_CURRENT_STATE } from './constants';
import { checkSeek, type SeekCheck } from './smart-previous';

/** What the client knows of its current state when a command arrives (spec 001 §3 Playback state). */
export interface CurrentState {
  /** A state is loaded on this device (a state ref and its machine). */
  readonly present: boolean;
  /** Its track can be played here (in the machine, with a file this engine plays). */
  readonly trackValid: boolean;
  readonly seekingDisallowed: boolean;
  /** spec 001 §3 restrictions: disallow_*_reasons lists, by name. */
  readonly restrictions: Readonly<Record<string, ReadonlyArray<string>>>;
}

/** spec 001 §3 Playback state: the skip restriction that names why skipping next is disallowed. */
export const SKIP_NEXT_REASONS = 'disallow_skipping_next_reasons';

/**
 * spec 001 §4 Smart previous: "Starting a new context is refused if the skip restrictions of the
 * current state include the ad reason" (§8 Client state 'Cannot switch to a new context.').
 */
export function newContextRefusal(current: CurrentState): string | null {
  return current.present && (current.restrictions[SKIP_NEXT_REASONS] ?? []).includes(AD_REASON) ? CANNOT_SWITCH_CONTEXT : null;
}

/** spec 001 §8 Client state 'No current state.': pause, resume, skips and seeks need a state. */
export const stateRefusal = (current: CurrentState): string | null => (current.present ? null : NO_CURRENT_STATE);

/**
 * A seek command (spec 001 §5, §8 Client state): no state → 'No current state.'; disallowed →
 * 'The operation is not allowed.'; a track that cannot be played → 'Seeking not allowed with
 * invalid track.'; else checkSeek (a number, clamped to 0..duration).
 */
export function checkSeekCommand(current: CurrentState, positionMs: unknown, durationMs: number): SeekCheck {
  if (!current.present) return { ok: false, err: NO_CURRENT_STATE };
  if (!current.seekingDisallowed && !current.trackValid) return { ok: false, err: INVALID_TRACK_SEEK };
  return checkSeek(positionMs, durationMs, current.seekingDisallowed);
}
