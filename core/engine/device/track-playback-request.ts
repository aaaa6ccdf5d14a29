import { throwError, type Observable } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse } from '../../ports';
import type { TransportState } from '../transport/state';

/** spec 001 §7 Track-playback service, on the spclient host the service resolve named. */
export const TRACK_PLAYBACK_PATH = '/track-playback/v1';

/** The service's base URL; the scheme follows the resolve URL's (like the dealer's). Null before resolve. */
export function trackPlaybackBase(transport: TransportState): string | null {
  if (transport.endpoints === null || transport.resolveUrl === null) return null;
  const scheme = /^https:/i.test(transport.resolveUrl) ? 'https' : 'http';
  return `${scheme}://${transport.endpoints.spclient}${TRACK_PLAYBACK_PATH}`;
}

/** spec 001 §8 Generic: 'Request was not successful (status N)'. */
export const notSuccessful = (status: number): string => `Request was not successful (status ${status})`;

/** One JSON call to the service with the transport's token; errors when the service is not resolved yet. */
export function trackPlaybackRequest(
  http: HttpPort,
  transport: TransportState,
  method: HttpRequest['method'],
  path: string,
  body?: unknown,
): Observable<HttpResponse> {
  const base = trackPlaybackBase(transport);
  if (base === null) return throwError(() => new Error('Track-playback service not resolved'));
  const headers: Record<string, string> = { authorization: `Bearer ${transport.accessToken ?? ''}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request: HttpRequest = body === undefined ? { method, url: base + path, headers } : { method, url: base + path, headers, body: JSON.stringify(body) };
  return http.request(request);
}
