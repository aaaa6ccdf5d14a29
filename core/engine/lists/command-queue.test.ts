import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { clientInitialisation, gateCommands, type Gate } from './command-queue';
import { PLAYER_DISABLED } from './constants';

const brief = (g: Gate<string>) => (g.kind === 'run' ? g.command : `!${g.command}`);

describe('client command queue (spec 001 §4 Client lifecycle: queued until the local player is enabled)', () => {
  it('commands before the first enable wait and run in order when it comes; later ones run at once', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      const command$ = hot('a 9ms b 19ms - 9ms c', { a: 'play', b: 'seek', c: 'pause' });
      const enabled$ = hot('20ms t', { t: 'enabled' as const });
      expectObservable(gateCommands(command$, enabled$).pipe(map(brief))).toBe('20ms (ab) 16ms c', { a: 'play', b: 'seek', c: 'pause' });
    });
  });

  it("once disabled after being enabled, commands are refused: 'Cannot perform command; local player is disabled.' (spec 001 §8)", () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      const command$ = hot('5ms a 9ms b', { a: 'next', b: 'play' });
      const enabled$ = hot('t 9ms f 9ms t', { t: 'enabled' as const, f: 'disabled' as const });
      const out$ = gateCommands(command$, enabled$);
      expectObservable(out$.pipe(map(brief))).toBe('5ms a 9ms b', { a: 'next', b: '!play' });
    });
    expect(PLAYER_DISABLED).toBe('Cannot perform command; local player is disabled.');
  });

  it('commands queued while pending are refused when the player is disabled instead (deregistration, abort, unrecoverable error)', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      const command$ = hot('a 4ms b 9ms c', { a: 'play', b: 'next', c: 'pause' });
      const availability$ = hot('10ms d', { d: 'disabled' as const });
      expectObservable(gateCommands(command$, availability$).pipe(map(brief))).toBe('10ms (ab) 1ms c', { a: '!play', b: '!next', c: '!pause' });
    });
  });

  it('while the device re-registers (pending again) commands wait instead of being refused', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      const command$ = hot('5ms a', { a: 'next' });
      const availability$ = hot('e 2ms p 9ms e', { e: 'enabled' as const, p: 'pending' as const });
      expectObservable(gateCommands(command$, availability$).pipe(map(brief))).toBe('13ms a', { a: 'next' });
    });
  });
});

describe('client initialisation (spec 001 §4: on the first pointer entry or the first command)', () => {
  it.each([
    ['the first pointer entry', '10ms p 9ms p', '30ms c', '10ms (i|)'],
    ['the first command', '30ms p', '5ms c 9ms c', '5ms (i|)'],
  ])('initialises once, on %s', (_what, pointer, commands, expected) => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      expectObservable(clientInitialisation(hot(pointer), hot(commands))).toBe(expected, { i: 'initialised' });
    });
  });
});
