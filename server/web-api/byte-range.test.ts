import { parseByteRange } from './byte-range';

describe('parseByteRange (issue 4: the CDN serves byte ranges, 206, 416 for a range it cannot satisfy)', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=900-', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=-500', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=5000-6000', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Ignored (RFC 9110 lets a server send the whole file): malformed, reversed, other units, several ranges.
    ['bytes=abc', { kind: 'full' }],
    ['bytes=50-10', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
  ] as const)('%s of a 1000-byte file is %j', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });

  it('no range of an empty file can be satisfied', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
