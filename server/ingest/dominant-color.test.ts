import { dominantColor } from './dominant-color';

/** A buffer of `count` pixels of each given colour, in order. */
const pixels = (...runs: Array<[number, [number, number, number]]>): Uint8Array =>
  Uint8Array.from(runs.flatMap(([count, rgb]) => Array.from({ length: count }, () => rgb).flat()));

describe("dominantColor (the issue: a cover's dominant colour, computed from the image)", () => {
  it('is the colour most pixels have', () => {
    expect(dominantColor(pixels([70, [40, 90, 160]], [30, [200, 60, 40]]))).toBe('#285aa0');
  });

  it('skips near-black and near-white pixels (borders and highlights) when there is a colour', () => {
    expect(dominantColor(pixels([60, [5, 5, 5]], [30, [250, 250, 250]], [10, [180, 120, 20]]))).toBe('#b47814');
  });

  it('averages the pixels of the winning histogram bin, not a bin corner', () => {
    // Both shades fall in the same coarse bin (8 levels per channel), so they count together and average.
    expect(dominantColor(pixels([20, [100, 100, 200]], [20, [110, 104, 220]], [30, [20, 200, 60]]))).toBe('#6966d2');
  });

  it('still answers for an all-black image', () => {
    expect(dominantColor(pixels([16, [0, 0, 0]]))).toBe('#000000');
  });

  it('refuses a buffer that is not rgb24', () => {
    expect(() => dominantColor(new Uint8Array(4))).toThrow(/rgb24/);
  });
});
