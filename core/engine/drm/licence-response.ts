import type { HttpRequest, HttpResponse } from '../../ports';
import * as E from 'fp-ts/Either';
import { CLEARKEY, LICENCE_NO_RETRY_STATUSES, LICENCE_REFRESH_STATUSES, PLAYREADY, PLAYREADY_HARDWARE, WIDEVINE } from './constants';
import { emptyLicence, licenceRequestFailed, userCappedError, widevineParseFailure, type DrmError } from './eme-errors';
import { base64ToLatin1 } from './base64';
import { readPlayReadyMessage, type PlayReadyRequest } from './playready-message';

/**
 * spec 001 §7 Media: POST the challenge to the licence server URL. The ClearKey challenge is JSON
 * (W3C EME §9.1.3) and goes as JSON text; a PlayReady key message names its own headers and
 * challenge (playready-message.ts: a header name/value mismatch is spec 001 §8's error). HttpPort
 * carries text only, so the binary challenges of the other systems go base64-encoded, marked by a
 * content-transfer-encoding header.
 */
export function licenceRequest(
  uri: string,
  keySystem: string,
  challengeBase64: string,
  auth: Readonly<Record<string, string>> = {},
): E.Either<DrmError, HttpRequest> {
  if (keySystem === CLEARKEY) {
    return E.right({ method: 'POST', url: uri, headers: { ...auth, 'content-type': 'application/json' }, body: base64ToLatin1(challengeBase64) });
  }
  if (keySystem === PLAYREADY || keySystem === PLAYREADY_HARDWARE) {
    return E.map((request: PlayReadyRequest): HttpRequest => ({ method: 'POST', url: uri, headers: { ...request.headers, ...auth }, body: request.body }))(
      readPlayReadyMessage(challengeBase64),
    );
  }
  return E.right({
    method: 'POST',
    url: uri,
    headers: { ...auth, 'content-type': 'application/octet-stream', 'content-transfer-encoding': 'base64' },
    body: challengeBase64,
  });
}

/** The content id placeholder of a licence server URL (ours: the provider's licence URL names the file it licenses). */
export const CONTENT_ID_PLACEHOLDER = '{contentId}';

/**
 * spec 001 §7 Media "POST to licence server URL with content id substituted": the audio file id
 * of the track whose key is asked for. Null when the URL wants one and none is known.
 */
export function licenceUriFor(uri: string, contentId: string | null): string | null {
  if (!uri.includes(CONTENT_ID_PLACEHOLDER)) return uri;
  return contentId === null ? null : uri.split(CONTENT_ID_PLACEHOLDER).join(encodeURIComponent(contentId));
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
