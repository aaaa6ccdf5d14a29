import type { HttpRequest } from '../../ports';
import { REQUEST_RETRIES_MAX } from './constants';
import { rangeHeader, rangeLength, type ByteRange } from './fragment-plan';
import {
  fragmentEmptyResponse,
  fragmentNoResolvedUrl,
  fragmentRequestFailed,
  fragmentStatusZero,
  fragmentUnexpectedLength,
  type MediaPipelineError,
} from './media-errors';

/**
 * What a fragment fetch came back with: a response's status and body length, or no response at
 * all (a connection error). The transfer itself is the adapter's; these rules only need the sizes.
 */
export type FragmentAttempt =
  { readonly kind: 'response'; readonly status: number; readonly byteLength: number } | { readonly kind: 'connection-error'; readonly online: boolean };

export type FragmentVerdict =
  | { readonly kind: 'ok' }
  /** spec 001 §7 Media: retried on connection or server errors or wrong length. */
  | { readonly kind: 'retry'; readonly error: MediaPipelineError }
  /** spec 001 §7 Media: a 403 triggers re-resolve (the CDN URL expired). */
  | { readonly kind: 're-resolve'; readonly error: MediaPipelineError }
  | { readonly kind: 'fail'; readonly error: MediaPipelineError };

/** spec 001 §7 Media: GET the audio file URL with a bytes range header; §8 'Cannot fetch buffer: No resolved URL'. */
export function fragmentRequest(url: string | undefined, range: ByteRange): { readonly request: HttpRequest } | { readonly error: MediaPipelineError } {
  if (url === undefined || url === '') return { error: fragmentNoResolvedUrl() };
  return { request: { method: 'GET', url, headers: { range: rangeHeader(range) } } };
}

/**
 * Judges one attempt at a fragment of `range` (spec 001 §5: fragment responses need a body and the
 * expected length; §8 Fragment texts).
 */
export function judgeFragment(attempt: FragmentAttempt, range: ByteRange): FragmentVerdict {
  if (attempt.kind === 'connection-error') return { kind: 'retry', error: fragmentStatusZero(attempt.online) };
  const { status, byteLength } = attempt;
  if (status === 0) return { kind: 'retry', error: fragmentStatusZero(true) };
  if (status === 403) return { kind: 're-resolve', error: fragmentRequestFailed(status) };
  if (status >= 500) return { kind: 'retry', error: fragmentRequestFailed(status) };
  if (status < 200 || status > 299) return { kind: 'fail', error: fragmentRequestFailed(status) };
  if (byteLength === 0) return { kind: 'retry', error: fragmentEmptyResponse() };
  const expected = rangeLength(range);
  if (byteLength !== expected) return { kind: 'retry', error: fragmentUnexpectedLength(expected, byteLength) };
  return { kind: 'ok' };
}

/**
 * The verdict after `retriesSoFar` retries: a retry past spec 001 §9 "Request retries max 2" fails
 * with the last error. Re-resolves are not retries: the re-resolved URL starts afresh (the 1001 ms
 * gap between resolutions, resolve-spacing.ts, keeps a URL that keeps failing from looping fast).
 */
export function withRetryLimit(verdict: FragmentVerdict, retriesSoFar: number): FragmentVerdict {
  if (verdict.kind === 'retry' && retriesSoFar >= REQUEST_RETRIES_MAX) return { kind: 'fail', error: verdict.error };
  return verdict;
}
