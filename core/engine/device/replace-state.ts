import type { ReplaceStateCommand } from './remote-command';
import { sameState, type StateRef } from './state-ref';

/** What a replace_state command does to the device (spec 001 §4 Device service client). */
export type ReplaceDecision =
  /** Ignored and reported through state_conflict. */
  | { readonly kind: 'conflict'; readonly rejected: StateRef | null }
  /** No state ref: pause, clear and empty the state. */
  | { readonly kind: 'clear' }
  /** Same state id: pause or resume, and seek if asked. */
  | { readonly kind: 'modify'; readonly stateRef: StateRef; readonly paused: boolean; readonly seekTo: number | null }
  /** A different state: load it (a new context when the state machine changes too). */
  | { readonly kind: 'load'; readonly stateRef: StateRef; readonly newContext: boolean; readonly seekTo: number | null };

/**
 * spec 001 §4 replace_state: "ignored and reported as a conflict if the previous state ref is not
 * the current one; with no state ref, playback is paused, cleared and state emptied; same state id
 * modifies pause/resume and an optional seek; a different state starts a new context".
 * The previous ref matches the current one by machine and state id: the paused flag may have
 * changed locally since the controller saw it, which must not turn every toggle into a conflict.
 */
export function decideReplaceState(current: StateRef | null, command: ReplaceStateCommand): ReplaceDecision {
  const prev = command.prev_state_ref;
  const matches = (prev === null && current === null) || sameState(prev, current);
  if (!matches) return { kind: 'conflict', rejected: command.state_ref };
  const next = command.state_ref;
  if (next === null) return { kind: 'clear' };
  const seekTo = typeof command.seek_to === 'number' && command.seek_to >= 0 ? command.seek_to : null;
  if (sameState(current, next)) return { kind: 'modify', stateRef: next, paused: next.paused, seekTo };
  const newContext = current === null || current.state_machine_id !== next.state_machine_id;
  return { kind: 'load', stateRef: next, newContext, seekTo };
}
