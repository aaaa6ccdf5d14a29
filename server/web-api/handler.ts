import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as t from 'io-ts';
import type { Db } from '../db/open-database';
import type { Json, ObjectContext, WebApiObjects } from '../catalogue/web-api-objects';
import { requireBearer, type Authenticate, type TokenOwner } from './auth';
import { WebApiError } from './errors';
import { decodeParams } from './params';

export interface WebApiDeps {
  readonly db: Db;
  readonly objects: WebApiObjects;
  /** The provider's public origin; '' means the origin the request came to. */
  readonly publicUrl: string;
  readonly authenticate: Authenticate;
}

export interface Call<P> {
  readonly params: P;
  readonly ctx: ObjectContext;
  readonly owner: TokenOwner;
}

/** Absolute links, as the public API gives: the configured origin, else the request's own. */
export const originOf = (request: FastifyRequest, publicUrl: string) => publicUrl || `${request.protocol}://${request.host}`;

/**
 * A bearer-protected GET of the Web API: path and query parameters are decoded together with
 * `codec` (400 naming a bad one), `market` is resolved (`from_token` is the token owner's), and
 * the built object is sent as JSON.
 */
export function getRoute<C extends t.Mixed>(
  api: FastifyInstance,
  deps: WebApiDeps,
  path: string,
  codec: C,
  build: (call: Call<t.TypeOf<C>>) => unknown,
): void {
  api.get(path, async (request) => {
    const owner = await requireBearer(request, deps.authenticate);
    const params = decodeParams(codec, { ...(request.query as object), ...(request.params as object) }) as t.TypeOf<C>;
    const requested = (params as { market?: string | null }).market ?? null;
    const origin = originOf(request, deps.publicUrl);
    const ctx: ObjectContext = {
      hosts: { api: origin, open: origin, static: origin },
      market: requested === 'from_token' ? owner.country : requested,
      country: owner.country,
    };
    return build({ params, ctx, owner });
  });
}

/** The object, or the public API's 404 for an id it does not know. */
export function found<T extends Json>(object: T | null, type: string, id: string): T {
  if (object === null) throw new WebApiError(404, `Non existing id: 'spotify:${type}:${id}'`);
  return object;
}
