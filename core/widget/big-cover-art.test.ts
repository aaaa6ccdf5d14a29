import type { Resource } from '../model/embed-data';
import { albumData, testTrack } from './testing/album-data';
import { BIG_COVER_ART_MIN_IMAGE_PX, bigCoverArtFlag, coverImagesOf, hasBigCoverArtImage } from './big-cover-art';

const image = (width: number) => ({ url: `https://cdn.test/${width}.jpg`, width, height: width });
const album = (widths: number[]) => ({ ...albumData().resource, images: widths.map(image) }) as Resource;
const track = (widths: number[]) =>
  ({ ...testTrack(1), album: { images: widths.map(image) }, external_urls: { spotify: 'x' }, dominantColor: '#000' }) as Resource;

describe("the big-cover-art flag's source (spec 000 §3 flag; the provider sets it, server/embed/embed-data.ts)", () => {
  it("the threshold is the embed's default width, spec 000 §9 Embed iframe size 300 x 380", () => {
    expect(BIG_COVER_ART_MIN_IMAGE_PX).toBe(300);
  });

  it.each([
    ['64, 300 and 640 px covers', [64, 300, 640], true],
    ['a 300 px cover, just wide enough', [300], true],
    ['only a 299 px cover', [64, 299], false],
    ['no cover', [], false],
  ])('an album with %s: %s', (_what, widths, expected) => {
    expect(hasBigCoverArtImage(album(widths))).toBe(expected);
  });

  it("a track's cover is its album's (spec 000 §3 Track album.images)", () => {
    expect(coverImagesOf(track([640]))).toEqual([image(640)]);
    expect(hasBigCoverArtImage(track([640]))).toBe(true);
    expect(hasBigCoverArtImage(track([64]))).toBe(false);
  });

  it('the flag as the widget reads it: true only when set', () => {
    expect(bigCoverArtFlag({ ...album([640]), has_big_cover_art: true })).toBe(true);
    expect(bigCoverArtFlag({ ...album([640]), has_big_cover_art: false })).toBe(false);
    expect(bigCoverArtFlag(album([640]))).toBe(false);
    expect(bigCoverArtFlag(undefined)).toBe(false);
  });
});
