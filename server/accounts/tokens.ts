import { randomBytes } from 'node:crypto';
import type { Db } from '../db/open-database';

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
export type TokenIssuer = (accountId: string | null, country: string, sessionId?: string | null) => IssuedToken;

/** Issues tokens; expired ones are dropped as new ones are made, so the table stays small. */
export function createTokenIssuer(db: Db, now: () => number): TokenIssuer {
  const insert = db.prepare('INSERT INTO access_tokens (token, account_id, country, expires_at, session_id) VALUES (?, ?, ?, ?, ?)');
  const purge = createTokenPurge(db);
  return (accountId, country, sessionId = null) => {
    const t = now();
    purge(t);
    // base64url: safe in a query string (spec 001 §7 Realtime socket: access_token as a query parameter).
    const accessToken = randomBytes(32).toString('base64url');
    const accessTokenExpirationTimestampMs = t + ACCESS_TOKEN_LIFETIME_MS;
    insert.run(accessToken, accountId, country, accessTokenExpirationTimestampMs, sessionId);
    return { accessToken, accessTokenExpirationTimestampMs };
  };
}

/** Deletes the tokens that expired by `t` (epoch ms; the expiry index makes it a range scan); answers how many. */
export function createTokenPurge(db: Db): (t: number) => number {
  const removeExpired = db.prepare('DELETE FROM access_tokens WHERE expires_at <= ?');
  return (t) => removeExpired.run(t).changes;
}

/**
 * Revokes every token a login session was issued (at logout): the rows go, so every service's
 * bearer lookup refuses them from the next call on. Answers the revoked tokens (their dealer
 * sockets are closed by whoever listens, AccountService.onTokensRevoked).
 */
export function createSessionTokenRevoker(db: Db): (sessionId: string) => string[] {
  const tokensOf = db.prepare<[string], { token: string }>('SELECT token FROM access_tokens WHERE session_id = ?');
  const remove = db.prepare('DELETE FROM access_tokens WHERE session_id = ?');
  return db.transaction((sessionId: string) => {
    const tokens = tokensOf.all(sessionId).map((row) => row.token);
    remove.run(sessionId);
    return tokens;
  });
}

/**
 * The bearer-auth lookup for the provider's APIs: the grant of a live token, or null for an
 * unknown, expired or revoked one. A token issued to a login session is live only while that
 * session is (a logout deletes the tokens too; this also covers a session that expired or was
 * purged). Pass the same clock as the routes (tests control expiry with it).
 */
export function createTokenVerifier(db: Db, now: () => number = Date.now): (token: string) => TokenGrant | null {
  const lookup = db.prepare<[string, number, number], { account_id: string | null; country: string; product: string | null }>(
    `SELECT t.account_id, COALESCE(a.country, t.country) AS country, a.product
     FROM access_tokens t LEFT JOIN accounts a ON a.id = t.account_id
     WHERE t.token = ? AND t.expires_at > ?
       AND (t.session_id IS NULL OR EXISTS (SELECT 1 FROM sessions s WHERE s.id = t.session_id AND s.expires_at > ?))`,
  );
  return (token) => {
    const t = now();
    const row = lookup.get(token, t, t);
    if (row === undefined) return null;
    if (row.account_id === null) return { accountId: null, country: row.country, product: ANONYMOUS_PRODUCT };
    // A token whose account is gone grants nothing.
    return row.product === null ? null : { accountId: row.account_id, country: row.country, product: row.product };
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}
