import { chooseProfiles, contentType, playableProfiles, type ProfileSet } from './profiles';
import { PREMIUM, PREVIEW } from './testing/manifests';

const all = { isTypeSupported: () => true, keySystem: true };
const setOf = (result: ReturnType<typeof playableProfiles>): ProfileSet => {
  if (!('set' in result)) throw new Error(result.error.message);
  return result.set;
};

describe('spec 001 §9 Video quality: video bitrate plus audio bitrate below the estimate minus 100000', () => {
  const set = setOf(playableProfiles(PREMIUM, all));

  it.each([
    [200000, 1, 'nothing fits: the lowest'],
    [400000, 1, '150000 + 128000 < 300000'],
    [528000, 1, '300000 + 128000 is not below 428000'],
    [528001, 2, '300000 + 128000 < 428001'],
    [728000, 2, '500000 + 128000 is not below 628000'],
    [728001, 3, '500000 + 128000 < 628001'],
    [5000000, 3, 'the highest'],
  ])('at %i bit/s: profile %i (%s), with the audio profile', (estimateBps, id) => {
    const choice = chooseProfiles(set, estimateBps);
    expect([choice.video.id, choice.audio.id]).toEqual([id, 10]);
  });
});

describe('playable profiles (spec 001 §9 Codecs vp8, avc1.4d401f, mp4a.40.2; §8 Manifest)', () => {
  it('the H.264 ladder in one source buffer type, the VP8 one left for a browser without it', () => {
    expect(setOf(playableProfiles(PREMIUM, all)).video.map((p) => p.id)).toEqual([1, 2, 3]);
    const webmOnly = { isTypeSupported: (type: string) => !type.startsWith('video/mp4'), keySystem: true };
    expect(setOf(playableProfiles(PREMIUM, webmOnly)).video.map((p) => p.id)).toEqual([4]);
    expect(contentType(PREMIUM.contents[0]!.profiles[3]!)).toBe('video/webm; codecs="vp8"');
  });

  it("protected profiles without a key system: 'KeySystem does not support the file format.'", () => {
    expect(playableProfiles(PREMIUM, { ...all, keySystem: false })).toEqual({
      error: { code: 'FILE_KEYSYSTEM_UNSUPPORTED_FORMAT', message: 'KeySystem does not support the file format.' },
    });
  });

  it('the clear preview plays without a key system (anonymous and free listeners)', () => {
    const set = setOf(playableProfiles(PREVIEW, { ...all, keySystem: false }));
    expect([set.video.map((p) => p.id), set.audio.map((p) => p.id)]).toEqual([[101], [110]]);
  });

  it("codecs the browser does not play: 'Media not supported.'", () => {
    expect(playableProfiles(PREMIUM, { isTypeSupported: (type) => type.startsWith('audio'), keySystem: true })).toEqual({
      error: { code: 'MEDIA_NOT_SUPPORTED', message: 'Media not supported.' },
    });
  });
});
