import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegFragmentArgs, packageCenc, readSeekTable } from '../media/cenc-packager';
import { ffmpeg, run, type MediaTools } from './media-tools';

/** The two AAC bitrates of every file (spec 001 §9: default bitrate 128000, track data 160000). */
export const AAC_BITRATES_KBPS = [96, 160] as const;
/** spec 000 §9 Preview cap 30000 ms: previews are the first 30 s, as MP3 (spec 001 §9 codecs: audio/mpeg unprotected). */
export const PREVIEW_SECONDS = 30;
export const PREVIEW_BITRATE_KBPS = 96;

export interface SeekTableJson {
  readonly offset: number;
  readonly timescale: number;
  readonly segments: ReadonlyArray<readonly [number, number]>;
}

/** One file written into the temporary directory, with what `audio_files` stores about it. */
export interface TranscodedFile {
  readonly fileId: string;
  /** File name inside the temporary directory (and under `media/audio/` once committed). */
  readonly name: string;
  readonly format: string;
  readonly bitrate: number;
  readonly size: number;
  /** Hex key id and key (CENC files only); the key never leaves the server except in a licence. */
  readonly keyId: string | null;
  readonly key: string | null;
  readonly seekTable: SeekTableJson | null;
}

export interface TranscodeRequest {
  readonly input: string;
  readonly tmpDir: string;
  /** Deterministic file ids, by format (`MP4_96`, `MP4_160`, `MP3_96`). */
  readonly fileIdOf: (format: string) => string;
  readonly randomBytes?: (n: number) => Uint8Array;
  /** Called after each finished output (for the progress bar). */
  readonly onStep?: (label: string) => void;
}

export const TRANSCODE_STEPS = AAC_BITRATES_KBPS.length + 1;

/**
 * Transcodes one audio file: AAC in fragmented MP4 with 10 s fragments at each bitrate (spec 001
 * §9 audio fragment length 10 s), each packaged as CENC with a fresh random key id and key, its
 * seek table read from the packaged bytes (spec 001 §3 audio manifest); and a 30 s MP3 preview.
 */
export async function transcodeAudio(tools: MediaTools, request: TranscodeRequest): Promise<TranscodedFile[]> {
  const random = request.randomBytes ?? ((n: number) => Uint8Array.from(cryptoRandomBytes(n)));
  const out: TranscodedFile[] = [];
  for (const kbps of AAC_BITRATES_KBPS) {
    const format = `MP4_${kbps}`;
    const fileId = request.fileIdOf(format);
    const clear = join(request.tmpDir, `${fileId}.clear.mp4`);
    await run(tools.ffmpeg, ffmpegFragmentArgs(request.input, clear, kbps));
    const keyId = random(16);
    const key = random(16);
    const packaged = packageCenc(new Uint8Array(await readFile(clear)), { keyId, key, randomBytes: random });
    const name = `${fileId}.mp4`;
    await writeFile(join(request.tmpDir, name), packaged);
    const table = readSeekTable(packaged);
    out.push({
      fileId,
      name,
      format,
      bitrate: kbps * 1000,
      size: packaged.length,
      keyId: Buffer.from(keyId).toString('hex'),
      key: Buffer.from(key).toString('hex'),
      seekTable: { offset: table.offset, timescale: table.timescale, segments: table.segments.map(([size, duration]) => [size, duration] as const) },
    });
    request.onStep?.(`${format}`);
  }
  const previewId = request.fileIdOf(`MP3_${PREVIEW_BITRATE_KBPS}`);
  const previewName = `${previewId}.mp3`;
  await ffmpeg(tools, [
    '-i',
    request.input,
    '-vn',
    '-t',
    String(PREVIEW_SECONDS),
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${PREVIEW_BITRATE_KBPS}k`,
    '-ar',
    '44100',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    join(request.tmpDir, previewName),
  ]);
  out.push({
    fileId: previewId,
    name: previewName,
    format: `MP3_${PREVIEW_BITRATE_KBPS}`,
    bitrate: PREVIEW_BITRATE_KBPS * 1000,
    size: (await stat(join(request.tmpDir, previewName))).size,
    keyId: null,
    key: null,
    seekTable: null,
  });
  request.onStep?.('preview');
  return out;
}

/** A packaged file is whole when its init segment and its fragments add up to its size. */
export function checkSeekTable(file: Pick<TranscodedFile, 'format' | 'size' | 'seekTable'>): void {
  if (file.seekTable === null) return;
  const total = file.seekTable.offset + file.seekTable.segments.reduce((sum, [size]) => sum + size, 0);
  if (total !== file.size || file.seekTable.segments.length === 0) {
    throw new Error(`${file.format}: the seek table covers ${total} bytes of ${file.size}`);
  }
}
