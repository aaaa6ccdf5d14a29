import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_STATE_EVENT_URI } from '../../core/engine/player/product-state.epic';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { DealerPush } from '../dealer/dealer';
import { messagePage } from '../embed/html';
import type { AccountStore, Product } from './accounts-store';
import { productStateOf, registeredConnections } from './product-state-routes';
import { safeContinue } from './safe-continue';
import type { SessionStore } from './sessions';

export interface ProductChangeDeps {
  readonly db: Kysely<Database>;
  readonly accounts: AccountStore;
  readonly sessions: SessionStore;
  readonly ownOrigins: (request: FastifyRequest) => ReadonlyArray<string>;
  /** Sends a push to one dealer connection (app.realtime.pushTo: on whichever instance holds it); false when it is not live. */
  readonly pushTo: (connectionId: string, push: DealerPush) => boolean | Promise<boolean>;
  /** Whether a connection id is a live dealer connection of the account (product-state-routes.ts ProductStateDeps). */
  readonly ownsConnection: (accountId: string, connectionId: string) => boolean | Promise<boolean>;
}

const isProduct = (value: unknown): value is Product => value === 'premium' || value === 'free';

/**
 * The demo's way to change a user's product (premium or free), so that the product-state events of
 * spec 001 §7 happen: `POST /account/product` (urlencoded `product`, `continue`) with the session
 * cookie changes it and pushes the new product state to every dealer connection registered for it
 * (PUT /v1/me/notifications/user); the engine then refreshes its token and refetches the state
 * (spec 001 §4 Auth). 303 to `continue` (this provider's origins only).
 */
export function registerProductChange(app: FastifyInstance, deps: ProductChangeDeps): void {
  app.post('/account/product', async (request, reply) => {
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const accountId = await deps.sessions.accountOf(request);
    if (accountId === null) return reply.code(401).type('text/html').send(messagePage('Log in first', 'Only a logged-in user can change their product.'));
    if (!isProduct(form.product)) {
      return reply.code(400).type('text/html').send(messagePage('Unknown product', 'product must be premium or free.'));
    }
    await deps.accounts.setProduct(accountId, form.product);
    const account = await deps.accounts.byId(accountId);
    if (account !== null) {
      const push: DealerPush = { uri: PRODUCT_STATE_EVENT_URI, headers: {}, payloads: [productStateOf(account)] };
      // Only to connections that are still this account's: a registration never reaches another user's socket.
      for (const connectionId of await registeredConnections(deps.db, accountId)) {
        // The product has changed either way: a push that cannot be routed is logged, not the request's failure.
        try {
          if (await deps.ownsConnection(accountId, connectionId)) await deps.pushTo(connectionId, push);
        } catch (error) {
          request.log.warn({ err: error }, 'product-state push');
        }
      }
    }
    return reply.header('cache-control', 'no-store').redirect(safeContinue(form.continue, deps.ownOrigins(request)), 303);
  });
}
