import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { HttpResponse } from '../../ports';
import { formatDecodeErrors } from '../../model/decode-errors';
import { storageNoTracks, storageResolveFailed, type MediaPipelineError } from './media-errors';

/** spec 001 §7 Media: storage-resolve for an audio file id reads the cdnurl list (ttl: seconds the URLs live). */
export const StorageResolveJson = t.intersection([t.type({ cdnurl: t.array(t.string) }), t.partial({ fileid: t.string, ttl: t.number })], 'StorageResolve');

export interface ResolvedUrls {
  /** The CDN URLs in preference order: the first is used, the others are fallbacks. */
  readonly urls: readonly string[];
  /** When the URLs expire (clock ms), when the service said. */
  readonly expiresAt?: number;
}

export type StorageResolveVerdict =
  | { readonly kind: 'ok'; readonly resolved: ResolvedUrls }
  /** spec 001 §7 Media: retry on non-success. */
  | { readonly kind: 'retry'; readonly error: MediaPipelineError }
  | { readonly kind: 'fail'; readonly error: MediaPipelineError };

/**
 * Judges a storage-resolve response received at `now`. spec 001 §8 Storage: resolve failed with
 * status (retried, §7); returned no tracks (an answer without a usable URL: retrying gets the same).
 */
export function judgeStorageResolve(response: HttpResponse, now: number): StorageResolveVerdict {
  if (response.status < 200 || response.status > 299) return { kind: 'retry', error: storageResolveFailed(response.status) };
  let raw: unknown;
  try {
    raw = JSON.parse(response.body);
  } catch {
    return { kind: 'fail', error: { ...storageNoTracks(), detail: 'not JSON' } };
  }
  const decoded = StorageResolveJson.decode(raw);
  if (isLeft(decoded)) return { kind: 'fail', error: { ...storageNoTracks(), detail: formatDecodeErrors(decoded.left) } };
  const urls = decoded.right.cdnurl.filter((url) => url !== '');
  if (urls.length === 0) return { kind: 'fail', error: storageNoTracks() };
  const { ttl } = decoded.right;
  return { kind: 'ok', resolved: ttl !== undefined && ttl > 0 ? { urls, expiresAt: now + ttl * 1000 } : { urls } };
}

export type StatusZeroStep = { readonly kind: 'fallback'; readonly urlIndex: number; readonly warning: string } | { readonly kind: 'no-fallback' };

/**
 * spec 001 §8 Fragment: on status 0 while online, the fallback URL is tried first, with a warning;
 * offline, or with no URL left, the fetch goes on to the usual retry and error.
 */
export function onStatusZero(resolved: ResolvedUrls, urlIndex: number, online: boolean): StatusZeroStep {
  const next = urlIndex + 1;
  if (!online || next >= resolved.urls.length) return { kind: 'no-fallback' };
  return { kind: 'fallback', urlIndex: next, warning: `Buffer request failed with status 0; trying fallback URL ${next}` };
}
