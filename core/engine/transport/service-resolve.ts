import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { HttpRequest, HttpResponse } from '../../ports';
import { DEALER_PATH } from './constants';

/** The hosts a service resolve gives: the dealer and the web gateway (spclient), as host:port. */
export const Endpoints = t.type({ dealer: t.string, spclient: t.string });
export type Endpoints = t.TypeOf<typeof Endpoints>;

/** Errors are data (ARCHITECTURE.md §5), in spec 001 §8's XRESOLVE_ family. */
export interface ResolveError {
  readonly code: 'XRESOLVE_REQUEST_FAILED' | 'XRESOLVE_INVALID_RESPONSE' | 'XRESOLVE_INCOMPLETE_RESPONSE' | 'XRESOLVE_TRANSPORT_FAILED';
  readonly message: string;
  /** The answer's Retry-After header, when it had one (spec 001 §8: delays the retry). */
  readonly retryAfter?: string;
}

// spec 001 §8 Resolve/transport: "request failed with status; invalid response (empty body);
// incomplete response; transport cannot complete request".
export const requestFailed = (status: number): string => `Request failed with status ${status}`;
export const INVALID_RESPONSE_MESSAGE = 'Invalid response (empty body)';
export const NOT_JSON_MESSAGE = 'Invalid response (body is not JSON)';
export const INCOMPLETE_RESPONSE_MESSAGE = 'Incomplete response (missing dealer or gateway)';
export const TRANSPORT_FAILED_MESSAGE = 'Transport cannot complete request';

/** spec 001 §7 Service resolve: a GET asking for dealer and web-gateway hosts. */
export function resolveRequest(resolveUrl: string): HttpRequest {
  const separator = resolveUrl.includes('?') ? '&' : '?';
  return { method: 'GET', url: `${resolveUrl}${separator}type=dealer&type=spclient`, headers: { accept: 'application/json' } };
}

const Lists = t.partial({ dealer: t.array(t.string), spclient: t.array(t.string) });

/** Reads lists keyed by type, taking the first of each; fails on non-200, empty body, or a missing host. */
export function decodeResolve(response: HttpResponse): E.Either<ResolveError, Endpoints> {
  if (response.status !== 200) {
    const retryAfter = response.headers['retry-after'];
    return E.left({ code: 'XRESOLVE_REQUEST_FAILED', message: requestFailed(response.status), ...(retryAfter === undefined ? {} : { retryAfter }) });
  }
  if (response.body.trim() === '') return E.left({ code: 'XRESOLVE_INVALID_RESPONSE', message: INVALID_RESPONSE_MESSAGE });
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return E.left({ code: 'XRESOLVE_INVALID_RESPONSE', message: NOT_JSON_MESSAGE });
  }
  const lists = Lists.decode(json);
  const dealer = E.isRight(lists) ? lists.right.dealer?.[0] : undefined;
  const spclient = E.isRight(lists) ? lists.right.spclient?.[0] : undefined;
  if (dealer === undefined || dealer === '' || spclient === undefined || spclient === '') {
    return E.left({ code: 'XRESOLVE_INCOMPLETE_RESPONSE', message: INCOMPLETE_RESPONSE_MESSAGE });
  }
  return E.right({ dealer, spclient });
}

/**
 * spec 001 §7 Realtime socket: to the dealer host, access_token as a query parameter. The scheme
 * follows the resolve URL's (https → wss); the path is the provider's dealer path.
 */
export function dealerUrl(resolveUrl: string, dealerHost: string, accessToken: string): string {
  const scheme = /^https:/i.test(resolveUrl) ? 'wss' : 'ws';
  return `${scheme}://${dealerHost}${DEALER_PATH}?access_token=${encodeURIComponent(accessToken)}`;
}
