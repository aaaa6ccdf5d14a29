import * as t from 'io-ts';

/** spec 001 §3 State reference: state_machine_id, state_id, paused. */
export const StateRef = t.type({ state_machine_id: t.string, state_id: t.string, paused: t.boolean });
export type StateRef = t.TypeOf<typeof StateRef>;

/** Two refs name the same state when machine and state ids match (paused is a flag on it, not its identity). */
export const sameState = (a: StateRef | null, b: StateRef | null): boolean =>
  a !== null && b !== null && a.state_machine_id === b.state_machine_id && a.state_id === b.state_id;
