import { defer, of, throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { LAZY_SCRIPT_RETRY_DELAYS_MS, retryLazyScript } from './lazy-script-retry';

const failure = new Error('Failed to fetch dynamically imported module');

/** A load that fails its first `failures` attempts, then gives the module; counts the attempts. */
function flakyLoad(failures: number) {
  const attempts: number[] = [];
  let now = (): number => 0;
  const load$ = defer(() => {
    attempts.push(now());
    return attempts.length <= failures ? throwError(() => failure) : of('module');
  });
  return { load$, attempts, clock: (read: () => number) => (now = read) };
}

describe("a lazily loaded script that failed is tried again with backoff, then the failure is the caller's", () => {
  it('the policy: three more tries after 500, 1500 and 4000 ms', () => {
    expect(LAZY_SCRIPT_RETRY_DELAYS_MS).toEqual([500, 1500, 4000]);
  });

  it('one failure: the second attempt, 500 ms later, gives the module', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable }) => {
      const flaky = flakyLoad(1);
      flaky.clock(() => scheduler.now());
      expectObservable(flaky.load$.pipe(retryLazyScript(scheduler))).toBe('500ms (m|)', { m: 'module' });
      scheduler.flush();
      expect(flaky.attempts).toEqual([0, 500]);
    });
  });

  it('three failures: the fourth attempt (after 500 + 1500 + 4000 ms) gives it', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable }) => {
      const flaky = flakyLoad(3);
      flaky.clock(() => scheduler.now());
      expectObservable(flaky.load$.pipe(retryLazyScript(scheduler))).toBe('6000ms (m|)', { m: 'module' });
      scheduler.flush();
      expect(flaky.attempts).toEqual([0, 500, 2000, 6000]);
    });
  });

  it('a script that cannot be had: four attempts, then the last error (no endless retry)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable }) => {
      const flaky = flakyLoad(Number.POSITIVE_INFINITY);
      flaky.clock(() => scheduler.now());
      expectObservable(flaky.load$.pipe(retryLazyScript(scheduler))).toBe('6000ms #', undefined, failure);
      scheduler.flush();
      expect(flaky.attempts).toEqual([0, 500, 2000, 6000]);
    });
  });

  it('a later subscription (a later click) starts a fresh round of attempts', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable }) => {
      const flaky = flakyLoad(4);
      flaky.clock(() => scheduler.now());
      const load$ = flaky.load$.pipe(retryLazyScript(scheduler));
      expectObservable(load$).toBe('6000ms #', undefined, failure);
      // The visitor clicks again at 10 s: the fifth attempt gives the module at once.
      const later: string[] = [];
      scheduler.schedule(() => load$.subscribe((m) => later.push(`${scheduler.now()} ${m}`)), 10_000);
      scheduler.flush();
      expect(flaky.attempts).toEqual([0, 500, 2000, 6000, 10_000]);
      expect(later).toEqual(['10000 module']);
    });
  });
});
