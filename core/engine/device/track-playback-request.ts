import { throwError, type Observable } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse } from '../../ports';
import type { TransportState } from '../transport/state';

/** spec 001 §7 Track-playback service, on the spclient host the service resolve named. */
export const TRACK_PLAYBACK_PATH = '/track-playback/v1';

/** The spclient host the service resolve named; the scheme follows the resolve URL's (like the dealer's). Null before resolve. */
export function spclientBase(transport: TransportState): string | null {
  if (transport.endpoints === null || transport.resolveUrl === null) return null;
  const scheme = /^https:/i.test(transport.resolveUrl) ? 'https' : 'http';
  return `${scheme}://${transport.endpoints.spclient}`;
}

/** The track-playback service's base URL. Null before resolve. */
export function trackPlaybackBase(transport: TransportState): string | null {
  const base = spclientBase(transport);
  return base === null ? null : base + TRACK_PLAYBACK_PATH;
}

/** spec 001 §8 Generic: 'Request was not successful (status N)'. */
export const notSuccessful = (status: number): string => `Request was not successful (status ${status})`;

/** One JSON call to a spclient service (path from the host) with the transport's token; errors before the service resolve. */
export function spclientRequest(
  http: HttpPort,
  transport: TransportState,
  method: HttpRequest['method'],
  path: string,
  body?: unknown,
): Observable<HttpResponse> {
  const base = spclientBase(transport);
  if (base === null) return throwError(() => new Error('Track-playback service not resolved'));
  const headers: Record<string, string> = { authorization: `Bearer ${transport.accessToken ?? ''}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request: HttpRequest = body === undefined ? { method, url: base + path, headers } : { method, url: base + path, headers, body: JSON.stringify(body) };
  return http.request(request);
}

/** One JSON call to the track-playback service (spec 001 §7). */
export function trackPlaybackRequest(
  http: HttpPort,
  transport: TransportState,
  method: HttpRequest['method'],
  path: string,
  body?: unknown,
): Observable<HttpResponse> {
  return spclientRequest(http, transport, method, TRACK_PLAYBACK_PATH + path, body);
}
