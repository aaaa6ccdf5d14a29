import { throwError, type Observable } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import { SPCLIENT_CALLER, spclientBase } from '../device/track-playback-request';
import { bearerHeader } from '../session/authorisation';
import { retryOnUnauthorised, type AuthorisedStep } from '../session/retry-on-unauthorised';
import type { SessionSlice } from '../session/state';
import type { TransportSlice } from '../transport/state';

export interface ConnectCall {
  readonly method: HttpRequest['method'];
  /** From the spclient host, or a whole URL. */
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One remote-control call with the session's live token; a 401 refreshes it and sends once more (spec 001 §8 Resolve/transport). */
export function connectCall(action$: Observable<Action>, http: HttpPort, live: TransportSlice & SessionSlice, call: ConnectCall): Observable<AuthorisedStep> {
  const base = /^https?:/.test(call.path) ? '' : spclientBase(live.transport);
  return retryOnUnauthorised(action$, SPCLIENT_CALLER, live.session.accessToken, (token): Observable<HttpResponse> => {
    if (base === null) return throwError(() => new Error('Remote-control service not resolved'));
    const headers: Record<string, string> = { ...bearerHeader(token), ...call.headers };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    return http.request({ method: call.method, url: base + call.path, headers, ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }) });
  });
}

/** A JSON body, or null when there is none or it is not JSON. */
export function jsonBody(body: string): unknown {
  if (body.trim() === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

export const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
