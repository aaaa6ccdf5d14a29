import { REQUEST_RETRIES_MAX } from '../media/constants';
import { fragmentEmptyResponse, fragmentRequestFailed, fragmentStatusZero, type MediaPipelineError } from '../media/media-errors';
import type { VideoManifest } from './manifest';

/*
 * spec 001 §7 Media: video and audio segments from templated URLs. The manifest's base URL joined
 * with initialization_template / segment_template, {{profile_id}} and {{segment_timestamp}} (the
 * segment's start in seconds: index × segment_length) filled in.
 */

const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

export const segmentLengthMs = (manifest: VideoManifest): number => manifest.contents[0]!.segment_length * 1000;

/** How many segments cover start_time_millis..end_time_millis. */
export function segmentCount(manifest: VideoManifest): number {
  return Math.ceil((manifest.end_time_millis - manifest.start_time_millis) / segmentLengthMs(manifest));
}

export function initUrl(manifest: VideoManifest, profileId: number): string {
  return manifest.base_urls[0]! + fill(manifest.initialization_template, { profile_id: String(profileId) });
}

export function segmentUrl(manifest: VideoManifest, profileId: number, index: number): string {
  const timestamp = (manifest.start_time_millis / 1000 + index * manifest.contents[0]!.segment_length).toString();
  return manifest.base_urls[0]! + fill(manifest.segment_template, { profile_id: String(profileId), segment_timestamp: timestamp });
}

/** spec 001 §2 subtitle tracks: the subtitle template with {{language_code}}, null when the manifest has none. */
export function subtitleUrl(manifest: VideoManifest, language: string): string | null {
  if (manifest.subtitle_template === undefined || !(manifest.subtitle_language_codes ?? []).includes(language)) return null;
  return manifest.base_urls[0]! + fill(manifest.subtitle_template, { language_code: language });
}

/** A whole-segment fetch's outcome (the body stays in the adapter). */
export type SegmentAttempt =
  { readonly kind: 'response'; readonly status: number; readonly byteLength: number } | { readonly kind: 'connection-error'; readonly online: boolean };

export type SegmentVerdict = { readonly kind: 'ok' } | { readonly kind: 'retry' | 'fail'; readonly error: MediaPipelineError };

/**
 * spec 001 §7 Media: segments are "retried on status 0, connection errors or server errors"; any
 * other failure is final. The §8 Fragment texts name them; an empty 2xx body is retried as for audio.
 */
export function judgeSegment(attempt: SegmentAttempt): SegmentVerdict {
  if (attempt.kind === 'connection-error') return { kind: 'retry', error: fragmentStatusZero(attempt.online) };
  const { status } = attempt;
  if (status === 0) return { kind: 'retry', error: fragmentStatusZero(true) };
  if (status >= 500) return { kind: 'retry', error: fragmentRequestFailed(status) };
  if (status < 200 || status > 299) return { kind: 'fail', error: fragmentRequestFailed(status) };
  if (attempt.byteLength === 0) return { kind: 'retry', error: fragmentEmptyResponse() };
  return { kind: 'ok' };
}

/** spec 001 §9 Request retries max 2: a retryable verdict past them fails with its error. */
export function segmentVerdictAfter(verdict: SegmentVerdict, retriesSoFar: number): SegmentVerdict {
  return verdict.kind === 'retry' && retriesSoFar >= REQUEST_RETRIES_MAX ? { kind: 'fail', error: verdict.error } : verdict;
}
