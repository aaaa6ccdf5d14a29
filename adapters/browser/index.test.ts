import { EMPTY, asyncScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createBrowserPorts } from './index';
import { createBrowserClock } from './clock';
import { createBrowserRandom } from './random';

describe('createBrowserPorts', () => {
  it('gives every port, timed by one scheduler whose now() is the clock', () => {
    const engine = { send: () => EMPTY, events$: EMPTY };
    const ports = createBrowserPorts(window, document.createElement('audio'), engine);
    expect(Object.keys(ports).sort()).toEqual(['audio', 'clock', 'engine', 'host', 'http', 'random', 'scheduler', 'storage']);
    expect(ports.scheduler).toBe(asyncScheduler);
  });

  it('the clock follows the scheduler it is given', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      const clock = createBrowserClock(scheduler);
      const seen: number[] = [];
      scheduler.schedule(() => seen.push(clock.now()), 250);
      flush();
      expect(seen).toEqual([250]);
    });
  });

  it('randomness comes from the given source, in [0, 1)', () => {
    expect(createBrowserRandom(() => 0.25).next()).toBe(0.25);
    const n = createBrowserRandom().next();
    expect(n >= 0 && n < 1).toBe(true);
  });
});
