import type { HttpRequest, HttpResponse } from '../../ports';
import { CLEARKEY, LICENCE_NO_RETRY_STATUSES, LICENCE_REFRESH_STATUSES, WIDEVINE } from './constants';
import { emptyLicence, licenceRequestFailed, userCappedError, widevineParseFailure, type DrmError } from './eme-errors';
import { base64ToLatin1 } from './base64';

/**
 * spec 001 §7 Media: POST the challenge to the licence server URL. The ClearKey challenge is JSON
 * (W3C EME §9.1.3) and goes as JSON text. HttpPort carries text only, so the binary challenges of
 * the other systems go base64-encoded, marked by a content-transfer-encoding header.
 */
export function licenceRequest(uri: string, keySystem: string, challengeBase64: string, accessToken?: string): HttpRequest {
  const auth: Record<string, string> = accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` };
  if (keySystem === CLEARKEY) {
    return { method: 'POST', url: uri, headers: { ...auth, 'content-type': 'application/json' }, body: base64ToLatin1(challengeBase64) };
  }
  return {
    method: 'POST',
    url: uri,
    headers: { ...auth, 'content-type': 'application/octet-stream', 'content-transfer-encoding': 'base64' },
    body: challengeBase64,
  };
}

export type LicenceVerdict =
  | { readonly kind: 'ok'; readonly licence: string }
  /** Worth another try (spec 001 §7: retried unless 400, 402, 403 or an empty body). */
  | { readonly kind: 'retry'; readonly error: DrmError }
  /** spec 001 §4/§8: 402 caps the user. */
  | { readonly kind: 'capped'; readonly error: DrmError }
  /** refreshEndpoint: spec 001 §8 "License endpoint refreshed on 400 or 403". */
  | { readonly kind: 'fail'; readonly error: DrmError; readonly refreshEndpoint: boolean; readonly status: number };

/** Judges a licence server answer for a key system. */
export function judgeLicence(response: HttpResponse, keySystem: string): LicenceVerdict {
  const { status } = response;
  if (status >= 200 && status <= 299) {
    return response.body.length === 0 ? { kind: 'fail', error: emptyLicence(), refreshEndpoint: false, status } : { kind: 'ok', licence: response.body };
  }
  if (status === 402) return { kind: 'capped', error: userCappedError() };
  const refreshEndpoint = LICENCE_REFRESH_STATUSES.includes(status);
  // spec 001 §8: a Widevine parse failure is status 400, 'widevine error', fatal.
  if (status === 400 && keySystem === WIDEVINE) return { kind: 'fail', error: widevineParseFailure(), refreshEndpoint, status };
  const error = licenceRequestFailed(`status ${status}`);
  return LICENCE_NO_RETRY_STATUSES.includes(status) ? { kind: 'fail', error, refreshEndpoint, status } : { kind: 'retry', error };
}
