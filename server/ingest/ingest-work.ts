import { probeDurationMs, type MediaTools } from './media-tools';
import { coverColor, renderCovers } from './covers';
import type { ImageRow, IngestRows } from './ingest-rows';
import type { SourceFile } from './source-folder';
import { fileId } from './stable-ids';
import { checkSeekTable, transcodeAudio } from './transcode';
import { PREVIEW_FILE_NAME, transcodeVideo, VIDEO_SEGMENT_SECONDS, type LadderRung } from './transcode-video';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the planners need to do their work in the temporary directory. */
export interface IngestContext {
  readonly tools: MediaTools;
  readonly tmpDir: string;
  readonly randomBytes?: (n: number) => Uint8Array;
  /** Tests shrink the video ladder's sizes (transcode-video.ts VIDEO_LADDER otherwise). */
  readonly videoLadder?: readonly LadderRung[];
  /** One unit of work finished (the progress bar's tick). */
  step(label: string): void;
}

/** Runs `work`, naming the source file in its error: `<folder>/<file>: <reason>`. */
export async function naming<T>(file: SourceFile, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new Error(`${file.label}: ${what} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

export async function probeAudio(ctx: IngestContext, file: SourceFile): Promise<number> {
  const ms = await naming(file, 'ffprobe', () => probeDurationMs(ctx.tools, file.path));
  ctx.step(`probe ${file.name}`);
  return ms;
}

export interface Cover {
  readonly images: ImageRow[];
  readonly color: string;
}

/** Renders a cover for its owner (three sizes) and computes its dominant colour; adds files and image rows. */
export async function ingestCover(ctx: IngestContext, rows: IngestRows, file: SourceFile, owner: Pick<ImageRow, 'ownerType' | 'ownerId'>): Promise<Cover> {
  const baseName = `${owner.ownerType}-${owner.ownerId}`;
  const rendered = await naming(file, 'cover resize (ffmpeg)', () => renderCovers(ctx.tools, file.path, ctx.tmpDir, baseName));
  const color = await naming(file, 'dominant colour (ffmpeg)', () => coverColor(ctx.tools, file.path));
  const images = rendered.map((image) => ({ ...owner, file: `images/${image.name}`, width: image.width, height: image.height }));
  for (const image of rendered) rows.files.push({ tmpName: image.name, mediaPath: `images/${image.name}` });
  rows.images.push(...images);
  ctx.step(`cover ${file.name}`);
  return { images, color };
}

/** The same image files listed for another owner (an artist or episode without a picture of its own). */
export function reuseCover(rows: IngestRows, cover: Cover, owner: Pick<ImageRow, 'ownerType' | 'ownerId'>): void {
  rows.images.push(...cover.images.map((image) => ({ ...image, ...owner })));
}

/**
 * Transcodes one audio file for a track or an episode; adds its audio_files rows and files and
 * returns the preview's media path.
 */
export async function ingestAudio(
  ctx: IngestContext,
  rows: IngestRows,
  file: SourceFile,
  owner: { trackId: string | null; episodeId: string | null },
): Promise<string> {
  const ownerId = owner.trackId ?? owner.episodeId ?? '';
  const files = await naming(file, 'transcode', () =>
    transcodeAudio(ctx.tools, {
      input: file.path,
      tmpDir: ctx.tmpDir,
      fileIdOf: (format) => fileId('audio', ownerId, file.hash, format),
      onStep: (label) => ctx.step(`${file.name} ${label}`),
      ...(ctx.randomBytes ? { randomBytes: ctx.randomBytes } : {}),
    }),
  );
  let preview = '';
  for (const out of files) {
    await naming(file, 'packaging check', async () => checkSeekTable(out));
    const path = `audio/${out.name}`;
    if (out.seekTable === null) preview = path;
    rows.files.push({ tmpName: out.name, mediaPath: path });
    rows.audioFiles.push({
      fileId: out.fileId,
      path,
      format: out.format,
      bitrate: out.bitrate,
      keyId: out.keyId,
      key: out.key,
      seekTable: out.seekTable,
      trackId: owner.trackId,
      episodeId: owner.episodeId,
    });
  }
  return preview;
}

/** A WebVTT subtitle file of a video episode and its language (the `<video>.<language>.vtt` beside the video). */
export interface SubtitleSource {
  readonly language: string;
  readonly file: SourceFile;
}

/**
 * Transcodes one video file for an episode (issue 18): the profiles of transcode-video.ts under a fresh
 * key, and its subtitles; adds the video_sources and video_profiles rows and the files
 * (`video/<sourceId>/<profile>.<ext>`, `video/<sourceId>/subtitles/<language>.vtt`). Returns the source id.
 */
export async function ingestVideo(
  ctx: IngestContext,
  rows: IngestRows,
  file: SourceFile,
  episodeId: string,
  durationMs: number,
  subtitles: readonly SubtitleSource[],
): Promise<string> {
  const sourceId = fileId('video', episodeId, file.hash, 'manifest').slice(0, 32);
  const mediaDir = `video/${sourceId}`;
  const result = await naming(file, 'video transcode', () =>
    transcodeVideo(ctx.tools, {
      input: file.path,
      tmpDir: ctx.tmpDir,
      prefix: sourceId,
      onStep: (label) => ctx.step(`${file.name} ${label}`),
      ...(ctx.randomBytes ? { randomBytes: ctx.randomBytes } : {}),
      ...(ctx.videoLadder ? { ladder: ctx.videoLadder } : {}),
    }),
  );
  for (const profile of result.profiles) {
    const ext = profile.mimeType === 'video/webm' ? 'webm' : 'mp4';
    const path = `${mediaDir}/${profile.profileId}.${ext}`;
    await naming(file, 'packaging check', async () =>
      checkSeekTable({ format: `video profile ${profile.profileId}`, size: profile.size, seekTable: profile.seekTable }),
    );
    rows.files.push({ tmpName: profile.name, mediaPath: path });
    rows.videoProfiles.push({
      sourceId,
      profileId: profile.profileId,
      path,
      mimeType: profile.mimeType,
      videoCodec: profile.videoCodec,
      audioCodec: profile.audioCodec,
      encrypted: profile.encrypted,
      preview: profile.preview,
      maxBitrate: profile.maxBitrate,
      videoBitrate: profile.videoBitrate,
      audioBitrate: profile.audioBitrate,
      width: profile.width,
      height: profile.height,
      seekTable: profile.seekTable,
    });
  }
  rows.files.push({ tmpName: result.previewFile, mediaPath: `${mediaDir}/${PREVIEW_FILE_NAME}` });
  for (const { language, file: vtt } of subtitles) {
    const text = readFileSync(vtt.path, 'utf8');
    // A WebVTT file starts with the signature, after an optional byte order mark (W3C WebVTT §4.1).
    if (!/^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text)) throw new Error(`${vtt.label}: not a WebVTT file (it must start with "WEBVTT")`);
    const tmpName = `${sourceId}-subtitles-${language}.vtt`;
    writeFileSync(join(ctx.tmpDir, tmpName), text);
    rows.files.push({ tmpName, mediaPath: `${mediaDir}/subtitles/${language}.vtt` });
  }
  rows.videoSources.push({
    sourceId,
    episodeId,
    segmentLength: VIDEO_SEGMENT_SECONDS,
    durationMs,
    keyId: result.keyId,
    key: result.key,
    subtitleLanguages: subtitles.map((s) => s.language),
    mediaDir,
  });
  ctx.step(`${file.name} subtitles`);
  return sourceId;
}
