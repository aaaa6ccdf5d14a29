import { NOT_ALLOWED } from './constants';
import { checkSeek, clampSeek, seekStep, smartPrevious } from './smart-previous';

describe('smart previous (spec 001 §4, §9 previous threshold 3000 ms)', () => {
  it.each([
    [0, false, true, 'previous'],
    [2999, false, true, 'previous'],
    [3000, false, true, 'restart'],
    [1000, false, false, 'restart'],
    [60000, true, true, 'previous'],
    [60000, true, false, 'previous'],
  ] as const)('position %p, seeking disallowed %p, has previous %p → %p', (position, disallowed, hasPrevious, choice) =>
    expect(smartPrevious(position, disallowed, hasPrevious)).toBe(choice),
  );
});

describe('seek forward/back (spec 001 §5/§9: 15000 ms, clamped to 0..duration)', () => {
  it.each([
    [10000, 60000, 'forward', 25000],
    [50000, 60000, 'forward', 60000],
    [20000, 60000, 'back', 5000],
    [10000, 60000, 'back', 0],
  ] as const)('%p of %p %p → %p', (position, duration, direction, to) => expect(seekStep(position, duration, direction)).toBe(to));

  it.each([
    [-5, 100, 0],
    [50, 100, 50],
    [150, 100, 100],
  ])('clampSeek(%p, %p) = %p', (p, d, c) => expect(clampSeek(p, d)).toBe(c));

  it("seek when the list disallows it: 'The operation is not allowed.' (spec 001 §5)", () => {
    expect(checkSeek(1000, 60000, true)).toEqual({ ok: false, err: NOT_ALLOWED });
  });

  it('a non-number position is refused; a number is clamped', () => {
    expect(checkSeek('10', 60000, false)).toEqual({ ok: false, err: 'Invalid position.' });
    expect(checkSeek(90000, 60000, false)).toEqual({ ok: true, positionMs: 60000 });
  });
});
