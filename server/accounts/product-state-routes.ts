import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Account, AccountStore } from './accounts-store';
import { bearerToken, type TokenVerifier } from './tokens';

/** spec 001 §7 Product state: GET {media-gateway}/v1/product_state; the gateway is this server. */
export const PRODUCT_STATE_PATH = '/v1/product_state';
/** spec 001 §7: "GET /product_state also appears in the wider app". */
export const PRODUCT_STATE_SHORT_PATH = '/product_state';
/** spec 001 §7: PUT (register) and DELETE (on disconnect) notifications/user?connection_id={id}, under the Web API's /v1/me. */
export const PRODUCT_STATE_NOTIFICATIONS_PATH = '/v1/me/notifications/user';

/**
 * A dealer connection id as this provider accepts it: 1 to 256 characters of base64, base64url
 * and a few separators (the dealer of issue 5 must hand out ids of this form).
 */
export const CONNECTION_ID = /^[A-Za-z0-9+/=_.:-]{1,256}$/;

/**
 * A user's product state: a flat map of strings, as the provider's product-state service answers.
 * The engine reads `ads` (spec 001 §6: licence type 'on-demand' when ads are on, '1', else
 * 'premium'); the rest tells the account apart for people and other services.
 */
export function productStateOf(account: Account): Readonly<Record<string, string>> {
  const premium = account.product === 'premium';
  return {
    product: account.product,
    type: account.product,
    catalogue: account.product,
    country: account.country,
    ads: premium ? '0' : '1',
    'on-demand': premium ? '1' : '0',
  };
}

export interface ProductStateDeps {
  readonly db: Kysely<Database>;
  readonly accounts: AccountStore;
  readonly verify: TokenVerifier;
  readonly now: () => number;
  /**
   * Whether `connectionId` is a live dealer connection of this account (app.dealer, looked up when
   * asked). Only those may be registered: one user's product changes never reach another's socket.
   * A promise when the connection may be on another instance (app.realtime, issue 14).
   */
  readonly ownsConnection: (accountId: string, connectionId: string) => boolean | Promise<boolean>;
}

/**
 * The answer to a well-formed connection id that is no live dealer connection of the caller (unknown,
 * closed, or another user's: the same answer, so it tells nothing of others' connections). 404, as
 * the remote-control service answers a device it cannot find; the engine reports any 4xx but 401
 * as 'Cannot register for product state updates: service responded with status N' and does not
 * retry it (spec 001 §7 Product state: retried on server errors only).
 */
export const UNKNOWN_CONNECTION_MESSAGE =
  "connection_id names no live dealer connection of this user: register the id the dealer sent on this user's connection.";

const jsonError = (reply: FastifyReply, status: number, message: string): FastifyReply => reply.code(status).send({ error: { status, message } });

/**
 * The product-state service (spec 001 §7), bearer-authorised: the state, and registration of a
 * dealer connection for its change events. Only a live dealer connection of the caller may be
 * registered (404 otherwise); registrations are stored; a product change pushes to those that are
 * still the account's (product-change.ts).
 */
export function registerProductStateRoutes(app: FastifyInstance, deps: ProductStateDeps): void {
  const { db } = deps;

  /** The account of the request's bearer token, or null with the 401/403 answer sent. */
  const accountOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Account | null> => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) return (jsonError(reply, 401, 'No token provided'), null);
    const grant = await deps.verify(token);
    if (grant === null) return (jsonError(reply, 401, 'Invalid access token'), null);
    const account = grant.accountId === null ? null : await deps.accounts.byId(grant.accountId);
    if (account === null) return (jsonError(reply, 403, 'The product state belongs to a logged-in user; this token is anonymous.'), null);
    return account;
  };

  const getState = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = await accountOf(request, reply);
    if (account === null) return reply;
    return reply.header('cache-control', 'no-store').send(productStateOf(account));
  };
  app.get(PRODUCT_STATE_PATH, getState);
  app.get(PRODUCT_STATE_SHORT_PATH, getState);

  const registration =
    (action: (accountId: string, connectionId: string, reply: FastifyReply) => Promise<FastifyReply | void> | FastifyReply | void) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const account = await accountOf(request, reply);
      if (account === null) return reply;
      const { connection_id: connectionId } = request.query as Record<string, unknown>;
      if (typeof connectionId !== 'string' || !CONNECTION_ID.test(connectionId)) {
        return jsonError(reply, 400, 'connection_id must be a dealer connection id (1 to 256 characters of letters, digits and + / = _ . : -).');
      }
      return (await action(account.id, connectionId, reply)) ?? reply.code(204).send();
    };
  app.put(
    PRODUCT_STATE_NOTIFICATIONS_PATH,
    registration(async (accountId, connectionId, reply) => {
      if (!(await deps.ownsConnection(accountId, connectionId))) return jsonError(reply, 404, UNKNOWN_CONNECTION_MESSAGE);
      await db
        .insertInto('product_state_registrations')
        .values({ account_id: accountId, connection_id: connectionId, registered_at: deps.now() })
        .onConflict((oc) => oc.columns(['account_id', 'connection_id']).doUpdateSet((eb) => ({ registered_at: eb.ref('excluded.registered_at') })))
        .execute();
    }),
  );
  // DELETE removes only the caller's own rows, and comes after the connection has closed: no live check.
  app.delete(
    PRODUCT_STATE_NOTIFICATIONS_PATH,
    registration(async (accountId, connectionId) => {
      await db.deleteFrom('product_state_registrations').where('account_id', '=', accountId).where('connection_id', '=', connectionId).execute();
    }),
  );
}

/** The connection ids registered for an account's product-state events (for the dealer's pushes). */
export async function registeredConnections(db: Kysely<Database>, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_state_registrations')
    .select('connection_id')
    .where('account_id', '=', accountId)
    .orderBy('registered_at')
    .orderBy('connection_id')
    .execute();
  return rows.map((row) => row.connection_id);
}
