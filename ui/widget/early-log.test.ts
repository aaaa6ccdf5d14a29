import { createActionLog, parseActionLog, startOf } from '../../core/store/action-log';
import type { Envelope } from '../../core/store/store';
import { createEarlyLog } from './early-log';

const envelope = (seq: number): Envelope => ({ seq, t: seq, src: 'ui', action: { type: 'test/step', n: seq } }) as unknown as Envelope;

describe('the early log (issue 19 Capture: every page records from its first action, bounded until the chunk arrives)', () => {
  it('hands every envelope kept before the drain to the log, in order, then every later one straight on: none is lost', () => {
    const early = createEarlyLog(10);
    for (let seq = 1; seq <= 7; seq += 1) early.record(envelope(seq), { n: seq });
    const log = createActionLog({ app: 'a', version: 'v', initialState: { n: 0 } });
    early.drain((start) => {
      expect(start).toBeUndefined();
      return log.record;
    });
    for (let seq = 8; seq <= 12; seq += 1) early.record(envelope(seq), { n: seq });
    expect(log.file().entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(log.file().checkpoint).toBeUndefined();
  });

  it('past its cap keeps between cap/2 and cap entries, and the log starts at a checkpoint holding the state before them', () => {
    const cap = 10;
    const early = createEarlyLog(cap);
    for (let seq = 1; seq <= 25; seq += 1) early.record(envelope(seq), { n: seq });
    let log: ReturnType<typeof createActionLog> | undefined;
    early.drain((start) => {
      log = createActionLog({ app: 'a', version: 'v', initialState: { n: 0 } }, start === undefined ? {} : { start });
      return log.record;
    });
    const file = parseActionLog(log!.toJsonl());
    expect(file.entries.length).toBeGreaterThanOrEqual(cap / 2);
    expect(file.entries.length).toBeLessThanOrEqual(cap);
    const first = file.entries[0]!.seq;
    expect(file.entries.map((e) => e.seq)).toEqual(Array.from({ length: 25 - first + 1 }, (_, i) => first + i));
    // The log folds from its checkpoint: the state after the last dropped entry.
    expect(startOf(file)).toEqual({ kind: 'checkpoint', seq: first - 1, state: { n: first - 1 } });
  });
});
