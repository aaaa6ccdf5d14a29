import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESOLVE_PATH } from '../../core/engine/transport/constants';
import { requestOrigin } from '../http/request-origin';

/** The service types this provider resolves: the dealer and the web gateway (spclient), both on this server. */
const TYPES = ['dealer', 'spclient'] as const;

/** host:port of an origin, with the scheme's default port when none is written. */
export function hostPort(origin: string): string {
  const url = new URL(origin);
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  // URL keeps an IPv6 hostname in its brackets.
  return `${url.hostname}:${port}`;
}

/** The host:port engines should use: the public origin, or the request's own as the server accepts it (never a forged Host). */
function ownHost(request: FastifyRequest, publicUrl: string): string {
  return hostPort(requestOrigin(request, publicUrl));
}

/**
 * spec 001 §7 Service resolve: GET ?type=dealer&type=spclient → lists keyed by type, e.g.
 * `{ "dealer": ["host:port"], "spclient": ["host:port"] }`. No type asks for both; unknown types
 * are left out (the engine then fails with 'incomplete response').
 */
export function registerServiceResolveRoute(app: FastifyInstance, options: { readonly publicUrl: string }): void {
  app.get(RESOLVE_PATH, async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).type;
    const asked = raw === undefined ? [...TYPES] : (Array.isArray(raw) ? raw : [raw]).map(String);
    const host = ownHost(request, options.publicUrl);
    const answer = Object.fromEntries(TYPES.filter((type) => asked.includes(type)).map((type) => [type, [host]]));
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
