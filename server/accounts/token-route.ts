import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AccountStore } from './accounts-store';
import { rateLimited } from './login-routes';
import type { RateLimits } from './rate-limits';
import type { SessionStore } from './sessions';
import { CLIENT_ID, type IssuedToken, type TokenIssuer } from './tokens';

/** spec 001 §7 Token: the only product type this provider's tokens are for. */
export const TOKEN_PRODUCT_TYPE = 'web_player';

/** Why the client asks (for instance `transport` or `init`): a short word, logged by nobody yet. */
const REASON = /^[A-Za-z0-9_-]{1,64}$/;

export interface TokenRouteDeps {
  readonly accounts: AccountStore;
  readonly sessions: SessionStore;
  readonly issue: TokenIssuer;
  readonly country: string;
  readonly limits: RateLimits;
}

export interface AccessTokenAnswer extends IssuedToken {
  readonly clientId: string;
  readonly isAnonymous: boolean;
}

const badRequest = (reply: FastifyReply, message: string): FastifyReply => reply.code(400).send({ error: { status: 400, message } });

/**
 * GET /access_token?reason=...&productType=web_player (spec 001 §7 Token, §3 Session; no bearer
 * auth, spec 001 §6): a token for the session's account (isAnonymous false) or, without a live
 * session, an anonymous one (isAnonymous true). A new token each time, valid one hour, linked to
 * the session (its logout revokes it). Rate limited per address (RateLimits.tokens).
 */
export function registerTokenRoute(app: FastifyInstance, deps: TokenRouteDeps): void {
  app.get('/access_token', rateLimited(deps.limits.tokens, deps.limits.windowMs), async (request, reply) => {
    const { reason, productType } = request.query as Record<string, unknown>;
    if (productType !== TOKEN_PRODUCT_TYPE) {
      return badRequest(reply, `productType must be ${TOKEN_PRODUCT_TYPE}, got ${productType === undefined ? 'none' : JSON.stringify(productType)}.`);
    }
    if (reason !== undefined && (typeof reason !== 'string' || !REASON.test(reason))) {
      return badRequest(reply, 'reason must be a short word (letters, digits, dash or underscore).');
    }
    const session = await deps.sessions.current(request);
    const account = session === null ? null : await deps.accounts.byId(session.accountId);
    const token = account === null || session === null ? await deps.issue(null, deps.country) : await deps.issue(account.id, account.country, session.id);
    const answer: AccessTokenAnswer = { clientId: CLIENT_ID, ...token, isAnonymous: account === null };
    // A token is per visitor and short-lived: no cache keeps it.
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
