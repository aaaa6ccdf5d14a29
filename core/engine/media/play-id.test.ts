import { TestScheduler } from 'rxjs/testing';
import { dropStaleSteps, INITIAL_PLAY_ID, isStale, nextPlayId } from './play-id';

describe('play ids (spec 001 §4 Media player: each load increments a play id; stale steps dropped)', () => {
  it('each load increments the play id', () => {
    expect(nextPlayId(nextPlayId(INITIAL_PLAY_ID))).toBe(INITIAL_PLAY_ID + 2);
  });

  it.each([
    [3, 3, false],
    [3, 2, true],
    [3, 4, true],
  ])('current %i, step of play %i: stale = %s', (current, playId, stale) => {
    expect(isStale(current, { playId })).toBe(stale);
  });

  it('a step landing after a newer load is dropped; steps of the current load pass', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      let current = 1;
      s.schedule(() => (current = 2), 5); // a new load at 5 ms
      const steps = hot('a-b---c-d', { a: { playId: 1 }, b: { playId: 1 }, c: { playId: 1 }, d: { playId: 2 } });
      expectObservable(steps.pipe(dropStaleSteps(() => current))).toBe('a-b-----d', {
        a: { playId: 1 },
        b: { playId: 1 },
        d: { playId: 2 },
      });
    });
  });
});
