import { startOf, type ActionLogFile } from './action-log';
import type { Divergence } from './replay-match';
import { diffStates, type StateChange } from './state-diff';
import type { Reducer } from './store';

/**
 * Issue 19 "the test names the first divergent seq and the differing state path": a replay's first
 * divergence (engine replay, or engine replay over a port transcript) with the state paths it
 * changes. The state before the divergent seq is the fold of the recorded entries before it (they
 * all replayed the same, or the divergence would be earlier); after it, the recorded action and
 * the regenerated one are folded each, and their states compared.
 */
export interface StateDivergence {
  /** The recorded seq of the first action that differs; -1 for an action generated past the log's end. */
  readonly seq: number;
  /** The replay's own account of it (core/store/replay-match.ts, transcript-replay.ts). */
  readonly message: string;
  /** The state after that seq as recorded (before) and as today's code makes it (after); empty when only the action differs. */
  readonly changes: ReadonlyArray<StateChange>;
}

export function explainDivergence<S>(file: ActionLogFile, reducer: Reducer<S>, divergence: Divergence): StateDivergence {
  const { seq, message, expected, actual } = divergence;
  const at = seq === -1 ? file.entries.length : file.entries.findIndex((entry) => entry.seq === seq);
  if (at < 0) return { seq, message, changes: [] };
  let before = startOf(file).state as S;
  for (const entry of file.entries.slice(0, at)) before = reducer(before, entry.action);
  // A recorded action the replay did not regenerate leaves the state as it was before it; so does one the log lacks.
  const recorded = expected === undefined ? before : reducer(before, expected.action);
  const regenerated = actual === undefined ? before : reducer(before, actual.action);
  return { seq, message, changes: diffStates(toJson(recorded), toJson(regenerated)) };
}

const MAX_VALUE_CHARS = 80;

/** `path: recorded -> regenerated` per change, the values cut to a line's worth. */
export function formatStateChanges(changes: ReadonlyArray<StateChange>): string[] {
  return changes.map((change) => `${change.path}: ${short(change.before)} -> ${short(change.after)}`);
}

function short(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** Recorded states went through JSON; regenerated ones must too before comparing (undefined fields vanish). */
const toJson = (value: unknown): unknown => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown));
