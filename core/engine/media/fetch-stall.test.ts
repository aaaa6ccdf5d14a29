import { TestScheduler } from 'rxjs/testing';
import { flagStall } from './fetch-stall';

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const stall = { kind: 'stall', afterMs: 9000 };
const value = (v: string) => ({ kind: 'value', value: v });

describe('fetch stall (spec 001 §9 Stall: fetch over 9000 ms)', () => {
  it('a fetch answering after 9000 ms: a stall notice at 9000 ms, then its value', () => {
    const s = scheduler();
    s.run(({ cold, expectObservable }) => {
      expectObservable(cold('9500ms (a|)').pipe(flagStall(s))).toBe('9000ms s 499ms (a|)', { s: stall, a: value('a') });
    });
  });

  it('a fetch answering at 8999 ms is not a stall', () => {
    const s = scheduler();
    s.run(({ cold, expectObservable }) => {
      expectObservable(cold('8999ms (a|)').pipe(flagStall(s))).toBe('8999ms (a|)', { a: value('a') });
    });
  });

  it('a fetch answering at exactly 9000 ms is not a stall (over 9000 ms)', () => {
    const s = scheduler();
    s.run(({ cold, expectObservable }) => {
      expectObservable(cold('9000ms (a|)').pipe(flagStall(s))).toBe('9000ms (a|)', { a: value('a') });
    });
  });

  it('a fetch that fails before 9000 ms: the error, no stall', () => {
    const s = scheduler();
    s.run(({ cold, expectObservable }) => {
      expectObservable(cold('100ms #').pipe(flagStall(s))).toBe('100ms #');
    });
  });

  it('cancelling the fetch cancels the stall timer', () => {
    const s = scheduler();
    s.run(({ cold, expectObservable }) => {
      expectObservable(cold('20000ms a').pipe(flagStall(s)), '5000ms !').toBe('');
    });
  });
});
