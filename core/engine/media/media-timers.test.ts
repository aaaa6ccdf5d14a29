import { TestScheduler } from 'rxjs/testing';
import { pauseEvents, progressTicks, synthesisedEnded, type PlaybackClock } from './media-timers';

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const clock = (c: Partial<PlaybackClock>): PlaybackClock => ({ playing: true, positionMs: 0, durationMs: 0, protected: true, ...c });

describe('pause event (spec 001 §4 Media player: emitted 10 ms after the pause)', () => {
  it('a pause is announced 10 ms later', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      expectObservable(hot('p', { p: 'pause' as const }).pipe(pauseEvents(s))).toBe('10ms e', { e: 'paused' });
    });
  });

  it('a play within the 10 ms cancels it; a later pause is announced 10 ms after itself', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const commands = hot('p 4ms y 10ms p', { p: 'pause' as const, y: 'play' as const });
      // pause at 0, play at 5 (cancelled), pause at 16 → paused at 26.
      expectObservable(commands.pipe(pauseEvents(s))).toBe('26ms e', { e: 'paused' });
    });
  });
});

describe('synthesised ended (spec 001 §4 Media player: protected tracks, timer set to the remaining duration)', () => {
  it('a protected track playing at 25000 of 30000 ms ends 5000 ms later', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const status = hot('a', { a: clock({ positionMs: 25000, durationMs: 30000 }) });
      expectObservable(status.pipe(synthesisedEnded(s))).toBe('5000ms e', { e: 'ended' });
    });
  });

  it('a seek restarts the timer from the new position', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const status = hot('a 999ms b', { a: clock({ positionMs: 25000, durationMs: 30000 }), b: clock({ positionMs: 28000, durationMs: 30000 }) });
      expectObservable(status.pipe(synthesisedEnded(s))).toBe('3000ms e', { e: 'ended' });
    });
  });

  it.each([
    ['paused', clock({ playing: false, positionMs: 25000, durationMs: 30000 })],
    ['unprotected (the element fires its own ended)', clock({ protected: false, positionMs: 25000, durationMs: 30000 })],
    ['duration unknown', clock({ positionMs: 25000, durationMs: 0 })],
  ])('no synthesised ended when %s', (_case, status) => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      expectObservable(hot('a', { a: status }).pipe(synthesisedEnded(s))).toBe('');
    });
  });

  it('a pause before the end cancels the timer', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const status = hot('a 999ms b', {
        a: clock({ positionMs: 25000, durationMs: 30000 }),
        b: clock({ playing: false, positionMs: 26000, durationMs: 30000 }),
      });
      expectObservable(status.pipe(synthesisedEnded(s))).toBe('');
    });
  });
});

describe('progress ticks (spec 001 §9 Position updates / progress tick: 500 ms)', () => {
  it('every 500 ms while playing, with the position reached', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const status = hot('a 1599ms b', {
        a: clock({ positionMs: 1000, durationMs: 60000 }),
        b: clock({ playing: false, positionMs: 2600, durationMs: 60000 }),
      });
      expectObservable(status.pipe(progressTicks(s))).toBe('500ms x 499ms y 499ms z', { x: 1500, y: 2000, z: 2500 });
    });
  });

  it('capped at the duration', () => {
    const s = scheduler();
    s.run(({ hot, expectObservable }) => {
      const status = hot('a 1000ms b', { a: clock({ positionMs: 29600, durationMs: 30000 }), b: clock({ playing: false }) });
      expectObservable(status.pipe(progressTicks(s))).toBe('500ms x 499ms y', { x: 30000, y: 30000 });
    });
  });
});
