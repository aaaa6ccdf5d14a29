import type { Envelope } from '../../core/store/store';

/**
 * Issue 19 Capture: how many envelopes the widget holds before its lazy chunk (where the action
 * log and its redaction live) arrives. The chunk is fetched right after boot, so this is reached
 * only when it never loads; then the oldest half goes, as in a windowed log (ACTION_LOG_WINDOW).
 */
export const EARLY_LOG_CAP = 1000;

/** What the lazy chunk's action log takes: core/store/action-log createActionLog's `record` and `start`. */
export type EnvelopeSink = (envelope: Envelope, stateAfter?: unknown) => void;

export interface EarlyLog {
  /** The store's onEnvelope from the first action: kept in memory until drained, then handed straight on. */
  readonly record: EnvelopeSink;
  /**
   * Hands what was kept to the sink made by `makeSink` (given where it must start when older
   * entries were dropped) and every later envelope straight to it. Once only.
   */
  readonly drain: (makeSink: (start: { seq: number; state: unknown } | undefined) => EnvelopeSink) => void;
}

/**
 * The widget's recording from its first action on every page (issue 19: "Report a problem" needs the
 * log without ?debug=1), kept cheap for the first paint: an array push per action, no
 * serialisation and no redaction until the chunk's log takes over. Nothing is lost in between: the
 * envelopes are handed on in order, and past the cap the state before the first kept one goes with them.
 */
export function createEarlyLog(cap: number = EARLY_LOG_CAP): EarlyLog {
  let kept: Array<{ envelope: Envelope; stateAfter: unknown }> = [];
  let start: { seq: number; state: unknown } | undefined;
  let sink: EnvelopeSink | undefined;
  return {
    record: (envelope, stateAfter) => {
      if (sink !== undefined) {
        sink(envelope, stateAfter);
        return;
      }
      if (kept.length >= cap) {
        const half = Math.max(1, Math.floor(cap / 2));
        const lastDropped = kept[half - 1];
        if (lastDropped !== undefined) start = { seq: lastDropped.envelope.seq, state: lastDropped.stateAfter };
        kept = kept.slice(half);
      }
      kept.push({ envelope, stateAfter });
    },
    drain: (makeSink) => {
      if (sink !== undefined) return;
      const next = makeSink(start);
      for (const { envelope, stateAfter } of kept) next(envelope, stateAfter);
      kept = [];
      sink = next;
    },
  };
}
