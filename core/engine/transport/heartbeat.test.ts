import { TestScheduler } from 'rxjs/testing';
import { heartbeat } from './heartbeat';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const beats = { p: 'ping', t: 'timeout' };

describe('heartbeat (spec 001 §9 Heartbeat ping first 30000 ms, timeout 10000 ms)', () => {
  it('pings 30000 ms after opening and times out 10000 ms after an unanswered ping', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const pong$ = hot('-');
      expectObservable(heartbeat(pong$, s)).toBe('30000ms p 9999ms (t|)', beats);
    });
  });

  it('a pong within the timeout starts the next 30000 ms wait from the pong', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const pong$ = hot('30005ms x 30009ms y', { x: 1, y: 1 });
      // ping 30000, pong 30005 → ping 60005, pong 60015 → ping 90015, no pong → timeout 100015.
      expectObservable(heartbeat(pong$, s)).toBe('30000ms p 30004ms p 30009ms p 9999ms (t|)', beats);
    });
  });

  it('a pong before any ping does not count as the answer', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const pong$ = hot('10ms x', { x: 1 });
      expectObservable(heartbeat(pong$, s)).toBe('30000ms p 9999ms (t|)', beats);
    });
  });

  it('a pong 1 ms late is a timeout', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const pong$ = hot('40001ms x', { x: 1 });
      expectObservable(heartbeat(pong$, s)).toBe('30000ms p 9999ms (t|)', beats);
    });
  });
});
