import { audioConfiguration, keySystemCandidates, trackingKeySystem, videoConfiguration, videoKeySystemCandidates } from './key-systems';

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

describe('video key system configurations (spec 001 §9 Robustness profiles video-sw-decode, video-sw-crypto, video-no-robustness; Codecs vp8, avc1.4d401f)', () => {
  const H264 = 'video/mp4; codecs="avc1.4d401f"';
  const VP8 = 'video/webm; codecs="vp8"';

  it.each([
    ['com.widevine.alpha', ['SW_SECURE_DECODE', 'SW_SECURE_CRYPTO', '']],
    ['com.microsoft.playready.recommendation', ['2000', '']],
    ['com.microsoft.playready.recommendation.3000', ['3000', '']],
    ['org.w3.clearkey', ['']],
  ])('%s asks for the H.264 type with video robustness %j, and the audio as for audio', (keySystem, robustness) => {
    const candidate = videoKeySystemCandidates(true, [H264]).find((c) => c.keySystem === keySystem);
    const [configuration] = candidate!.configurations;
    expect(configuration!.initDataTypes).toEqual(['cenc']);
    expect(configuration!.videoCapabilities).toEqual(robustness.map((r) => ({ contentType: H264, robustness: r })));
    expect(configuration!.audioCapabilities).toEqual(audioConfiguration(keySystem).audioCapabilities);
  });

  it('issue 18: after the video configuration, audio alone (a system without those video types still plays audio tracks)', () => {
    const candidate = videoKeySystemCandidates(true, [H264]).find((c) => c.keySystem === 'org.w3.clearkey');
    expect(candidate!.configurations.slice(1)).toEqual([audioConfiguration('org.w3.clearkey')]);
  });

  it("a VP8 (WebM) profile's key comes as 'webm' init data too", () => {
    const configuration = videoConfiguration('org.w3.clearkey', [VP8]);
    expect(configuration.initDataTypes).toEqual(['cenc', 'webm']);
    expect(configuration.videoCapabilities).toEqual([{ contentType: VP8, robustness: '' }]);
  });
});

describe('key-system names of the tracking record (spec 001 §3: widevine, playready, none; clearkey ours)', () => {
  it.each<[string | null, boolean, string]>([
    ['com.widevine.alpha', true, 'widevine'],
    ['com.microsoft.playready.recommendation', true, 'playready'],
    ['com.microsoft.playready.recommendation.3000', true, 'playready'],
    ['org.w3.clearkey', true, 'clearkey'],
    [null, true, 'none'],
    ['org.w3.clearkey', false, 'none'],
    ['com.example.unknown', true, 'none'],
  ])('%s, protected %s → %s', (keySystem, protectedFile, name) => {
    expect(trackingKeySystem(keySystem, protectedFile)).toBe(name);
  });
});
