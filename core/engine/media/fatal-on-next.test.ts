import { MEDIA_ERRORS } from '../../contract';
import { initialFatalOnNext, qualifiesForFatalOnNext, recordError, recordStop, type TrackKind } from './fatal-on-next';

const DECODE = MEDIA_ERRORS[3]?.code ?? '';
const NOT_SUPPORTED = MEDIA_ERRORS[4]?.code ?? '';
const NETWORK = MEDIA_ERRORS[2]?.code ?? '';
const protectedTrack: TrackKind = { protected: true, isAd: false };

describe('fatal-on-next (spec 001 §4 Media player, §8 Media)', () => {
  it('the catalogue codes exist (MEDIA_DECODING_ERROR, MEDIA_NOT_SUPPORTED)', () => {
    expect([DECODE, NOT_SUPPORTED]).toEqual(['MEDIA_DECODING_ERROR', 'MEDIA_NOT_SUPPORTED']);
  });

  it.each<[string, string, TrackKind, boolean]>([
    ['decode error on a protected non-ad track', DECODE, protectedTrack, true],
    ['not-supported error on a protected non-ad track', NOT_SUPPORTED, protectedTrack, true],
    ['decode error on an ad', DECODE, { protected: true, isAd: true }, false],
    ['decode error on an unprotected track', DECODE, { protected: false, isAd: false }, false],
    ['network error on a protected track', NETWORK, protectedTrack, false],
  ])('%s qualifies: %s', (_case, code, track, expected) => {
    expect(qualifiesForFatalOnNext(code, track)).toBe(expected);
  });

  it('decode error, stop, then the next error is fatal (and only that one)', () => {
    const first = recordError(initialFatalOnNext, DECODE, protectedTrack);
    expect(first.fatal).toBe(false);
    const next = recordError(recordStop(first.state), NETWORK, protectedTrack);
    expect(next.fatal).toBe(true);
    expect(recordError(recordStop(next.state), DECODE, protectedTrack).fatal).toBe(false);
  });

  it('without a stop in between, a second decode error is not fatal', () => {
    const first = recordError(initialFatalOnNext, DECODE, protectedTrack);
    expect(recordError(first.state, DECODE, protectedTrack).fatal).toBe(false);
  });

  it('a stop after a non-qualifying error marks nothing', () => {
    const first = recordError(initialFatalOnNext, DECODE, { protected: true, isAd: true });
    expect(recordError(recordStop(first.state), DECODE, protectedTrack).fatal).toBe(false);
  });

  it('a stop with no error marks nothing', () => {
    expect(recordStop(initialFatalOnNext).fatalOnNext).toBe(false);
  });
});
