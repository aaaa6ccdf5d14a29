import type { Envelope } from './store';
import { diffStates } from './state-diff';

/** `seq` is the recorded seq of the first epic action that differs, or -1 for an action generated past the log. */
export interface Divergence {
  readonly seq: number;
  readonly expected?: Envelope;
  readonly actual?: Envelope;
  readonly message: string;
}

/**
 * Matches regenerated epic envelopes against the recorded ones, for engine replay.
 *
 * An epic action with a cause is emitted while its cause is processed, so its place is fixed by
 * its cause; only the actions of timers (no cause) float, and real timers fire a little late, so
 * an input may slip in before one in the log and not in virtual time. Hence the recorded epic
 * actions are matched in order per cause (a cause translated from regenerated to recorded seq),
 * and the uncaused ones in order among themselves: the same sequence as the log, up to how it
 * interleaves with inputs. `t` is never compared.
 */
export function createEpicMatcher(entries: ReadonlyArray<Envelope>) {
  const recordedEpicEntries = entries.filter((entry) => entry.src === 'epic');
  const byCause = new Map<number | undefined, Envelope[]>();
  for (const entry of recordedEpicEntries) byCause.set(entry.cause, [...(byCause.get(entry.cause) ?? []), entry]);
  const matched = new Set<number>();
  const firstUnmatched = (): Envelope | undefined => recordedEpicEntries.find((entry) => !matched.has(entry.seq));

  /** An action the log does not have: it is placed after its cause and the cause's other recorded actions. */
  const extra = (actual: Envelope, cause: number | undefined): Divergence => {
    const after = cause === undefined ? undefined : Math.max(cause, ...recordedEpicEntries.filter((e) => e.cause === cause).map((e) => e.seq));
    const next = after === undefined ? firstUnmatched() : entries.find((entry) => entry.seq > after);
    const generated = `${actual.action.type} (caused by ${causeText(cause)})`;
    if (next === undefined) {
      return { seq: -1, actual, message: `The epics generated ${generated} past the end of the log; replay stopped there.` };
    }
    const message =
      next.src === 'epic' && sameAction(next, actual)
        ? `Seq ${next.seq} (${next.action.type}): recorded as caused by ${causeText(next.cause)}, regenerated as caused by ${causeText(cause)}.`
        : `The epics generated ${generated}, which the log does not have${after === undefined ? '' : ` after seq ${after}`}; ` +
          `the log goes on with seq ${next.seq} (${next.action.type}).`;
    return { seq: next.seq, expected: next, actual, message };
  };

  return {
    /** `cause` is the actual cause already translated to a recorded seq. Returns the recorded entry it matched, or why not. */
    match(actual: Envelope, cause: number | undefined): { matched: Envelope } | { divergence: Divergence } {
      const recorded = byCause.get(cause)?.shift();
      if (recorded === undefined) return { divergence: extra(actual, cause) };
      const changes = diffStates(toJson(recorded.action), toJson(actual.action));
      if (changes.length > 0) {
        const what =
          recorded.action.type === actual.action.type
            ? `${recorded.action.type} differs: ${changes.map((c) => `${c.path}: ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)}`).join('; ')}`
            : `expected ${recorded.action.type}, the epics generated ${actual.action.type}`;
        return { divergence: { seq: recorded.seq, expected: recorded, actual, message: `Seq ${recorded.seq}: ${what}.` } };
      }
      matched.add(recorded.seq);
      return { matched: recorded };
    },
    /** The first recorded epic action that was never regenerated, reported once the run ends. */
    missing(): Divergence | undefined {
      const next = firstUnmatched();
      if (next === undefined) return undefined;
      const count = `${matched.size} of the ${recordedEpicEntries.length} recorded epic actions`;
      return { seq: next.seq, expected: next, message: `Seq ${next.seq} (${next.action.type}) was not regenerated: the epics regenerated ${count}.` };
    },
  };
}

const sameAction = (a: Envelope, b: Envelope): boolean => diffStates(toJson(a.action), toJson(b.action)).length === 0;

const causeText = (seq: number | undefined): string => (seq === undefined ? 'no action (a timer or start-up)' : `seq ${seq}`);

/** Recorded actions went through JSON; regenerated ones must too before comparing (undefined fields vanish). */
const toJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;
