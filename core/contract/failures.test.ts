import { EME_API_NOT_SUPPORTED, EME_NO_SUPPORTED_KEYSYSTEM, LIST_PLAYER_NO_TRACK_PLAYER, switchesToPreview } from './failures';

describe('spec 000 §4 Initialization failure / §8: which codes switch playback to preview', () => {
  it.each([
    ['no supported key system', EME_NO_SUPPORTED_KEYSYSTEM, true],
    ['no track player', LIST_PLAYER_NO_TRACK_PLAYER, true],
    ['EME not supported', EME_API_NOT_SUPPORTED, true],
    ['another EME error (license request failed)', 'EME_LICENSE_REQUEST_FAILED', false],
    ['a list player error that is not "no track player"', 'LIST_PLAYER_NO_LIST', false],
    ['a media error', 'MEDIA_NETWORK_ERROR', false],
    ['the premium-only registration failure', 'TP_REGISTRATION_FAILED_NON_PREMIUM', false],
    ['UNKNOWN', 'UNKNOWN', false],
  ])('%s (%s) -> %s', (_case, code, expected) => {
    expect(switchesToPreview(code)).toBe(expected);
  });

  it('names the three errors in the spec 001 §8 code families', () => {
    expect([EME_NO_SUPPORTED_KEYSYSTEM, LIST_PLAYER_NO_TRACK_PLAYER, EME_API_NOT_SUPPORTED]).toEqual([
      'EME_NO_SUPPORTED_KEYSYSTEM',
      'LIST_PLAYER_NO_TRACK_PLAYER',
      'EME_API_NOT_SUPPORTED',
    ]);
  });
});
