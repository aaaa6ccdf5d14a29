import { isLeft, isRight } from 'fp-ts/Either';
import { decodeSeekTable } from './seek-table';

describe('seek table decode (spec 001 §3 Audio manifest, §8 Manifest errors)', () => {
  it('reads offset, timescale and [size, duration] segments; protection defaults to cenc', () => {
    const decoded = decodeSeekTable(JSON.stringify({ offset: 700, timescale: 44100, segments: [[1000, 441000], [500, 220500]] }));
    expect(decoded).toEqual({
      _tag: 'Right',
      right: {
        offset: 700,
        timescale: 44100,
        segments: [
          { size: 1000, duration: 441000 },
          { size: 500, duration: 220500 },
        ],
        protection: 'cenc',
        pssh: {},
      },
    });
  });

  it('reads references (size and duration) when there are no segments, and keeps pssh fields', () => {
    const decoded = decodeSeekTable(
      JSON.stringify({ offset: 10, timescale: 1000, protection: 'cbcs', pssh_widevine: 'AAA=', references: [{ size: 5, duration: 10000 }] }),
    );
    expect(isRight(decoded) && decoded.right).toMatchObject({
      segments: [{ size: 5, duration: 10000 }],
      protection: 'cbcs',
      pssh: { pssh_widevine: 'AAA=' },
    });
  });

  it.each([
    ['not JSON', '{offset'],
    ['no offset', JSON.stringify({ timescale: 1, segments: [[1, 1]] })],
    ['a zero timescale', JSON.stringify({ offset: 1, timescale: 0, segments: [[1, 1]] })],
    ['a segment that is not a pair', JSON.stringify({ offset: 1, timescale: 1, segments: [[1]] })],
    ['a negative duration', JSON.stringify({ offset: 1, timescale: 1, segments: [[1, -1]] })],
    ['an array body', '[]'],
  ])('%s → FILE_MALFORMED_SEEKTABLE "Malformed seektable."', (_case, body) => {
    const decoded = decodeSeekTable(body);
    expect(isLeft(decoded) && decoded.left).toMatchObject({ code: 'FILE_MALFORMED_SEEKTABLE', message: 'Malformed seektable.' });
  });

  it('names the failing field in the detail, not in the catalogue text', () => {
    const decoded = decodeSeekTable(JSON.stringify({ offset: 'x', timescale: 1, segments: [[1, 1]] }));
    expect(isLeft(decoded) && decoded.left.detail).toContain('offset');
  });

  it.each([
    ['no segments nor references', { offset: 1, timescale: 1 }],
    ['empty segments', { offset: 1, timescale: 1, segments: [] }],
    ['empty references', { offset: 1, timescale: 1, references: [] }],
  ])('%s → FILE_MALFORMED_SEEKTABLE_NO_CONTENTS', (_case, json) => {
    const decoded = decodeSeekTable(JSON.stringify(json));
    expect(isLeft(decoded) && decoded.left).toEqual({
      code: 'FILE_MALFORMED_SEEKTABLE_NO_CONTENTS',
      message: 'Malformed seektable: no contents.',
    });
  });
});
