import { TestScheduler } from 'rxjs/testing';
import { batch } from './batch';

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));

describe('batch (spec 000 §7 logging channel: batched)', () => {
  it('emits a batch maxWait after its first value; the next value opens a new batch', () => {
    const s = scheduler();
    s.run(({ cold, expectObservable }) => {
      const source = cold('a b 6ms c 20ms d 30ms |');
      // a at 0, b at 1, c at 8, d at 29: the first batch closes at 10, the second at 39; complete at 60.
      expectObservable(source.pipe(batch(50, 10, s))).toBe('10ms x 28ms y 20ms |', { x: ['a', 'b', 'c'], y: ['d'] });
    });
  });

  it('emits at once when a batch holds maxCount values, and cancels its timer', () => {
    const s = scheduler();
    s.run(({ cold, expectObservable }) => {
      expectObservable(cold('abc 50ms |').pipe(batch(3, 10, s))).toBe('--x 50ms |', { x: ['a', 'b', 'c'] });
    });
  });

  it('emits what waits when flush$ emits, and what is left when the source completes', () => {
    const s = scheduler();
    s.run(({ cold, hot, expectObservable }) => {
      const flush$ = hot('---f 20ms f');
      expectObservable(cold('ab 5ms c|').pipe(batch(50, 100, s, flush$))).toBe('---x 4ms (y|)', { x: ['a', 'b'], y: ['c'] });
    });
  });

  it('emits nothing for a flush with nothing waiting, and schedules nothing while idle', () => {
    const s = scheduler();
    s.run(({ cold, hot, expectObservable }) => {
      expectObservable(cold('1000ms |').pipe(batch(50, 10, s, hot('f')))).toBe('1000ms |');
    });
  });
});
