import { decodeAudioFact } from './audio-fact';

const fact = (kind: string, extra: Record<string, unknown> = {}) => ({ kind, positionMs: 1234.4, durationMs: 29987.6, ...extra });

describe('decodeAudioFact (core/ports.ts AudioFact -> media/* actions)', () => {
  it.each([
    ['loadedmetadata', fact('loadedmetadata'), { type: 'media/metadataLoaded', durationMs: 29988 }],
    ['loadedmetadata before the duration is known (NaN -> 0)', fact('loadedmetadata', { durationMs: NaN }), { type: 'media/metadataLoaded', durationMs: 0 }],
    [
      'loadedmetadata of a stream without end (Infinity -> 0)',
      fact('loadedmetadata', { durationMs: Infinity }),
      { type: 'media/metadataLoaded', durationMs: 0 },
    ],
    ['canplaythrough', fact('canplaythrough'), { type: 'media/canPlayThrough' }],
    ['playing, position in whole ms', fact('playing'), { type: 'media/playing', positionMs: 1234 }],
    ['pause', fact('pause'), { type: 'media/paused', positionMs: 1234 }],
    ['ended', fact('ended'), { type: 'media/ended' }],
    ['timeupdate', fact('timeupdate'), { type: 'media/timeUpdated', positionMs: 1234 }],
    ['timeupdate with an unknown position (NaN -> 0)', fact('timeupdate', { positionMs: NaN }), { type: 'media/timeUpdated', positionMs: 0 }],
    ['waiting', fact('waiting'), { type: 'media/waiting' }],
  ])('%s', (_case, raw, action) => {
    expect(decodeAudioFact(raw)).toEqual(action);
  });

  it.each([
    [1, 'MEDIA_ABORTED', 'Media aborted.'],
    [2, 'MEDIA_NETWORK_ERROR', 'Network error.'],
    [3, 'MEDIA_DECODING_ERROR', 'Media decoding error.'],
    [4, 'MEDIA_NOT_SUPPORTED', 'Media not supported.'],
  ])('spec 001 §8 Media: error code %s is %s, "%s"', (errorCode, code, message) => {
    expect(decodeAudioFact(fact('error', { errorCode }))).toEqual({ type: 'media/failed', code, message });
  });

  it('spec 001 §8 Media: an error outside the four codes is a generic media error', () => {
    expect(decodeAudioFact(fact('error', { errorCode: 7 }))).toEqual({ type: 'media/failed', code: 'MEDIA_ERROR', message: 'Media error (code 7).' });
    expect(decodeAudioFact(fact('error'))).toEqual({ type: 'media/failed', code: 'MEDIA_ERROR', message: 'Media error (no code).' });
  });

  it.each([
    ['an unknown kind', fact('volumechange'), 'kind'],
    ['a position that is not a number', fact('timeupdate', { positionMs: '12' }), 'positionMs'],
    ['a missing duration', { kind: 'playing', positionMs: 0 }, 'durationMs'],
    ['an error code that is not a number', fact('error', { errorCode: 'x' }), 'errorCode'],
  ])('never throws: %s becomes media/failed naming the field', (_case, raw, field) => {
    const action = decodeAudioFact(raw) as { type: string; code: string; message: string };
    expect(action.type).toBe('media/failed');
    expect(action.code).toBe('MEDIA_FACT_INVALID');
    expect(action.message).toMatch(new RegExp(`^Invalid audio fact: .*${field}`));
  });

  it.each([null, undefined, 42, 'playing', []])('never throws on %p', (raw) => {
    expect(decodeAudioFact(raw)).toMatchObject({ type: 'media/failed', code: 'MEDIA_FACT_INVALID' });
  });
});
