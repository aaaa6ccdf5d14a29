import { identity, throwError, type MonoTypeOperatorFunction, type Observable } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import { bearerHeader } from '../session/authorisation';
import { retryOnUnauthorised, type AuthorisedStep } from '../session/retry-on-unauthorised';
import type { SessionSlice } from '../session/state';
import type { TransportSlice, TransportState } from '../transport/state';

/** spec 001 §7 Track-playback service, on the spclient host the service resolve named. */
export const TRACK_PLAYBACK_PATH = '/track-playback/v1';

/** The spclient host the service resolve named; the scheme follows the resolve URL's (like the dealer's). Null before resolve. */
export function spclientBase(transport: TransportState): string | null {
  if (transport.endpoints === null || transport.resolveUrl === null) return null;
  const scheme = /^https:/i.test(transport.resolveUrl) ? 'https' : 'http';
  return `${scheme}://${transport.endpoints.spclient}`;
}

/** spec 001 §8 Generic: 'Request was not successful (status N)'. */
export const notSuccessful = (status: number): string => `Request was not successful (status ${status})`;

/** The caller name under which track-playback and spclient calls ask the session for a forced refresh (spec 001 §8: a 401 refreshes). */
export const SPCLIENT_CALLER = 'spclient';

/** One JSON call to a spclient service (path from the host) with `token` (the session's, or a refreshed one); errors before the service resolve. */
export function spclientRequest(
  http: HttpPort,
  transport: TransportState,
  token: string | null,
  method: HttpRequest['method'],
  path: string,
  body?: unknown,
  keepalive = false,
): Observable<HttpResponse> {
  const base = spclientBase(transport);
  if (base === null) return throwError(() => new Error('Track-playback service not resolved'));
  const headers: Record<string, string> = { ...bearerHeader(token) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request: HttpRequest = {
    method,
    url: base + path,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(keepalive ? { keepalive } : {}),
  };
  return http.request(request);
}

/** What one track-playback call sends; `retrying` wraps each send (spec 001 §9 State call retries). */
export interface TrackPlaybackCall {
  readonly method: HttpRequest['method'];
  readonly path: string;
  readonly body?: unknown;
  readonly retrying?: MonoTypeOperatorFunction<HttpResponse>;
  /** Sent so that it outlives the page (a deregistration as the page goes away). */
  readonly keepalive?: boolean;
}

/** A track-playback call with the session's live token, sent once more with a refreshed one after a 401 (spec 001 §8 Resolve/transport). */
export function authorisedTrackPlaybackCall(
  action$: Observable<Action>,
  http: HttpPort,
  live: TransportSlice & SessionSlice,
  call: TrackPlaybackCall,
): Observable<AuthorisedStep> {
  return retryOnUnauthorised(action$, SPCLIENT_CALLER, live.session.accessToken, (token) =>
    spclientRequest(http, live.transport, token, call.method, TRACK_PLAYBACK_PATH + call.path, call.body, call.keepalive).pipe(call.retrying ?? identity),
  );
}
