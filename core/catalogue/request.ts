import type { HttpRequest, HttpResponse } from '../ports';
import { APP_PLATFORM, APP_PLATFORM_HEADER, APP_VERSION_HEADER, MARKET_FROM_TOKEN, UNEXPECTED_EMPTY_RESPONSE, requestNotSuccessful } from './constants';
import { SERVICE_PREFIX, type Endpoint, type QueryValue } from './endpoints';

/** What a request needs besides its args: hosts, the listener and the live authorisation header. */
export interface RequestContext {
  /** The Web API origin (its /v1 prefix is added here). */
  readonly webApiUrl: string;
  /** The web gateway origin (spec 001 §7: the service prefixes are added here). */
  readonly gatewayUrl: string;
  readonly locale: string;
  readonly appVersion: string;
  /** spec 001 §7: the session market, sent for anonymous listeners. */
  readonly sessionMarket: string;
  readonly loggedIn: boolean;
  /** From the session's one token source (core/engine/session/authorisation.ts). */
  readonly authorisation: Readonly<Record<string, string>>;
}

/** Lists are comma-separated (ids, types) and their commas are sent as they are. */
const encodeValue = (v: QueryValue): string => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : v.join(','));

/** spec 001 §7: 'from_token' for logged-in listeners, the session market for anonymous ones. */
export const marketFor = (ctx: Pick<RequestContext, 'loggedIn' | 'sessionMarket'>): string => (ctx.loggedIn ? MARKET_FROM_TOKEN : ctx.sessionMarket);

/** The path with its `{name}` placeholders filled, and the names used. */
function fillPath(template: string, args: Readonly<Record<string, unknown>>): { path: string; used: ReadonlySet<string> } {
  const used = new Set<string>();
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    used.add(name);
    return encodeURIComponent(String(args[name]));
  });
  return { path, used };
}

/** The HTTP request of one call: spec 001 §7's market, locale, Accept and gateway headers. */
export function buildRequest(endpoint: Endpoint, args: unknown, ctx: RequestContext): HttpRequest {
  const a = (args ?? {}) as Readonly<Record<string, unknown>>;
  const { path, used } = fillPath(endpoint.path, a);
  const query: Record<string, QueryValue> = { ...endpoint.fixed, ...endpoint.defaults };
  for (const [k, v] of Object.entries(a)) if (k !== 'body' && !used.has(k) && v !== undefined) query[k] = v as QueryValue;
  if (endpoint.market && query['market'] === undefined) query['market'] = marketFor(ctx);
  const search = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(encodeValue(v)).replace(/%2C/g, ',')}`)
    .join('&');
  const gateway = endpoint.service !== 'webApi';
  const origin = (gateway ? ctx.gatewayUrl : ctx.webApiUrl).replace(/\/$/, '');
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': ctx.locale, ...ctx.authorisation };
  if (gateway) {
    headers[APP_PLATFORM_HEADER] = APP_PLATFORM;
    headers[APP_VERSION_HEADER] = ctx.appVersion;
  }
  if (endpoint.hasBody) headers['content-type'] = 'application/json';
  return {
    method: endpoint.method,
    url: `${origin}${SERVICE_PREFIX[endpoint.service]}${path}${search === '' ? '' : `?${search}`}`,
    headers,
    ...(endpoint.hasBody ? { body: JSON.stringify(a['body']) } : {}),
  };
}

/** spec 001 §4 Request de-duplication: only GETs are compared, by their whole URL. */
export const duplicateKey = (request: HttpRequest): string | null => (request.method === 'GET' ? `GET ${request.url}` : null);

/** spec 001 §8 Generic: /me endpoints report their failures as fatal exceptions. */
export const isFatal = (endpoint: Endpoint): boolean => endpoint.service === 'webApi' && /^\/me(\/|$)/.test(endpoint.path);

export type Decoded = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly status: number | null; readonly err: string };

/** A response as the endpoint's answer: the status, then an empty body, then the codec (spec 001 §8). */
export function decodeAnswer(endpoint: Endpoint, response: HttpResponse): Decoded {
  if (response.status < 200 || response.status > 299) return { ok: false, status: response.status, err: requestNotSuccessful(response.status) };
  if (response.body.trim() === '') {
    return endpoint.emptyOk ? { ok: true, result: null } : { ok: false, status: response.status, err: UNEXPECTED_EMPTY_RESPONSE };
  }
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return endpoint.emptyOk ? { ok: true, result: null } : { ok: false, status: response.status, err: `Invalid answer of ${endpoint.name}: not JSON` };
  }
  // spec 001 §8 User info: a user info answer without a user in it is 'Unexpected empty response.'.
  if (endpoint.name === 'me' && (json === null || (typeof json === 'object' && Object.keys(json).length === 0))) {
    return { ok: false, status: response.status, err: UNEXPECTED_EMPTY_RESPONSE };
  }
  const decoded = endpoint.answer.decode(json);
  if (decoded._tag === 'Left') {
    // The field that failed (the innermost key; the outer ones include intersection member indices).
    const where =
      decoded.left[0]?.context
        .map((c) => c.key)
        .filter((k) => k !== '')
        .pop() ?? '(root)';
    return { ok: false, status: response.status, err: `Invalid answer of ${endpoint.name} at ${where}` };
  }
  return { ok: true, result: decoded.right };
}
