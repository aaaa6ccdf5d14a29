import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open-database';
import { createAccountStore, seedDemoAccounts } from './accounts-store';
import { registerLoginRoutes } from './login-routes';
import { registerProductStateRoutes } from './product-state-routes';
import { registerProductChange } from './product-change';
import type { DealerPush } from '../dealer/dealer';
import { createSessionStore } from './sessions';
import { requestOrigin } from '../http/request-origin';
import { registerTokenRoute } from './token-route';
import { createTokenIssuer, createTokenVerifier, type IssuedToken } from './tokens';

export interface AccountRoutesOptions {
  readonly db: Db;
  /** The country of new accounts and anonymous tokens (the server's COUNTRY). */
  readonly country: string;
  /** The provider's public origin, '' for "this server": redirects after login may go there. */
  readonly publicUrl: string;
  /** Epoch milliseconds; tests pass their own to control session and token expiry. */
  readonly now?: () => number;
  /** Sends a push to one dealer connection (the product-state events of a product change). */
  readonly pushTo?: (connectionId: string, push: DealerPush) => boolean;
  /** Whether a connection id is a live dealer connection of the account; none is without a dealer (product-state-routes.ts). */
  readonly ownsConnection?: (accountId: string, connectionId: string) => boolean;
}

/** What the embed page needs to hand a logged-in visitor's session to the widget (spec 000 §3 Session). */
export interface EmbedSession extends IssuedToken {
  readonly loggedIn: true;
  /** The account's country (spec 000 §3 Session market). */
  readonly market: string;
}

export interface AccountService {
  /** A fresh token for the request's logged-in session, or null for an anonymous visitor. */
  sessionToken(request: FastifyRequest): EmbedSession | null;
  /** The account of the request's logged-in session, or null (who is asking, for private playlists). */
  viewer(request: FastifyRequest): string | null;
}

/** Form posts are small: three fields. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * The provider's demo accounts service (issue 5 Provider services; spec 001 §6, §7 Token and
 * Product state): login and sign-up pages, the session cookie, /access_token, /logout and the
 * product state. Seeds the demo accounts (demo/demo premium, free/free free) when missing.
 * Registered as an encapsulated plugin so its form-body parser applies to its routes only.
 */
export function registerAccountRoutes(app: FastifyInstance, options: AccountRoutesOptions): AccountService {
  const now = options.now ?? Date.now;
  const { db, country } = options;
  seedDemoAccounts(db, country);
  const accounts = createAccountStore(db);
  const sessions = createSessionStore(db, now);
  const publicOrigin = options.publicUrl === '' ? [] : [new URL(options.publicUrl).origin];
  // This server's origin as server/http/request-origin.ts accepts it: a forged Host is never one of ours.
  const ownOrigins = (request: FastifyRequest) => [requestOrigin(request, ''), ...publicOrigin];
  const issue = createTokenIssuer(db, now);

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerLoginRoutes(scope, { accounts, sessions, country, ownOrigins });
    registerTokenRoute(scope, { accounts, sessions, issue, country });
    const ownsConnection = options.ownsConnection ?? (() => false);
    registerProductStateRoutes(scope, { db, accounts, verify: createTokenVerifier(db, now), now, ownsConnection });
    registerProductChange(scope, { db, accounts, sessions, ownOrigins, pushTo: options.pushTo ?? (() => false), ownsConnection });
  });
  return {
    viewer: (request) => sessions.accountOf(request),
    sessionToken: (request) => {
      const accountId = sessions.accountOf(request);
      const account = accountId === null ? null : accounts.byId(accountId);
      return account === null ? null : { loggedIn: true, ...issue(account.id, account.country), market: account.country };
    },
  };
}
