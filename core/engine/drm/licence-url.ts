import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { HttpRequest, HttpResponse } from '../../ports';
import { formatDecodeErrors } from '../../model/decode-errors';
import { LICENCE_URL_REFRESH_BEFORE_EXPIRY_MS, SERVER_TIME_REFETCH_MS } from './constants';
import { cannotResolveLicenceUrl, deprecatedVersion, type DrmError } from './eme-errors';

/** spec 001 §7 Media: the license url answer (uri; expires, in server seconds since the epoch). */
export const LicenceUrlJson = t.type({ uri: t.string, expires: t.number }, 'LicenceUrl');
/** spec 001 §7 Media: GET server time reads timestamp (seconds since the epoch). */
export const ServerTimeJson = t.type({ timestamp: t.number }, 'ServerTime');

/** The cached licence URL; expiresAt in local clock ms. */
export interface LicenceUrlCache {
  readonly uri: string;
  readonly expiresAt: number;
}

/** Server time minus local clock, measured at `at` (local clock ms). */
export interface ServerTimeOffset {
  readonly offsetMs: number;
  readonly at: number;
}

export interface LicenceUrlParams {
  readonly endpoint: string;
  /** spec 001 §7 Media mediatype: the track's (§3 Audio track mediaType, audio or video). */
  readonly mediaType: 'audio' | 'video';
  readonly keySystem: string;
  readonly sdkName: string;
  readonly sdkVersion: string;
  /** The authorisation header (core/engine/session/authorisation.ts); none: unauthorised. */
  readonly auth?: Readonly<Record<string, string>>;
}

/** The authorisation header of the session's live token, read at each request (core/engine/session/authorisation.ts). */
export type LiveAuthorisation = () => Readonly<Record<string, string>>;

/** spec 001 §7 Media: GET license url with keysystem, mediatype, sdk_name, sdk_version. */
export function licenceUrlRequest(p: LicenceUrlParams): HttpRequest {
  const query = [
    ['keysystem', p.keySystem],
    ['mediatype', p.mediaType],
    ['sdk_name', p.sdkName],
    ['sdk_version', p.sdkVersion],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v ?? '')}`)
    .join('&');
  return { method: 'GET', url: `${p.endpoint}${p.endpoint.includes('?') ? '&' : '?'}${query}`, headers: { ...p.auth } };
}

export function serverTimeRequest(url: string, auth: Readonly<Record<string, string>> = {}): HttpRequest {
  return { method: 'GET', url, headers: { ...auth } };
}

/** spec 001 §9: cached until 60 s before it expires. */
export function licenceUrlUsable(cache: LicenceUrlCache | null, now: number): cache is LicenceUrlCache {
  return cache !== null && now < cache.expiresAt - LICENCE_URL_REFRESH_BEFORE_EXPIRY_MS;
}

/** spec 001 §9: server time refetched after 180000 ms. */
export function serverTimeStale(offset: ServerTimeOffset | null, now: number): boolean {
  return offset === null || now - offset.at >= SERVER_TIME_REFETCH_MS;
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The server-time offset from an answer received at `now`; null when unusable (the local clock is used then). */
export function decodeServerTime(response: HttpResponse, now: number): ServerTimeOffset | null {
  if (response.status !== 200) return null;
  const decoded = ServerTimeJson.decode(parse(response.body));
  return isLeft(decoded) ? null : { offsetMs: decoded.right.timestamp * 1000 - now, at: now };
}

export type LicenceUrlVerdict =
  | { readonly kind: 'ok'; readonly cache: LicenceUrlCache }
  /** spec 001 §7: retried on server or connection errors. */
  | { readonly kind: 'retry'; readonly error: DrmError }
  | { readonly kind: 'fail'; readonly error: DrmError };

/** Judges a license-url answer; `offsetMs` turns the server's expiry into local clock time. */
export function judgeLicenceUrl(response: HttpResponse, offsetMs: number): LicenceUrlVerdict {
  const body = parse(response.body);
  if (response.status >= 500) return { kind: 'retry', error: cannotResolveLicenceUrl(`status ${response.status}`) };
  // spec 001 §8 License: deprecated version (400 code deprecated-version), fatal, no next.
  if (response.status === 400 && (body as { code?: unknown } | undefined)?.code === 'deprecated-version') return { kind: 'fail', error: deprecatedVersion() };
  if (response.status !== 200) return { kind: 'fail', error: cannotResolveLicenceUrl(`status ${response.status}`) };
  const decoded = LicenceUrlJson.decode(body);
  if (isLeft(decoded)) return { kind: 'fail', error: cannotResolveLicenceUrl(formatDecodeErrors(decoded.left)) };
  return { kind: 'ok', cache: { uri: decoded.right.uri, expiresAt: decoded.right.expires * 1000 - offsetMs } };
}
