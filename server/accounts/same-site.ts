import type { FastifyRequest } from 'fastify';

/** Sec-Fetch-Site values of a request this site (or the visitor, typing the address) started. */
const OWN_FETCH_SITES = new Set(['same-origin', 'same-site', 'none']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a browser says another site started this request, for the requests that change the
 * session without a form token (GET /logout; spec 001 §7 keeps it a GET). The browser's own
 * Sec-Fetch-Site decides when it is sent (cross-site, or a value this server does not know, is
 * refused); without it (older browsers), an Origin or Referer of another origin is refused. A
 * request with none of them (a non-browser client, or a browser told to send no referrer) is let
 * through: no other site's page can make a browser send such a request on its own.
 */
export function isFromAnotherSite(request: FastifyRequest, ownOrigins: ReadonlyArray<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return !OWN_FETCH_SITES.has(site.toLowerCase());
  const origin = request.headers.origin;
  if (typeof origin === 'string') return !ownOrigins.includes(origin);
  const referer = request.headers.referer;
  if (typeof referer === 'string') {
    const from = originOf(referer);
    return from === null || !ownOrigins.includes(from);
  }
  return false;
}
