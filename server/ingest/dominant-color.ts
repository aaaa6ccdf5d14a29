/**
 * The dominant colour of an image given as packed RGB bytes (rgb24, e.g. a 32x32 thumbnail
 * decoded by ffmpeg). A coarse histogram (8 levels per channel) finds the most common colour
 * region; its pixels are averaged so the answer is a real colour of the image, not a bin corner.
 * Near-black and near-white pixels are skipped (borders and highlights are not a cover's colour)
 * unless the image has nothing else. Returns `#rrggbb`.
 */
export function dominantColor(rgb: Uint8Array): string {
  if (rgb.length < 3 || rgb.length % 3 !== 0) throw new Error(`dominantColor: expected rgb24 pixels, got ${rgb.length} bytes`);
  const pick = (skipExtremes: boolean): string | null => {
    const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
    for (let i = 0; i < rgb.length; i += 3) {
      const r = rgb[i]!;
      const g = rgb[i + 1]!;
      const b = rgb[i + 2]!;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (skipExtremes && (max < 40 || min > 225)) continue;
      const bin = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
      const entry = counts.get(bin) ?? { n: 0, r: 0, g: 0, b: 0 };
      entry.n += 1;
      entry.r += r;
      entry.g += g;
      entry.b += b;
      counts.set(bin, entry);
    }
    let best: { n: number; r: number; g: number; b: number } | null = null;
    // Ties go to the lower bin number, so the answer never depends on Map order.
    for (const bin of [...counts.keys()].sort((a, b) => a - b)) {
      const entry = counts.get(bin)!;
      if (best === null || entry.n > best.n) best = entry;
    }
    if (best === null) return null;
    const hex = (sum: number) =>
      Math.round(sum / best.n)
        .toString(16)
        .padStart(2, '0');
    return `#${hex(best.r)}${hex(best.g)}${hex(best.b)}`;
  };
  return pick(true) ?? pick(false)!;
}
