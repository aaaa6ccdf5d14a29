import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegFragmentArgs, packageCenc, readSeekTable } from '../media/cenc-packager';
import { ffmpegVideoArgs, type VideoRung } from '../media/ffmpeg-video-args';
import { packageWebm, readWebmSeekTable } from '../media/webm-encrypt';
import { run, type MediaTools } from './media-tools';
import { PREVIEW_SECONDS, type SeekTableJson } from './transcode';

/** The segment length of every video (spec 001 §3 contents[0].segment_length), in seconds. */
export const VIDEO_SEGMENT_SECONDS = 4;
/** The audio profile's AAC bitrate (spec 001 §9 default bitrate 128000). */
export const VIDEO_AUDIO_KBPS = 128;

/** One video profile of the ladder (spec 001 §3 Video profile), by its manifest id. */
export interface LadderRung extends VideoRung {
  readonly profileId: number;
}

/**
 * The ladder: three H.264 Main profiles and one VP8 (spec 001 §9 codecs: vp8, avc1.4d401f). Modest rates (a
 * podcast's talking heads, and a committed demo that stays small); with the 128 kbit/s audio the §9 rule
 * (video + audio bitrate below the estimate minus 100000) takes 240p at the default estimate of 400000.
 */
export const VIDEO_LADDER: readonly LadderRung[] = [
  { profileId: 1, codec: 'avc1.4d401f', height: 240, kbps: 150 },
  { profileId: 2, codec: 'avc1.4d401f', height: 480, kbps: 300 },
  { profileId: 3, codec: 'avc1.4d401f', height: 720, kbps: 500 },
  { profileId: 4, codec: 'vp8', height: 360, kbps: 250 },
];
export const AUDIO_PROFILE_ID = 10;
/** The anonymous preview's clear profiles (spec 000 §9 preview cap 30 s): the lowest H.264 rung and the audio, cut. */
export const PREVIEW_VIDEO_PROFILE_ID = 101;
export const PREVIEW_AUDIO_PROFILE_ID = 110;

export const VIDEO_TRANSCODE_STEPS = VIDEO_LADDER.length + 4;

/** What video_profiles stores of one profile. */
export interface VideoProfileOut {
  readonly profileId: number;
  readonly name: string;
  readonly mimeType: string;
  readonly videoCodec: string | null;
  readonly audioCodec: string | null;
  readonly encrypted: boolean;
  readonly preview: boolean;
  readonly videoBitrate: number;
  readonly audioBitrate: number;
  readonly maxBitrate: number;
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly seekTable: SeekTableJson;
}

export interface VideoTranscodeRequest {
  readonly input: string;
  readonly tmpDir: string;
  /** Prefix of the files written into tmpDir (the source id). */
  readonly prefix: string;
  readonly randomBytes?: (n: number) => Uint8Array;
  readonly onStep?: (label: string) => void;
  /** Tests shrink the ladder's sizes; the codecs and the structure stay. */
  readonly ladder?: readonly LadderRung[];
}

export interface VideoTranscodeResult {
  readonly keyId: string;
  readonly key: string;
  readonly profiles: VideoProfileOut[];
  /** The anonymous preview as one progressive file (PREVIEW_FILE_NAME), its name in tmpDir. */
  readonly previewFile: string;
}

/**
 * Issue 18: the anonymous visitor's preview of a video episode, for the widget's preview player (one plain
 * <video src>, no MediaSource, as the MP3 preview of an audio episode): the clear preview profiles' H.264 240p
 * and AAC, muxed into one progressive MP4 with its index first (faststart) so that it starts before it has loaded.
 * Its path is `${media_dir}/${PREVIEW_FILE_NAME}` of the video source.
 */
export const PREVIEW_FILE_NAME = 'preview.mp4';

/** ffmpeg arguments muxing the clear preview profiles into the progressive preview file: a copy, no re-encoding. */
export const progressivePreviewArgs = (video: string, audio: string, output: string): string[] => [
  '-y',
  '-v',
  'error',
  '-i',
  video,
  '-i',
  audio,
  '-map',
  '0:v:0',
  '-map',
  '1:a:0',
  '-c',
  'copy',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  output,
];

async function probeSize(tools: MediaTools, file: string): Promise<{ width: number; height: number }> {
  const out = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', file]);
  const stream = (JSON.parse(out.toString('utf8')) as { streams?: Array<{ width?: number; height?: number }> }).streams?.[0];
  if (!stream?.width || !stream.height) throw new Error('no video stream in the transcoded profile');
  return { width: stream.width, height: stream.height };
}

/** The highest bitrate of any one segment (spec 001 §3 max_bitrate), bits per second. */
export function peakBitrate(table: SeekTableJson): number {
  return table.segments.reduce((max, [size, duration]) => (duration > 0 ? Math.max(max, Math.round((size * 8 * table.timescale) / duration)) : max), 0);
}

const tableJson = (table: { offset: number; timescale: number; segments: Array<[number, number]> }): SeekTableJson => ({
  offset: table.offset,
  timescale: table.timescale,
  segments: table.segments.map(([size, duration]) => [size, duration] as const),
});

/**
 * Transcodes one video file: the ladder's video-only profiles (H.264 in CENC 'cenc' with subsample
 * encryption, VP8 in encrypted WebM), one AAC audio profile (CENC), all under one fresh key id and key, each
 * cut in segments of VIDEO_SEGMENT_SECONDS; and the anonymous preview's clear profiles, the first 30 s.
 */
export async function transcodeVideo(tools: MediaTools, request: VideoTranscodeRequest): Promise<VideoTranscodeResult> {
  const random = request.randomBytes ?? ((n: number) => Uint8Array.from(cryptoRandomBytes(n)));
  const keyId = random(16);
  const key = random(16);
  const seg = VIDEO_SEGMENT_SECONDS;
  const profiles: VideoProfileOut[] = [];
  const clearName = (id: number, ext: string) => join(request.tmpDir, `${request.prefix}-${id}.clear.${ext}`);

  const videoProfile = async (rung: LadderRung, preview: boolean) => {
    const profileId = preview ? PREVIEW_VIDEO_PROFILE_ID : rung.profileId;
    const webm = rung.codec === 'vp8';
    const ext = webm ? 'webm' : 'mp4';
    const clear = clearName(profileId, ext);
    await run(tools.ffmpeg, ffmpegVideoArgs(request.input, clear, rung, seg, preview ? ['-t', String(PREVIEW_SECONDS)] : []));
    const size = await probeSize(tools, clear);
    const input = new Uint8Array(await readFile(clear));
    const packaged = webm
      ? packageWebm(input, preview ? null : { keyId, key, randomBytes: random })
      : preview
        ? input
        : packageCenc(input, { keyId, key, randomBytes: random });
    const table = tableJson(webm ? readWebmSeekTable(packaged) : readSeekTable(packaged));
    const name = `${request.prefix}-${profileId}.${ext}`;
    await writeFile(join(request.tmpDir, name), packaged);
    profiles.push({
      profileId,
      name,
      mimeType: webm ? 'video/webm' : 'video/mp4',
      videoCodec: rung.codec,
      audioCodec: null,
      encrypted: !preview,
      preview,
      videoBitrate: rung.kbps * 1000,
      audioBitrate: 0,
      maxBitrate: peakBitrate(table),
      width: size.width,
      height: size.height,
      size: packaged.length,
      seekTable: table,
    });
    request.onStep?.(`${preview ? 'preview ' : ''}${rung.codec} ${size.height}p`);
  };

  const audioProfile = async (preview: boolean) => {
    const profileId = preview ? PREVIEW_AUDIO_PROFILE_ID : AUDIO_PROFILE_ID;
    const clear = clearName(profileId, 'mp4');
    await run(tools.ffmpeg, ffmpegFragmentArgs(request.input, clear, VIDEO_AUDIO_KBPS, seg, preview ? ['-t', String(PREVIEW_SECONDS)] : []));
    const input = new Uint8Array(await readFile(clear));
    const packaged = preview ? input : packageCenc(input, { keyId, key, randomBytes: random });
    const table = tableJson(readSeekTable(packaged));
    const name = `${request.prefix}-${profileId}.mp4`;
    await writeFile(join(request.tmpDir, name), packaged);
    profiles.push({
      profileId,
      name,
      mimeType: 'audio/mp4',
      videoCodec: null,
      audioCodec: 'mp4a.40.2',
      encrypted: !preview,
      preview,
      videoBitrate: 0,
      audioBitrate: VIDEO_AUDIO_KBPS * 1000,
      maxBitrate: peakBitrate(table),
      width: 0,
      height: 0,
      size: packaged.length,
      seekTable: table,
    });
    request.onStep?.(`${preview ? 'preview ' : ''}audio`);
  };

  const ladder = request.ladder ?? VIDEO_LADDER;
  for (const rung of ladder) await videoProfile(rung, false);
  await audioProfile(false);
  const lowest = ladder.filter((r) => r.codec === 'avc1.4d401f').sort((a, b) => a.kbps - b.kbps)[0];
  if (lowest === undefined) throw new Error('the ladder has no H.264 profile for the preview');
  await videoProfile(lowest, true);
  await audioProfile(true);
  const previewFile = `${request.prefix}-${PREVIEW_FILE_NAME}`;
  await run(
    tools.ffmpeg,
    progressivePreviewArgs(clearName(PREVIEW_VIDEO_PROFILE_ID, 'mp4'), clearName(PREVIEW_AUDIO_PROFILE_ID, 'mp4'), join(request.tmpDir, previewFile)),
  );
  request.onStep?.('preview file');
  return { keyId: Buffer.from(keyId).toString('hex'), key: Buffer.from(key).toString('hex'), profiles, previewFile };
}
