import { decodeMediaElementFact, mediaElementError } from './element-fact';

describe('media element facts (decoded at the boundary; spec 001 §8 Media texts)', () => {
  it('rounds positions to whole ms and maps unknown or infinite durations to 0', () => {
    expect(decodeMediaElementFact({ kind: 'timeupdate', positionMs: 1234.6, durationMs: Infinity, bufferedEndMs: 9999.4 }, 1)).toEqual({
      type: 'mediaPlayer/elementFact',
      kind: 'timeupdate',
      positionMs: 1235,
      durationMs: 0,
      bufferedEndMs: 9999,
      errorCode: null,
    });
    expect(decodeMediaElementFact({ kind: 'loadedmetadata', positionMs: 0, durationMs: NaN, bufferedEndMs: 0 }, 1)).toMatchObject({ durationMs: 0 });
  });

  it('an error fact keeps its MediaError code (0 when the element had none)', () => {
    expect(decodeMediaElementFact({ kind: 'error', positionMs: 0, durationMs: 0, bufferedEndMs: 0, errorCode: 3 }, 1)).toMatchObject({ errorCode: 3 });
    expect(decodeMediaElementFact({ kind: 'error', positionMs: 0, durationMs: 0, bufferedEndMs: 0 }, 1)).toMatchObject({ errorCode: 0 });
  });

  it('a fact that does not decode becomes a failure naming the field', () => {
    const action = decodeMediaElementFact({ kind: 'seeking', positionMs: 0, durationMs: 0, bufferedEndMs: 0 }, 4) as {
      type: string;
      playId: number;
      code: string;
      message: string;
    };
    expect([action.type, action.playId, action.code]).toEqual(['mediaPlayer/failed', 4, 'MEDIA_FACT_INVALID']);
    expect(action.message).toMatch(/^Invalid media element fact: .*kind/);
  });

  it.each([
    [1, 'Media aborted.'],
    [2, 'Network error.'],
    [3, 'Media decoding error.'],
    [4, 'Media not supported.'],
    [9, 'Media error (code 9).'],
  ])('MediaError %i reads "%s"', (code, message) => {
    expect(mediaElementError(code).message).toBe(message);
  });
});
