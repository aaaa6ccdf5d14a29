// The video manifest of spec 001 §3 ("base_urls, initialization_template, segment_template, contents[0]
// (segment_length, profiles, encryption_infos with key_system and pssh), start_time_millis, end_time_millis,
// subtitle_language_codes, subtitle template") and its Video profile ("mime_type, video_codec, audio_codec,
// encryption_index, max_bitrate, video_bitrate, audio_bitrate, video_width, video_height, video_resolution"),
// built from the video_sources and video_profiles rows (migration 007). README.md here says what is served to whom.
import { psshBox } from '../media/cenc-packager';
import { serializeBoxes } from '../media/mp4-boxes';
import type { VideoProfilesTable, VideoSourcesTable } from '../db/tables';
import { CLEARKEY_KEY_SYSTEM } from '../licence/licence-url';

/** spec 001 §7 "GET video manifest by source id (authorised, supports_drm)": our path. */
export const VIDEO_MANIFEST_ROUTE = '/manifests/v7/json/sources/:sourceId/options/supports_drm';
export const videoManifestPath = (sourceId: string): string => VIDEO_MANIFEST_ROUTE.replace(':sourceId', sourceId);
/** Where a source's init segments, segments and subtitles are: base_urls[0] is `${origin}${VIDEO_CDN_PREFIX}/${sourceId}/`. */
export const VIDEO_CDN_PREFIX = '/cdn/video';
export const INITIALIZATION_TEMPLATE = '{{profile_id}}/init';
/** {{segment_timestamp}}: the segment's start in whole seconds, a multiple of segment_length. */
export const SEGMENT_TEMPLATE = '{{profile_id}}/{{segment_timestamp}}';
export const SUBTITLE_TEMPLATE = 'subtitles/{{language_code}}.vtt';
/** spec 000 §9 preview cap: the anonymous preview's profiles are the first 30 s. */
export const PREVIEW_MS = 30_000;

export interface SeekTableJson {
  readonly offset: number;
  readonly timescale: number;
  readonly segments: ReadonlyArray<readonly [number, number]>;
}

export interface VideoProfileJson {
  readonly id: number;
  readonly mime_type: string;
  readonly video_codec: string | null;
  readonly audio_codec: string | null;
  /** Index into contents[0].encryption_infos; null for a clear profile (the preview's). */
  readonly encryption_index: number | null;
  readonly max_bitrate: number;
  readonly video_bitrate: number;
  readonly audio_bitrate: number;
  readonly video_width: number;
  readonly video_height: number;
  /** The height's usual name as a number (240, 480, 720); 0 for an audio profile. */
  readonly video_resolution: number;
}

export interface EncryptionInfoJson {
  readonly key_system: string;
  /** Base64 of a version 1 common-system pssh box (the 'cenc' init data of the MP4 profiles). */
  readonly pssh: string;
  /** The key id, hex: the 'webm' init data of the WebM profile, and what the licence server keys. */
  readonly key_id: string;
}

export interface VideoManifestJson {
  readonly source_id: string;
  readonly base_urls: readonly string[];
  readonly initialization_template: string;
  readonly segment_template: string;
  readonly contents: ReadonlyArray<{
    readonly segment_length: number;
    readonly profiles: readonly VideoProfileJson[];
    readonly encryption_infos: readonly EncryptionInfoJson[];
  }>;
  readonly start_time_millis: number;
  readonly end_time_millis: number;
  readonly subtitle_language_codes: readonly string[];
  readonly subtitle_template: string;
}

export function videoManifest(
  source: VideoSourcesTable,
  profiles: readonly VideoProfilesTable[],
  options: { origin: string; preview: boolean },
): VideoManifestJson {
  const keyId = Buffer.from(source.key_id, 'hex');
  const encrypted = profiles.some((p) => p.encrypted === 1);
  const durationMs = Number(source.duration_ms);
  return {
    source_id: source.source_id,
    base_urls: [`${options.origin}${VIDEO_CDN_PREFIX}/${source.source_id}/`],
    initialization_template: INITIALIZATION_TEMPLATE,
    segment_template: SEGMENT_TEMPLATE,
    contents: [
      {
        segment_length: Number(source.segment_length),
        profiles: [...profiles]
          .sort((a, b) => Number(a.profile_id) - Number(b.profile_id))
          .map((p) => ({
            id: Number(p.profile_id),
            mime_type: p.mime_type,
            video_codec: p.video_codec,
            audio_codec: p.audio_codec,
            encryption_index: p.encrypted === 1 ? 0 : null,
            max_bitrate: Number(p.max_bitrate),
            video_bitrate: Number(p.video_bitrate),
            audio_bitrate: Number(p.audio_bitrate),
            video_width: Number(p.video_width),
            video_height: Number(p.video_height),
            video_resolution: Number(p.video_height),
          })),
        encryption_infos: encrypted
          ? [{ key_system: CLEARKEY_KEY_SYSTEM, pssh: Buffer.from(serializeBoxes([psshBox(keyId)])).toString('base64'), key_id: source.key_id.toLowerCase() }]
          : [],
      },
    ],
    start_time_millis: 0,
    end_time_millis: options.preview ? Math.min(durationMs, PREVIEW_MS) : durationMs,
    subtitle_language_codes: JSON.parse(source.subtitle_languages) as string[],
    subtitle_template: SUBTITLE_TEMPLATE,
  };
}

/** The segment index a {{segment_timestamp}} names: whole seconds, a multiple of the segment length, within the profile; else null. */
export function segmentIndexOf(raw: string, segmentLength: number, segments: number): number | null {
  if (!/^(0|[1-9]\d{0,6})$/.test(raw)) return null;
  const seconds = Number(raw);
  if (seconds % segmentLength !== 0) return null;
  const index = seconds / segmentLength;
  return index < segments ? index : null;
}
