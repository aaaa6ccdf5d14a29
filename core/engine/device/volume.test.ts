import { TestScheduler } from 'rxjs/testing';
import { INVALID_POSITION, INVALID_VOLUME, VOLUME_OUT_OF_RANGE } from './constants';
import { checkRemotePosition, checkRemoteVolume, checkVolume, debounceVolume, scaleVolume } from './volume';

describe("volume (spec 001 §5 'Volume should be in range [0, 1]')", () => {
  it.each([
    [0, true],
    [0.5, true],
    [1, true],
    [-0.01, false],
    [1.01, false],
    [NaN, false],
    ['0.5', false],
  ])('%p ok=%p', (v, ok) => expect(checkVolume(v)).toEqual(ok ? { ok: true, value: v } : { ok: false, err: VOLUME_OUT_OF_RANGE }));
});

describe("remote volume and seek (spec 001 §5 'Invalid volume.', 'Invalid position.')", () => {
  it.each([
    [0, true],
    [2, true],
    [-1, false],
    [null, false],
    ['3', false],
  ])('volume %p ok=%p', (v, ok) => expect(checkRemoteVolume(v)).toEqual(ok ? { ok: true, value: v } : { ok: false, err: INVALID_VOLUME }));

  it.each([
    [0, true],
    [15000, true],
    [-1, false],
    ['10', false],
    [undefined, false],
  ])('position %p ok=%p', (p, ok) => expect(checkRemotePosition(p)).toEqual(ok ? { ok: true, value: p } : { ok: false, err: INVALID_POSITION }));
});

describe('volume scale (spec 001 §5: sent as round(65535*volume))', () => {
  it.each([
    [0, 0],
    [1, 65535],
    [0.5, 32768],
    [0.1, 6554],
  ])('%p → %p', (v, scaled) => expect(scaleVolume(v)).toBe(scaled));
});

describe('volume debounce (spec 001 §7/§9: debounced 1000 ms)', () => {
  it('sends only the last volume of a burst, 1000 ms after its last change', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      const volume$ = hot('a 499ms b 999ms - 2000ms c', { a: 0.2, b: 0.5, c: 1 });
      // b at 500 → sent at 1500; c at 3501 → sent at 4501.
      expectObservable(volume$.pipe(debounceVolume(s))).toBe('1500ms x 3000ms y', { x: 32768, y: 65535 });
    });
  });

  it('a change 999 ms after the previous one restarts the wait', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ hot, expectObservable }) => {
      const volume$ = hot('a 998ms b', { a: 0, b: 1 });
      expectObservable(volume$.pipe(debounceVolume(s))).toBe('1999ms y', { y: 65535 });
    });
  });
});
