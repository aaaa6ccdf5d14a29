import { isLeft, isRight } from 'fp-ts/Either';
import { decodeSeekTable } from './seek-table';

/** Base64 of bytes (test side: Node's Buffer). */
const btoaBytes = (bytes: number[]) => Buffer.from(bytes).toString('base64');
/** A minimal pssh box: size 32, 'pssh', version and flags 0, a 16-byte system id, no data. */
const PSSH = btoaBytes([0, 0, 0, 32, ...'pssh'.split('').map((c) => c.charCodeAt(0)), ...new Array(24).fill(0)]);

describe('seek table decode (spec 001 §3 Audio manifest, §8 Manifest errors)', () => {
  it('reads offset, timescale and [size, duration] segments; protection defaults to cenc', () => {
    const decoded = decodeSeekTable(
      JSON.stringify({
        offset: 700,
        timescale: 44100,
        segments: [
          [1000, 441000],
          [500, 220500],
        ],
      }),
    );
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
      JSON.stringify({ offset: 10, timescale: 1000, protection: 'cenc', pssh_widevine: PSSH, references: [{ size: 5, duration: 10000 }] }),
    );
    expect(isRight(decoded) && decoded.right).toMatchObject({
      segments: [{ size: 5, duration: 10000 }],
      protection: 'cenc',
      pssh: { pssh_widevine: PSSH },
    });
  });

  it("a protection this engine cannot play (cbcs) → FILE_KEYSYSTEM_UNSUPPORTED_FORMAT 'KeySystem does not support the file format.'", () => {
    const decoded = decodeSeekTable(JSON.stringify({ offset: 10, timescale: 1000, protection: 'cbcs', segments: [[5, 10]] }));
    expect(isLeft(decoded) && decoded.left).toMatchObject({
      code: 'FILE_KEYSYSTEM_UNSUPPORTED_FORMAT',
      message: 'KeySystem does not support the file format.',
    });
  });

  it.each([
    ['not base64', '%%%'],
    ['too short for a box', 'AAA='],
    ['another box type', btoaBytes([0, 0, 0, 32, ...'moov'.split('').map((c) => c.charCodeAt(0)), ...new Array(24).fill(0)])],
    ['a size that is not its length', btoaBytes([0, 0, 0, 40, ...'pssh'.split('').map((c) => c.charCodeAt(0)), ...new Array(24).fill(0)])],
  ])("a pssh field that is %s → FILE_INVALID_PSSH 'Invalid PSSH value.'", (_case, value) => {
    const decoded = decodeSeekTable(JSON.stringify({ offset: 10, timescale: 1000, pssh: value, segments: [[5, 10]] }));
    expect(isLeft(decoded) && decoded.left).toMatchObject({ code: 'FILE_INVALID_PSSH', message: 'Invalid PSSH value.' });
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
