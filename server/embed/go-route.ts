import type { FastifyInstance } from 'fastify';
import { InvalidUriError, INVALID_URI_MESSAGE, openUrl, parseUri } from '../../core/model/uri';
import { GO_PRODUCT } from '../../core/widget/links';
import { ownUrl } from '../accounts/safe-continue';
import { escapeHtml, messagePage } from './html';
import { requestOrigin } from '../http/request-origin';

interface GoQuery {
  readonly uri?: unknown;
  readonly product?: unknown;
  readonly redirect?: unknown;
}

/**
 * A redirect target must be on the provider's own hosts (no open redirect): a path on this server
 * ('/signup?...', not '//other.host'), or an absolute http(s) URL on the public origin or on the
 * host the request came to. It is read as a browser reads a link ('/\t/evil' is '//evil'), by
 * ownUrl. Returns the URL to link to, or null.
 */
export function safeRedirect(redirect: string, ownOrigins: ReadonlyArray<string>): string | null {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(redirect);
  if (!absolute && !(redirect.startsWith('/') && !redirect.startsWith('//'))) return null;
  const url = ownUrl(redirect, ownOrigins);
  if (url === null) return null;
  return absolute ? url.href : `${url.pathname}${url.search}${url.hash}`;
}

/** The page: straight on to the item, or, with a sign-up link, a choice between the two. */
function goPage(open: string, signUp: string | null): string {
  const refresh = signUp === null ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(open)}">` : '';
  const links = [
    signUp === null ? '' : `<a class="primary" href="${escapeHtml(signUp)}">Sign up to listen</a>`,
    `<a href="${escapeHtml(open)}">Open in the web player</a>`,
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Open in the web player</title>${refresh}<link rel="icon" href="data:,"><style>body{margin:0;font:14px/19px system-ui,sans-serif;background:#181818;color:#fff;display:flex;align-items:center;justify-content:center;height:100vh;text-align:center}a{display:block;margin:8px auto;padding:8px 24px;border-radius:500px;border:1px solid #fff;color:#fff;text-decoration:none}a.primary{background:#1db954;border-color:#1db954;color:#000;font-weight:700}</style></head><body><main>${links}</main></body></html>`;
}

/**
 * GET /go?uri=...&product=embed_v2[&redirect=...] (spec 000 §2 Routes, §7 Desktop hand-off): opened
 * in a new window by the widget's PLAY_ON_DESKTOP. The visitor is sent on to the item's open URL;
 * an anonymous visitor's link carries a redirect to the sign-up page, offered first.
 */
export function registerGoRoute(app: FastifyInstance, deps: { readonly publicUrl: string }): void {
  app.get<{ Querystring: GoQuery }>('/go', async (request, reply) => {
    const { uri, product, redirect } = request.query;
    const bad = (title: string, message: string) => reply.code(400).type('text/html').send(messagePage(title, message));
    if (typeof uri !== 'string') return bad(INVALID_URI_MESSAGE, 'The address names no item (the uri parameter is missing).');
    let parsed;
    try {
      parsed = parseUri(uri);
    } catch (err) {
      if (!(err instanceof InvalidUriError)) throw err;
      // spec 000 §8: an invalid item URI gives 'Invalid Spotify URI!'.
      return bad(INVALID_URI_MESSAGE, 'This address does not name an item the player can open.');
    }
    // spec 000 §2 Routes: product has the value embed_v2.
    if (product !== GO_PRODUCT) return bad('Bad request', `The product parameter must be ${GO_PRODUCT}.`);
    let signUp: string | null = null;
    if (redirect !== undefined) {
      const origins = [requestOrigin(request), ...(deps.publicUrl === '' ? [] : [new URL(deps.publicUrl).origin])];
      signUp = typeof redirect === 'string' ? safeRedirect(redirect, origins) : null;
      if (signUp === null) return bad('Bad request', 'The redirect parameter must be an address on this provider.');
    }
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(goPage(openUrl(deps.publicUrl, parsed), signUp));
  });
}
