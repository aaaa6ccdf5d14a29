import type { FastifyRequest } from 'fastify';
import { WebApiError } from './errors';

/** Who a bearer token speaks for: the user and the market `from_token` stands for (spec 001 §7). */
export interface TokenOwner {
  readonly userId: string;
  readonly country: string;
}

/** Looks a bearer token up; null when the token is unknown or expired. Given to the Web API by app.ts. */
export type Authenticate = (token: string) => TokenOwner | null | Promise<TokenOwner | null>;

/**
 * The public Web API's answers: no Authorization header is 401 'No token provided', another scheme
 * is 400, a token the store does not know is 401 'Invalid access token'.
 */
export async function requireBearer(request: FastifyRequest, authenticate: Authenticate): Promise<TokenOwner> {
  const header = request.headers.authorization;
  if (header === undefined || header === '') throw new WebApiError(401, 'No token provided');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match === null || match[1] === undefined) throw new WebApiError(400, 'Only valid bearer authentication supported');
  const owner = await authenticate(match[1]);
  if (owner === null) throw new WebApiError(401, 'Invalid access token');
  return owner;
}

/**
 * Adapts a token store's lookup (server/accounts/tokens.ts createTokenVerifier: account id or null
 * for an anonymous token, and the country) to the Web API's check:
 * `authenticate: tokenOwnerFrom(createTokenVerifier(db))` in app.ts.
 */
export const tokenOwnerFrom =
  (verify: (token: string) => MaybePromise<{ readonly accountId: string | null; readonly country: string } | null>): Authenticate =>
  async (token) => {
    const grant = await verify(token);
    return grant === null ? null : { userId: grant.accountId ?? ANONYMOUS_USER, country: grant.country };
  };

type MaybePromise<T> = T | Promise<T>;

/** The user id tokenOwnerFrom gives an anonymous token. */
export const ANONYMOUS_USER = 'anonymous';

/**
 * The account of a logged-in user's token. An anonymous token (a visitor not logged in) is known
 * but not allowed the user's endpoints: 403, as the public API answers a token without the user's
 * grant and as /v1/product_state does (server/accounts/).
 */
export function requireUser(owner: TokenOwner): string {
  if (owner.userId === ANONYMOUS_USER) throw new WebApiError(403, 'This request requires user authentication; the access token is anonymous');
  return owner.userId;
}
