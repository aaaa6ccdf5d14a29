import { join } from 'node:path';
import { dominantColor } from './dominant-color';
import { ffmpeg, type MediaTools } from './media-tools';

/** The cover sizes the catalogue lists, widest first (the issue: 64, 300 and 640 px). */
export const COVER_WIDTHS = [640, 300, 64] as const;

export interface RenderedImage {
  /** The file name inside the output directory. */
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Renders a cover as centre-cropped JPEG squares of every width, in one ffmpeg call, into
 * `outDir/<baseName>-<width>.jpg`. Rejects with ffmpeg's reason when the image cannot be decoded.
 */
export async function renderCovers(tools: MediaTools, input: string, outDir: string, baseName: string): Promise<RenderedImage[]> {
  const labels = COVER_WIDTHS.map((_, i) => `c${i}`);
  const graph =
    `[0:v]split=${COVER_WIDTHS.length}${labels.map((l) => `[${l}]`).join('')};` +
    COVER_WIDTHS.map(
      (w, i) => `[${labels[i]}]scale=${w}:${w}:force_original_aspect_ratio=increase:flags=lanczos,crop=${w}:${w},setsar=1,format=yuvj420p[o${i}]`,
    ).join(';');
  const images = COVER_WIDTHS.map((width) => ({ name: `${baseName}-${width}.jpg`, width, height: width }));
  await ffmpeg(tools, [
    '-i',
    input,
    '-filter_complex',
    graph,
    ...images.flatMap((image, i) => [
      '-map',
      `[o${i}]`,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-update',
      '1',
      join(outDir, image.name),
    ]),
  ]);
  return images;
}

/** The cover's dominant colour: a 32x32 rgb24 thumbnail decoded by ffmpeg, then `dominantColor`. */
export async function coverColor(tools: MediaTools, input: string): Promise<string> {
  const side = 32;
  const pixels = await ffmpeg(tools, [
    '-i',
    input,
    '-vf',
    `scale=${side}:${side}:flags=area`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  if (pixels.length !== side * side * 3) throw new Error(`decoded ${pixels.length} bytes of pixels, expected ${side * side * 3}`);
  return dominantColor(pixels);
}
