import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import rateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { createAccountStore, seedDemoAccounts } from './accounts-store';
import { registerLoginRoutes } from './login-routes';
import { registerProductStateRoutes } from './product-state-routes';
import { registerProductChange } from './product-change';
import type { DealerPush } from '../dealer/dealer';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limits';
import { createSessionStore } from './sessions';
import { requestOrigin } from '../http/request-origin';
import { registerTokenRoute } from './token-route';
import { DEFAULT_TERMS_LICENCE } from '../other-services/routes';
import { recordTermsAcceptance } from '../other-services/terms-acceptance';
import { createSessionTokenRevoker, createTokenIssuer, createTokenPurge, createTokenVerifier, type IssuedToken } from './tokens';

export interface AccountRoutesOptions {
  /** The configured database (app.database.kysely: SQLite or Postgres, issue 14). */
  readonly db: Kysely<Database>;
  /** The country of new accounts and anonymous tokens (the server's COUNTRY). */
  readonly country: string;
  /** The provider's public origin, '' for "this server": redirects after login may go there. */
  readonly publicUrl: string;
  /** Epoch milliseconds; tests pass their own to control session and token expiry. */
  readonly now?: () => number;
  /** Sends a push to one dealer connection (the product-state events of a product change). */
  readonly pushTo?: (connectionId: string, push: DealerPush) => boolean | Promise<boolean>;
  /** Whether a connection id is a live dealer connection of the account; none is without a dealer (product-state-routes.ts). */
  readonly ownsConnection?: (accountId: string, connectionId: string) => boolean | Promise<boolean>;
  /**
   * The demo's self-service product switch (POST /account/product, product-change.ts): off unless
   * set (a real provider changes a product through billing). `npm start` turns it on.
   */
  readonly productChange?: boolean;
  /** Per-address limits of login, sign-up and token issue; DEFAULT_RATE_LIMITS unless a test needs others. */
  readonly rateLimits?: Partial<RateLimits>;
  /** How often expired sessions and tokens are purged while the server runs (PURGE_INTERVAL_MS by default). */
  readonly purgeEveryMs?: number;
  /** TERMS_LICENCE: the terms version a sign-up accepts (server/other-services/); DEFAULT_TERMS_LICENCE by default. */
  readonly termsLicence?: string;
}

/** Expired sessions and tokens leave the store at least this often, also when nobody logs in or asks for a token. */
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** What the embed page needs to hand a logged-in visitor's session to the widget (spec 000 §3 Session). */
export interface EmbedSession extends IssuedToken {
  readonly loggedIn: true;
  /** The account's country (spec 000 §3 Session market). */
  readonly market: string;
}

export interface AccountService {
  /** A fresh token for the request's logged-in session, or null for an anonymous visitor. */
  readonly sessionToken: (request: FastifyRequest) => Promise<EmbedSession | null>;
  /** The account of the request's logged-in session, or null (who is asking, for private playlists). */
  readonly viewer: (request: FastifyRequest) => Promise<string | null>;
  /**
   * Calls `listener` with the tokens a logout (or a login that replaced a session) revoked, after
   * they stopped working; answers the unsubscribe. For closing the dealer sockets that use them.
   */
  onTokensRevoked(listener: (tokens: readonly string[]) => void): () => void;
}

/** Form posts are small: three fields. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * The provider's demo accounts service (issue 5 Provider services; spec 001 §6, §7 Token and
 * Product state): login and sign-up pages, the session cookie, /access_token, /logout and the
 * product state. Seeds the demo accounts (demo/demo premium, free/free free) when missing, on the
 * configured database (issue 14). Registered as an encapsulated plugin so its form-body parser
 * applies to its routes only.
 */
export async function registerAccountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<AccountService> {
  const now = options.now ?? Date.now;
  const { db, country } = options;
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  await seedDemoAccounts(db, country);
  const accounts = createAccountStore(db);
  const sessions = createSessionStore(db, now, { publicUrl: options.publicUrl });
  const publicOrigin = options.publicUrl === '' ? [] : [new URL(options.publicUrl).origin];
  // This server's origin as server/http/request-origin.ts accepts it: a forged Host is never one of ours.
  const ownOrigins = (request: FastifyRequest) => [requestOrigin(request, ''), ...publicOrigin];
  const issue = createTokenIssuer(db, now);
  const purgeTokens = createTokenPurge(db);
  const revokeTokensOf = createSessionTokenRevoker(db);

  const revocationListeners = new Set<(tokens: readonly string[]) => void>();
  const revokeSession = async (sessionId: string | null): Promise<void> => {
    if (sessionId === null) return;
    const tokens = await revokeTokensOf(sessionId);
    if (tokens.length === 0) return;
    for (const listener of revocationListeners) {
      // One listener's failure must not keep the others from closing what used these tokens.
      try {
        listener(tokens);
      } catch (error) {
        app.log.error(error, 'a token revocation listener failed');
      }
    }
  };

  // Issuing purges too, but an idle server would keep expired rows until the next token: a timer
  // bounds how long they stay, and is cleared with the app.
  const purge = async () => {
    await purgeTokens(now());
    await sessions.purgeExpired();
  };
  // One purge at a time: a slow database never piles them up.
  let purging: Promise<void> | null = null;
  const purgeTimer = setInterval(() => {
    if (purging !== null) return;
    purging = purge()
      .catch((error: unknown) => app.log.error(error, 'purging expired sessions and tokens failed'))
      .finally(() => {
        purging = null;
      });
  }, options.purgeEveryMs ?? PURGE_INTERVAL_MS);
  purgeTimer.unref();
  // A purge under way ends before the database closes (onClose hooks run last-added first).
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await purging;
  });

  const secureCookies = options.publicUrl.startsWith('https:');
  void app.register(async (scope) => {
    // The CSRF secret lives in its own cookie (double submit): Strict, so no other site's request carries it.
    await scope.register(cookie);
    await scope.register(csrfProtection, { cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, secure: secureCookies } });
    // Only the routes that say so (config.rateLimit) are limited; counted per client address.
    await scope.register(rateLimit, { global: false });
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const forms = registerLoginRoutes(scope, {
      accounts,
      sessions,
      country,
      ownOrigins,
      startSession: async (reply, request, accountId) => revokeSession(await sessions.start(reply, request, accountId)),
      endSession: async (reply, request) => revokeSession(await sessions.end(reply, request)),
      csrfToken: (reply) => reply.generateCsrf(),
      checkCsrf: (request, reply, done) => scope.csrfProtection(request, reply, done),
      limits,
      termsLicence: options.termsLicence ?? DEFAULT_TERMS_LICENCE,
      // The reacceptance service's record (spec 001 §7 Terms, terms_acceptances).
      acceptTerms: (accountId, licence) => recordTermsAcceptance(db, accountId, licence, now()),
    });
    registerTokenRoute(scope, { accounts, sessions, issue, country, limits });
    const ownsConnection = options.ownsConnection ?? (() => false);
    registerProductStateRoutes(scope, { db, accounts, verify: createTokenVerifier(db, now), now, ownsConnection });
    if (options.productChange === true) {
      registerProductChange(scope, { db, accounts, sessions, ownOrigins, pushTo: options.pushTo ?? (() => false), ownsConnection });
    }
    // A refused form post (stale CSRF token, too many attempts) gets its form again with the reason;
    // /access_token over its limit gets the JSON error its callers read. Anything else goes on to
    // the app's own error handler.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const csrf = error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET';
      const limited = error.statusCode === 429;
      if (csrf) {
        const page = forms.refuse(request, reply, 403, 'This form has expired. Please try again.');
        if (page !== null) return page;
      }
      if (limited) {
        const page = forms.refuse(request, reply, 429, 'Too many attempts from your network. Wait a minute, then try again.');
        if (page !== null) return page;
        return jsonError(reply, 429, 'Too many requests: wait a minute, then try again.');
      }
      throw error;
    });
  });
  return {
    viewer: (request) => sessions.accountOf(request),
    sessionToken: async (request) => {
      const session = await sessions.current(request);
      const account = session === null ? null : await accounts.byId(session.accountId);
      return account === null || session === null
        ? null
        : { loggedIn: true, ...(await issue(account.id, account.country, session.id)), market: account.country };
    },
    onTokensRevoked: (listener) => {
      revocationListeners.add(listener);
      return () => {
        revocationListeners.delete(listener);
      };
    },
  };
}

const jsonError = (reply: FastifyReply, status: number, message: string): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').send({ error: { status, message } });
