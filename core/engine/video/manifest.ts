import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { HttpRequest, HttpResponse } from '../../ports';
import { formatDecodeErrors } from '../../model/decode-errors';
import { storageVideoManifestFailed, type MediaPipelineError } from '../media/media-errors';

/** spec 001 §3 Video profile: every field, nullable where a profile is video-only or audio-only. */
export const VideoProfile = t.type(
  {
    id: t.number,
    mime_type: t.string,
    video_codec: t.union([t.string, t.null]),
    audio_codec: t.union([t.string, t.null]),
    encryption_index: t.union([t.number, t.null]),
    max_bitrate: t.number,
    video_bitrate: t.number,
    audio_bitrate: t.number,
    video_width: t.number,
    video_height: t.number,
    video_resolution: t.number,
  },
  'VideoProfile',
);
export type VideoProfile = t.TypeOf<typeof VideoProfile>;

/** spec 001 §3 Encryption: key_system and pssh (key_id is the provider's, for WebM init data). */
export const EncryptionInfo = t.intersection([t.type({ key_system: t.string, pssh: t.string }), t.partial({ key_id: t.string })], 'EncryptionInfo');
export type EncryptionInfo = t.TypeOf<typeof EncryptionInfo>;

/**
 * spec 001 §3 Video manifest: base_urls, initialization_template, segment_template, contents[0]
 * (segment_length in seconds, profiles, encryption_infos), start/end_time_millis, subtitle
 * languages and template.
 */
export const VideoManifest = t.intersection(
  [
    t.type({
      base_urls: t.array(t.string),
      initialization_template: t.string,
      segment_template: t.string,
      contents: t.array(t.type({ segment_length: t.number, profiles: t.array(VideoProfile), encryption_infos: t.array(EncryptionInfo) })),
      start_time_millis: t.number,
      end_time_millis: t.number,
    }),
    t.partial({ source_id: t.string, subtitle_language_codes: t.array(t.string), subtitle_template: t.string }),
  ],
  'VideoManifest',
);
export type VideoManifest = t.TypeOf<typeof VideoManifest>;

/** spec 001 §7 Media: GET video manifest by source id (authorised, supports_drm). */
export function videoManifestRequest(manifestBase: string, sourceId: string, accessToken: string): HttpRequest {
  return {
    method: 'GET',
    url: `${manifestBase}${encodeURIComponent(sourceId)}/options/supports_drm`,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

export type VideoManifestVerdict = { readonly kind: 'ok'; readonly manifest: VideoManifest } | { readonly kind: 'fail'; readonly error: MediaPipelineError };

/**
 * spec 001 §8 Storage "video manifest failed": a non-success status, and an answer this engine
 * cannot read (not JSON, a field missing, no contents, no base URL), which it would read the same
 * way however often it asked. §7 names no retry for the manifest, so none is made.
 */
export function judgeVideoManifest(response: HttpResponse): VideoManifestVerdict {
  const failed = (detail?: string): VideoManifestVerdict => {
    const error = storageVideoManifestFailed(response.status);
    return { kind: 'fail', error: detail === undefined ? error : { ...error, detail } };
  };
  if (response.status < 200 || response.status > 299) return failed();
  let raw: unknown;
  try {
    raw = JSON.parse(response.body);
  } catch {
    return failed('not JSON');
  }
  const decoded = VideoManifest.decode(raw);
  if (isLeft(decoded)) return failed(formatDecodeErrors(decoded.left));
  const manifest = decoded.right;
  if (manifest.contents.length === 0) return failed('no contents');
  if (manifest.base_urls.length === 0) return failed('no base URL');
  if (!(manifest.contents[0]!.segment_length > 0)) return failed('no segment length');
  return { kind: 'ok', manifest };
}
