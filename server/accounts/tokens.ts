import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/*
 * Access tokens (spec 001 §3 Session, §7 Token): random opaque strings stored in `access_tokens`,
 * each for one account, or for no account (anonymous, account_id NULL), valid one hour. A token
 * issued to a logged-in visitor names the login session it came from (session_id), so that the
 * session's logout revokes it (issue 12).
 */

/** One hour. (spec 001 §9's 3540 s is the client's default when an answer has no lifetime.) */
export const ACCESS_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** The demo web player's client id, answered with every token. */
export const CLIENT_ID = 'd8a5ed958d274c2e8ee717e6a4b0971d';

/** The product of a token without an account. */
export const ANONYMOUS_PRODUCT = 'anonymous';

export interface IssuedToken {
  readonly accessToken: string;
  readonly accessTokenExpirationTimestampMs: number;
}

/** What a bearer token stands for: its account (null when anonymous), country and product. */
export interface TokenGrant {
  readonly accountId: string | null;
  readonly country: string;
  readonly product: string;
}

/** Issues a token for an account (null: anonymous), linked to the login session that asked (null: none). */
export type TokenIssuer = (accountId: string | null, country: string, sessionId?: string | null) => Promise<IssuedToken>;

/** The bearer lookup every service is given: the grant of a live token, or null. */
export type TokenVerifier = (token: string) => Promise<TokenGrant | null>;

/**
 * Issues tokens on the configured database (issue 14: SQLite or Postgres); expired ones are
 * dropped as new ones are made, so the table stays small.
 */
export function createTokenIssuer(db: Kysely<Database>, now: () => number): TokenIssuer {
  const purge = createTokenPurge(db);
  return async (accountId, country, sessionId = null) => {
    const t = now();
    await purge(t);
    // base64url: safe in a query string (spec 001 §7 Realtime socket: access_token as a query parameter).
    const accessToken = randomBytes(32).toString('base64url');
    const accessTokenExpirationTimestampMs = t + ACCESS_TOKEN_LIFETIME_MS;
    await db
      .insertInto('access_tokens')
      .values({ token: accessToken, account_id: accountId, country, expires_at: accessTokenExpirationTimestampMs, session_id: sessionId })
      .execute();
    return { accessToken, accessTokenExpirationTimestampMs };
  };
}

/** Deletes the tokens that expired by `t` (epoch ms; the expiry index makes it a range scan); answers how many. */
export function createTokenPurge(db: Kysely<Database>): (t: number) => Promise<number> {
  return async (t) => Number((await db.deleteFrom('access_tokens').where('expires_at', '<=', t).executeTakeFirst()).numDeletedRows);
}

/**
 * Revokes every token a login session was issued (at logout): the rows go, so every service's
 * bearer lookup refuses them from the next call on. Answers the revoked tokens (their dealer
 * sockets are closed by whoever listens, AccountService.onTokensRevoked).
 */
export function createSessionTokenRevoker(db: Kysely<Database>): (sessionId: string) => Promise<string[]> {
  // One statement (DELETE ... RETURNING, on SQLite and Postgres alike): the tokens answered are
  // exactly the rows deleted, also when another instance issues one to the session meanwhile.
  return async (sessionId) => (await db.deleteFrom('access_tokens').where('session_id', '=', sessionId).returning('token').execute()).map((row) => row.token);
}

/**
 * The bearer-auth lookup for the provider's APIs: the grant of a live token, or null for an
 * unknown, expired or revoked one. A token issued to a login session is live only while that
 * session is (a logout deletes the tokens too; this also covers a session that expired or was
 * purged). Pass the same clock as the routes (tests control expiry with it).
 */
export function createTokenVerifier(db: Kysely<Database>, now: () => number = Date.now): TokenVerifier {
  return async (token) => {
    const t = now();
    const row = await db
      .selectFrom('access_tokens as t')
      .leftJoin('accounts as a', 'a.id', 't.account_id')
      .select(['t.account_id', 't.country as token_country', 'a.country as account_country', 'a.product'])
      .where('t.token', '=', token)
      .where('t.expires_at', '>', t)
      .where((eb) =>
        eb.or([
          eb('t.session_id', 'is', null),
          eb.exists(eb.selectFrom('sessions as s').select('s.id').whereRef('s.id', '=', 't.session_id').where('s.expires_at', '>', t)),
        ]),
      )
      .executeTakeFirst();
    if (row === undefined) return null;
    if (row.account_id === null) return { accountId: null, country: row.token_country, product: ANONYMOUS_PRODUCT };
    // A token whose account is gone grants nothing.
    return row.product === null || row.account_country === null ? null : { accountId: row.account_id, country: row.account_country, product: row.product };
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}
