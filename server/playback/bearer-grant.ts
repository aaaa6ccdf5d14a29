import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type TokenGrant } from '../accounts/tokens';

/** The bearer lookup every service here is given (server/accounts/tokens.ts createTokenVerifier: a database query, so a promise). */
export type Verify = (token: string) => Promise<TokenGrant | null> | TokenGrant | null;

/** spec 001 §6: registration by a non-premium user is refused with this reason. */
export const PREMIUM_REQUIRED = 'PREMIUM_REQUIRED';

/** The services' JSON error object, as the Web API's: `{ error: { status, message, reason? } }`. */
export function sendError(reply: FastifyReply, status: number, message: string, reason?: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: { status, message, ...(reason === undefined ? {} : { reason }) } });
}

/** A logged-in user's grant (account id set). */
export type AccountGrant = TokenGrant & { readonly accountId: string };

/**
 * The grant of the request's bearer token, or null with the answer sent: none → 401 'No token
 * provided', unknown/expired → 401 'Invalid access token', anonymous → 403, and with `premium`
 * a non-premium product → 403 PREMIUM_REQUIRED (spec 001 §6).
 */
export async function requireAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  verify: Verify,
  options: { premium: boolean },
): Promise<AccountGrant | null> {
  const token = bearerToken(request.headers.authorization);
  if (token === null) return (sendError(reply, 401, 'No token provided'), null);
  const grant = await verify(token);
  if (grant === null) return (sendError(reply, 401, 'Invalid access token'), null);
  if (grant.accountId === null) return (sendError(reply, 403, 'This service needs a logged-in user; the token is anonymous.'), null);
  if (options.premium && grant.product !== 'premium') {
    return (sendError(reply, 403, 'Premium required: this service is for premium users.', PREMIUM_REQUIRED), null);
  }
  return grant as AccountGrant;
}
