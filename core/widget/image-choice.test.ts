import { chooseImage, densityRatio } from './image-choice';

const i640 = { url: 'a640', width: 640 };
const i300 = { url: 'a300', width: 300 };
const i160 = { url: 'a160', width: 160 };
const i64 = { url: 'a64', width: 64 };
const unsized = { url: 'unsized' };

describe('chooseImage (spec 000 §5: smallest image at least width x ratio, ratio 2 on high density else 1)', () => {
  it.each([
    // [images, width, devicePixelRatio, expected url]
    [[i640, i300, i64], 80, 1, 'a300'],
    [[i640, i300, i160, i64], 80, 1, 'a160'],
    [[i640, i300, i160, i64], 80, 2, 'a160'],
    [[i640, i300, i160, i64], 81, 2, 'a300'],
    [[i640, i300, i160, i64], 80, 3, 'a160'],
    [[i64, i160, i300, i640], 64, 1, 'a64'],
    [[i640, i300, i160, i64], 300, 1, 'a300'],
    [[i640, i300, i160, i64], 300, 2, 'a640'],
  ])('%j at %d px, ratio %d -> %s', (images, width, ratio, url) => {
    expect(chooseImage(images, width, ratio)?.url).toBe(url);
  });

  it('falls back to the largest image when none is wide enough', () => {
    expect(chooseImage([i64, i300, i160], 400, 2)?.url).toBe('a300');
  });

  it('treats an image without width as 0 px wide, and still returns it when it is all there is', () => {
    expect(chooseImage([unsized, i64], 80, 1)?.url).toBe('a64');
    expect(chooseImage([unsized], 80, 1)?.url).toBe('unsized');
  });

  it('returns undefined for no images', () => {
    expect(chooseImage([], 80, 1)).toBeUndefined();
  });

  it.each([
    [1, 1],
    [0.5, 1],
    [1.5, 2],
    [2, 2],
    [3, 2],
  ])('device pixel ratio %d -> %d', (dpr, ratio) => {
    expect(densityRatio(dpr)).toBe(ratio);
  });
});
