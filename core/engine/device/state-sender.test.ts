import { map, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { limitsStateUpdates, sendStateUpdates, type SendResult } from './state-sender';
import type { StateUpdate, StateUpdatePayload } from './state-update';

const update = (position: number): StateUpdate => ({
  state_ref: null,
  sub_state: { playback_speed: 1, position, duration: 1000, stream_time: 0 },
  previous_position: 0,
  playback_stats: null,
  rejected_state_refs: [],
  debug_source: 'progress',
});
const brief = (r: SendResult): string => {
  if (r.kind === 'skipped') return `skip@${r.update.sub_state.position}`;
  if (r.kind === 'asked') return `asked:${r.action.type}`;
  return `${r.kind}#${r.payload.seq_num}@${r.payload.sub_state.position}`;
};

/** Each send takes 10 ms of virtual time and answers 200. */
function run(limit: boolean, marbles: string, values: Record<string, StateUpdate>, expected: string, out: Record<string, string>, firstSeq = 0) {
  const s = new TestScheduler((a, b) => expect(a).toEqual(b));
  s.run(({ hot, cold, expectObservable }) => {
    const send = (_p: StateUpdatePayload): Observable<number> => cold('10ms (x|)', { x: 200 });
    expectObservable(
      hot(marbles, values).pipe(
        sendStateUpdates(send, () => limit, firstSeq),
        map(brief),
      ),
    ).toBe(expected, out);
  });
}

describe('state update sends (spec 001 §4 State update sends)', () => {
  it('numbers each send from 1 and skips one identical to the last sent', () => {
    run(false, 'a 19ms a 19ms b', { a: update(1), b: update(2) }, '10ms x 9ms y 29ms z', { x: 'sent#1@1', y: 'skip@1', z: 'sent#2@2' });
  });

  it('with limiting on, an update waits while a send is in flight', () => {
    // a and b 2 ms apart: b goes out when a's answer comes at 10, answered at 20.
    run(true, 'a b', { a: update(1), b: update(2) }, '10ms x 9ms y', { x: 'sent#1@1', y: 'sent#2@2' });
  });

  it('with limiting off (experiment "send all state updates" on), updates go at once', () => {
    run(false, 'a b', { a: update(1), b: update(2) }, '10ms x y', { x: 'sent#1@1', y: 'sent#2@2' });
  });

  it('a queued update identical to the one just sent is skipped when its turn comes', () => {
    run(true, 'a a', { a: update(1) }, '10ms (xy)', { x: 'sent#1@1', y: 'skip@1' });
  });

  it('the sequence number wraps after 2^53-1 (spec 001 §9)', () => {
    run(false, 'a 19ms b', { a: update(1), b: update(2) }, '10ms x 19ms y', { x: `sent#${2 ** 53 - 1}@1`, y: 'sent#0@2' }, 2 ** 53 - 2);
  });

  it('a failed send is reported and the next one still goes', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, cold, expectObservable }) => {
      let n = 0;
      const send = () => (n++ === 0 ? cold<number>('5ms #', undefined, new Error('down')) : cold('5ms (x|)', { x: 200 }));
      const out$ = hot('a 9ms b', { a: update(1), b: update(2) }).pipe(
        sendStateUpdates(send, () => true),
        map(brief),
      );
      expectObservable(out$).toBe('5ms x 9ms y', { x: 'failed#1@1', y: 'sent#2@2' });
    });
  });

  it('an action a send emits on its way (the forced token refresh of a 401, spec 001 §8) is passed on before its status, and the queue still waits for that status', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, cold, expectObservable }) => {
      const refresh = { type: 'session/tokenRefreshRequested' };
      let n = 0;
      const send = (): Observable<number | { type: string }> => (n++ === 0 ? cold('5ms r 9ms (x|)', { r: refresh, x: 200 }) : cold('5ms (x|)', { x: 200 }));
      const out$ = hot('a b', { a: update(1), b: update(2) }).pipe(
        sendStateUpdates(send, () => true),
        map(brief),
      );
      expectObservable(out$).toBe('5ms r 9ms x 4ms y', { r: 'asked:session/tokenRefreshRequested', x: 'sent#1@1', y: 'sent#2@2' });
    });
  });
});

describe("limiting read live (spec 001 §4: the cell 'send all state updates' resolves after the token)", () => {
  /** Limits until the cell turns on at `onAt` (virtual ms); each send takes 10 ms and answers 200. */
  function runLive(onAt: number, marbles: string, expected: string, out: Record<string, string>) {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, cold, expectObservable }) => {
      const send = (): Observable<number> => cold('10ms (x|)', { x: 200 });
      const limit = () => s.now() < onAt;
      expectObservable(hot(marbles, { a: update(1), b: update(2), c: update(3) }).pipe(sendStateUpdates(send, limit), map(brief))).toBe(expected, out);
    });
  }

  it('an update arriving while one is in flight is held while limiting is on, and goes at once after the cell is on', () => {
    // Cell on at 5: a (0) in flight, b (1) held till a's answer at 10; c (11) arrives while b is in flight and goes at once.
    runLive(5, 'a b 9ms c', '10ms x 9ms y z', { x: 'sent#1@1', y: 'sent#2@2', z: 'sent#3@3' });
    // Never on: c waits for b as well.
    runLive(Infinity, 'a b 9ms c', '10ms x 9ms y 9ms z', { x: 'sent#1@1', y: 'sent#2@2', z: 'sent#3@3' });
  });

  it('completes only after the queued and in-flight sends are done', () => {
    runLive(Infinity, 'a b|', '10ms x 9ms (y|)', { x: 'sent#1@1', y: 'sent#2@2' });
  });
});

describe("limiting (spec 001 §4: limits when the experiment cell 'send all state updates' is not on)", () => {
  it.each([
    [true, false],
    [false, true],
    [null, true],
    [undefined, true],
  ])('cell %p → limits %p', (cell, limits) => expect(limitsStateUpdates(cell)).toBe(limits));
});
