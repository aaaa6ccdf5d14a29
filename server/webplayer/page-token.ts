import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, SESSION_COOKIE } from '../accounts/sessions';
import { PAGE_TOKEN_PATH } from '../../core/catalogue/page-token';

/**
 * The web player's page token (issue 17). Each page is rendered with the visitor's token, which it
 * also hands to its client. Minting one per page view (GET /access_token, rate limited per address,
 * server/accounts/rate-limits.ts) let a listener browsing fast, or a few behind one address, run into
 * the limit and get "busy" pages, and filled the token table. So the token a page was given is held
 * in the page session (an HttpOnly cookie) and reused while it has time left and still belongs to
 * the same login (or to none, for an anonymous visitor); only then is a new one asked.
 */

/** The cookie holding the page session's token (HttpOnly: the page's script gets its token from the page, not from here). */
export const PAGE_TOKEN_COOKIE = 'wp_at';
/**
 * A held token is reused only while at least this much of its life is left, so a page never starts
 * with a token about to lapse (the client refreshes PAGE_TOKEN_REFRESH_MARGIN_MS before expiry,
 * core/catalogue/page-token.ts: the reuse margin is larger, so that refresh gets a new token).
 */
export const PAGE_TOKEN_REUSE_MARGIN_MS = 10 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

export interface PageToken {
  readonly accessToken: string;
  readonly accessTokenExpirationTimestampMs: number;
  readonly isAnonymous: boolean;
}

export interface PageTokens {
  /** The page session's token for this request (reused or newly asked), and the cookie that holds it set on `reply`; null when none could be had. */
  tokenFor(request: FastifyRequest, reply: FastifyReply): Promise<PageToken | null>;
}

export function createPageTokens(app: FastifyInstance, now: () => number = Date.now): PageTokens {
  const db = app.database.kysely;

  /** The held token when it is live for another PAGE_TOKEN_REUSE_MARGIN_MS and is the current login's (or, without one, anonymous). */
  const held = async (request: FastifyRequest): Promise<PageToken | null> => {
    const token = readCookie(request, PAGE_TOKEN_COOKIE);
    if (token === null || !TOKEN.test(token)) return null;
    const t = now();
    const row = await db
      .selectFrom('access_tokens')
      .select(['account_id', 'session_id', 'expires_at'])
      .where('token', '=', token)
      .where('expires_at', '>', t + PAGE_TOKEN_REUSE_MARGIN_MS)
      .executeTakeFirst();
    if (row === undefined) return null;
    const sessionId = readCookie(request, SESSION_COOKIE);
    if (row.account_id === null) {
      // An anonymous token serves only a visitor who is not logged in (a log-in asks a new one).
      if (sessionId !== null && (await liveSession(sessionId, t)) !== null) return null;
      return { accessToken: token, accessTokenExpirationTimestampMs: Number(row.expires_at), isAnonymous: true };
    }
    // A listener's token serves only the login it was issued to, while that login lasts (a log-out or another login asks a new one).
    if (row.session_id === null || row.session_id !== sessionId) return null;
    const session = await liveSession(row.session_id, t);
    if (session === null || session !== row.account_id) return null;
    return { accessToken: token, accessTokenExpirationTimestampMs: Number(row.expires_at), isAnonymous: false };
  };

  const liveSession = async (id: string, t: number): Promise<string | null> =>
    (await db.selectFrom('sessions').select('account_id').where('id', '=', id).where('expires_at', '>', t).executeTakeFirst())?.account_id ?? null;

  /** A new token from /access_token; the client address goes along, so its per-address limit counts the visitor, not this server. */
  const minted = async (request: FastifyRequest): Promise<PageToken | null> => {
    const answer = await app.inject({
      method: 'GET',
      url: '/access_token?reason=init&productType=web_player',
      remoteAddress: request.ip,
      headers: request.headers.cookie === undefined ? {} : { cookie: request.headers.cookie },
    });
    if (answer.statusCode !== 200) return null;
    const body = answer.json<Partial<PageToken>>();
    if (typeof body.accessToken !== 'string' || typeof body.accessTokenExpirationTimestampMs !== 'number') return null;
    return { accessToken: body.accessToken, accessTokenExpirationTimestampMs: body.accessTokenExpirationTimestampMs, isAnonymous: body.isAnonymous !== false };
  };

  const tokenFor = async (request: FastifyRequest, reply: FastifyReply): Promise<PageToken | null> => {
    const reused = await held(request);
    if (reused !== null) return reused;
    const token = await minted(request);
    if (token === null) return null;
    const maxAge = Math.max(0, Math.floor((token.accessTokenExpirationTimestampMs - now()) / 1000));
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${PAGE_TOKEN_COOKIE}=${token.accessToken}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`);
    return token;
  };

  // The client's refresh (core/webplayer/page-token.ts): the session's token, renewed when it has little time left.
  app.get(PAGE_TOKEN_PATH, async (request, reply) => {
    const token = await tokenFor(request, reply);
    reply.header('cache-control', 'no-store');
    if (token === null)
      return reply
        .code(503)
        .header('retry-after', '60')
        .send({ error: { status: 503, message: 'No token can be had now; try again in a minute.' } });
    return reply.send(token);
  });

  return { tokenFor };
}
