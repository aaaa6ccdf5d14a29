import { keySystemCandidates } from './key-systems';

describe('key system candidates (spec 001 §9 Key system order, Robustness profiles, Codecs)', () => {
  it('orders Widevine, PlayReady, PlayReady hardware, then ClearKey for the local provider only', () => {
    expect(keySystemCandidates(true).map((c) => c.keySystem)).toEqual([
      'com.widevine.alpha',
      'com.microsoft.playready.recommendation',
      'com.microsoft.playready.recommendation.3000',
      'org.w3.clearkey',
    ]);
    expect(keySystemCandidates(false).map((c) => c.keySystem)).not.toContain('org.w3.clearkey');
  });

  it.each([
    ['com.widevine.alpha', ['SW_SECURE_CRYPTO', '']],
    ['com.microsoft.playready.recommendation', ['2000', '']],
    ['com.microsoft.playready.recommendation.3000', ['3000', '']],
    ['org.w3.clearkey', ['']],
  ])('%s asks for cenc init data and mp4a.40.2 audio with robustness %j (audio-sw-crypto, audio-no-robustness)', (keySystem, robustness) => {
    const candidate = keySystemCandidates(true).find((c) => c.keySystem === keySystem);
    expect(candidate?.configurations).toEqual([
      {
        initDataTypes: ['cenc'],
        audioCapabilities: robustness.map((r) => ({ contentType: 'audio/mp4; codecs="mp4a.40.2"', robustness: r })),
      },
    ]);
  });
});
