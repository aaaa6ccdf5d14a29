import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { latestNavigation, type NavigationOutcome } from './navigation';

const brief = (o: NavigationOutcome<string, string>) => (o.kind === 'cancelled' ? `x${o.navigation}` : o.result);

describe('navigation cancellation (spec 001 §4 List player: a newer navigation cancels older pending ones)', () => {
  it('a navigation while another is pending cancels it; its late answer never comes', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, cold, expectObservable }) => {
      // Each load answers 50 ms after it starts. a at 0, b at 10 (a pending), c at 100 (b done at 60).
      const nav$ = hot('a 9ms b 89ms c', { a: 'a', b: 'b', c: 'c' });
      const out$ = nav$.pipe(
        latestNavigation((n: string) => cold('50ms (r|)', { r: `${n}!` })),
        map(brief),
      );
      expectObservable(out$).toBe('10ms p 49ms q 89ms r', { p: 'xa', q: 'b!', r: 'c!' });
    });
  });

  it('three quick navigations: only the last one loads', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, cold, expectObservable }) => {
      const nav$ = hot('abc', { a: 'a', b: 'b', c: 'c' });
      const out$ = nav$.pipe(
        latestNavigation((n: string) => cold('20ms (r|)', { r: `${n}!` })),
        map(brief),
      );
      expectObservable(out$).toBe('- p q 19ms r', { p: 'xa', q: 'xb', r: 'c!' });
    });
  });
});
