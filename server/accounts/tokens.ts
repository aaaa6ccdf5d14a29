import { randomBytes } from 'node:crypto';
import type { Db } from '../db/open-database';

/*
 * Access tokens (spec 001 §3 Session, §7 Token): random opaque strings stored in `access_tokens`,
 * each for one account, or for no account (anonymous, account_id NULL), valid one hour.
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

/** Issues tokens; expired ones are dropped as new ones are made, so the table stays small. */
export function createTokenIssuer(db: Db, now: () => number): (accountId: string | null, country: string) => IssuedToken {
  const insert = db.prepare('INSERT INTO access_tokens (token, account_id, country, expires_at) VALUES (?, ?, ?, ?)');
  const removeExpired = db.prepare('DELETE FROM access_tokens WHERE expires_at <= ?');
  return (accountId, country) => {
    const t = now();
    removeExpired.run(t);
    // base64url: safe in a query string (spec 001 §7 Realtime socket: access_token as a query parameter).
    const accessToken = randomBytes(32).toString('base64url');
    const accessTokenExpirationTimestampMs = t + ACCESS_TOKEN_LIFETIME_MS;
    insert.run(accessToken, accountId, country, accessTokenExpirationTimestampMs);
    return { accessToken, accessTokenExpirationTimestampMs };
  };
}

/**
 * The bearer-auth lookup for the provider's APIs: the grant of a live token, or null for an
 * unknown or expired one. Pass the same clock as the routes (tests control expiry with it).
 */
export function createTokenVerifier(db: Db, now: () => number = Date.now): (token: string) => TokenGrant | null {
  const lookup = db.prepare<[string, number], { account_id: string | null; country: string; product: string | null }>(
    `SELECT t.account_id, COALESCE(a.country, t.country) AS country, a.product
     FROM access_tokens t LEFT JOIN accounts a ON a.id = t.account_id
     WHERE t.token = ? AND t.expires_at > ?`,
  );
  return (token) => {
    const row = lookup.get(token, now());
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
