import type { FastifyInstance, RouteOptions } from 'fastify';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { isWebApiPath } from '../web-api/routes';

/** The embed pages (spec 000 §2 Routes): made to be framed by any site. */
export const EMBED_PATH_PREFIX = '/embed/';
/** The embed page named by its uri (`/embed?uri=...`, what the share dialog's embed code points at). */
export const EMBED_QUERY_ROUTE = '/embed';

/**
 * Every answer's security headers (issue 12), from @fastify/helmet: nosniff everywhere; the pages
 * that are not embeds (login, sign-up, the item pages, /go, the demo page) may be framed only by
 * this origin (CSP frame-ancestors 'self', and X-Frame-Options SAMEORIGIN for browsers without CSP
 * 2), so no other site can overlay them to steal a click; the embeds send neither, as a widget
 * every site frames must.
 *
 * The CSP carries frame-ancestors only: a full default policy would refuse the widget's inline
 * style and data block and the demo page's script. Headers that would break what other sites load
 * from this server are off: Cross-Origin-Resource-Policy (the embed API script, images and audio),
 * Cross-Origin-Opener-Policy (the widget's login and share windows). HSTS only when PUBLIC_URL is
 * https (on plain http a browser ignores it, and an operator's http-only demo host must not be
 * pinned).
 */
export function helmetOptions(publicUrl: string): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc, frameAncestors: ["'self'"] },
    },
    frameguard: { action: 'sameorigin' },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 180 * 24 * 60 * 60 } : false,
  };
}

/** What an embed route changes of the above: frameable by any site. */
const EMBED_HELMET = { contentSecurityPolicy: false, frameguard: false } as const;

/**
 * CORS of the Web API, as the public Spotify Web API answers it: any origin, for bearer-token
 * calls (no cookies, so no credentials), preflight answered with the methods and the two request
 * headers its clients send.
 */
export const WEB_API_CORS: FastifyCorsOptions = {
  origin: '*',
  methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
  allowedHeaders: ['Authorization', 'Content-Type'],
  credentials: false,
  // Browsers cap it lower (Chromium: 2 hours); a day keeps preflights rare on the rest.
  maxAge: 24 * 60 * 60,
};

/** Sets the per-route choices the plugins read from route config; must see every route, so added first. */
function routeSecurity(route: RouteOptions): void {
  const url = route.url ?? '';
  const config: Record<string, unknown> = { ...(route.config as Record<string, unknown> | undefined) };
  if (url === EMBED_QUERY_ROUTE || url.startsWith(EMBED_PATH_PREFIX)) config.helmet = EMBED_HELMET;
  // CORS is the Web API's alone; the OPTIONS route @fastify/cors adds answers its preflights.
  if (!isWebApiPath(url) && route.method !== 'OPTIONS') config.cors = false;
  (route as { config?: unknown }).config = config;
}

/** Installs the security headers and the Web API's CORS; call before registering any route. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  app.addHook('onRoute', routeSecurity);
  await app.register(helmet, helmetOptions(options.publicUrl));
  await app.register(cors, {
    // Decided per request too, so an OPTIONS preflight outside the Web API is not answered.
    delegator: (request, callback) => callback(null, isWebApiPath(request.url) ? WEB_API_CORS : { origin: false }),
  });
}
