import { fragmentRanges, median, repeatFragments } from './bench-media';

// spec 001 §3 audio manifest: the init segment is [0, offset), then the segments by size, in order.
const TABLE = {
  offset: 4,
  timescale: 44100,
  segments: [
    [3, 441000],
    [2, 430000],
  ] as Array<[number, number]>,
};
const FILE = Buffer.from('IIIIaaabb');

describe('the CDN bench reads a file as the engine does (spec 001 §3 audio manifest: offset, segments)', () => {
  it('one inclusive byte range for the init segment, then one per segment, covering the file', () => {
    expect(fragmentRanges(TABLE)).toEqual([
      [0, 3],
      [4, 6],
      [7, 8],
    ]);
  });

  it('repeats the fragments after the init segment until the size, with a seek table that lists them', () => {
    const long = repeatFragments(FILE, TABLE, 14);
    expect(long.bytes.toString()).toBe('IIIIaaabbaaabb');
    // 14 bytes is short of 15: one more fragment.
    const longer = repeatFragments(FILE, TABLE, 15);
    expect(longer.bytes.toString()).toBe('IIIIaaabbaaabbaaa');
    expect(longer.table).toEqual({
      offset: 4,
      timescale: 44100,
      segments: [
        [3, 441000],
        [2, 430000],
        [3, 441000],
        [2, 430000],
        [3, 441000],
      ],
    });
    expect(fragmentRanges(longer.table).map(([a, b]) => longer.bytes.subarray(a, b + 1).toString())).toEqual(['IIII', 'aaa', 'bb', 'aaa', 'bb', 'aaa']);
  });

  it('medians: the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
