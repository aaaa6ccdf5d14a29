import { TestScheduler } from 'rxjs/testing';
import { resolveDelayMs, spaceResolutions } from './resolve-spacing';

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));

describe('URL resolution spacing (spec 001 §9 Min gap between URL resolutions: 1001 ms)', () => {
  it.each([
    [undefined, 5000, 0],
    [0, 1000, 1],
    [0, 1001, 0],
    [0, 3000, 0],
  ])('last started at %p, asked at %i: waits %i ms', (last, now, wait) => {
    expect(resolveDelayMs(last, now)).toBe(wait);
  });

  it('resolutions start at least 1001 ms apart; a late request starts at once', () => {
    const s = scheduler();
    s.run(({ hot, cold, expectObservable }) => {
      // Asked at 0, 100 and 3000; each resolve answers after 10 ms.
      const requests = hot('a 99ms b 2899ms c');
      const resolve = (q: string) => cold('10ms (r|)', { r: q.toUpperCase() });
      // a starts at 0 → A at 10; b waits to 1001 → B at 1011; c starts at 3000 → C at 3010.
      expectObservable(requests.pipe(spaceResolutions(resolve, s))).toBe('10ms A 1000ms B 1998ms C');
    });
  });

  it('the gap counts from the previous start, even when that resolution was slow', () => {
    const s = scheduler();
    s.run(({ hot, cold, expectObservable }) => {
      const requests = hot('a b');
      const resolve = (q: string) => cold('1500ms (r|)', { r: q.toUpperCase() });
      // a runs 0-1500; b is asked at 1 and may start at 1001, but waits for a to finish: 1500 → 3000.
      expectObservable(requests.pipe(spaceResolutions(resolve, s))).toBe('1500ms A 1499ms B');
    });
  });
});
