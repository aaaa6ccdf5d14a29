import { moveRange } from './move-range';

describe('moveRange (public API reorder: range_start, range_length, insert_before)', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  it.each([
    [2, 1, 0, ['c', 'a', 'b', 'd', 'e']],
    [0, 2, 5, ['c', 'd', 'e', 'a', 'b']],
    [1, 2, 4, ['a', 'd', 'b', 'c', 'e']],
    [3, 2, 1, ['a', 'd', 'e', 'b', 'c']],
    [1, 3, 2, ['a', 'b', 'c', 'd', 'e']],
    [0, 1, 0, ['a', 'b', 'c', 'd', 'e']],
  ])('start %d length %d before %d gives %j', (start, length, before, expected) => {
    expect(moveRange(items, start, length, before)).toEqual(expected);
  });
});
