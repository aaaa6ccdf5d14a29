import type { ActionLogFile } from '../store/action-log';
import type { Envelope } from '../store/store';

/**
 * Issue 19 "a 1-hour synthetic session": a recorded session's entries from `fromSeq` on repeated,
 * seqs, causes and times shifted, until `durationMs` of actions are recorded. The actions are the
 * real ones (track changes, progress, skips), so the widget's reducer folds them as it would a
 * listener's hour.
 */
export function repeatSession(file: ActionLogFile, durationMs: number, fromSeq = 1): ActionLogFile {
  const cycle = file.entries.filter((entry) => entry.seq >= fromSeq);
  const first = cycle[0];
  const lastEntry = cycle.at(-1);
  if (first === undefined || lastEntry === undefined) return file;
  const head = file.entries.filter((entry) => entry.seq < fromSeq);
  const span = Math.max(1, lastEntry.t - first.t + 500);
  const entries: Envelope[] = [...head];
  let seqOffset = 0;
  let tOffset = 0;
  // Bounded by the duration: every round adds `span` > 0 ms.
  while (tOffset < durationMs) {
    for (const entry of cycle) {
      const shifted: Envelope = {
        seq: entry.seq + seqOffset,
        t: entry.t + tOffset,
        src: entry.src,
        action: entry.action,
        ...(entry.cause === undefined ? {} : { cause: entry.cause >= fromSeq ? entry.cause + seqOffset : entry.cause }),
      };
      entries.push(shifted);
    }
    seqOffset += cycle.length;
    tOffset += span;
  }
  return { header: file.header, ...(file.checkpoint === undefined ? {} : { checkpoint: file.checkpoint }), entries };
}
