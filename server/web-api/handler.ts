import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type * as t from 'io-ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Json, ObjectContext, WebApiObjects } from '../catalogue/web-api-objects';
import { ANONYMOUS_USER, requireBearer, requireUser, type Authenticate, type TokenOwner } from './auth';
import { WebApiError } from './errors';
import { decodeParams } from './params';
import { requestOrigin } from '../http/request-origin';

export interface WebApiDeps {
  /** The configured database (issue 14: SQLite or Postgres). */
  readonly db: Kysely<Database>;
  readonly objects: WebApiObjects;
  /** The provider's public origin; '' means the origin the request came to. */
  readonly publicUrl: string;
  readonly authenticate: Authenticate;
  /** Epoch milliseconds of the library's added_at and followed_at. */
  readonly now: () => number;
}

export interface Call<P> {
  readonly params: P;
  readonly ctx: ObjectContext;
  readonly owner: TokenOwner;
}

/** Absolute links, as the public API gives: the configured origin, else the request's own as the server accepts it. */
export const originOf = (request: FastifyRequest, publicUrl: string) => requestOrigin(request, publicUrl);

/**
 * A bearer-protected GET of the Web API: path and query parameters are decoded together with
 * `codec` (400 naming a bad one), `market` is resolved (`from_token` is the token owner's), and
 * the built object is sent as JSON.
 */
export function getRoute<C extends t.Mixed>(api: FastifyInstance, deps: WebApiDeps, path: string, codec: C, build: (call: Call<t.TypeOf<C>>) => unknown): void {
  api.get(path, async (request) => {
    const owner = await requireBearer(request, deps.authenticate);
    const params = decodeParams(codec, { ...(request.query as object), ...(request.params as object) });
    return build({ params, ctx: contextOf(request, deps, owner, params), owner });
  });
}

function contextOf(request: FastifyRequest, deps: WebApiDeps, owner: TokenOwner, params: unknown): ObjectContext {
  const requested = (params as { market?: string | null }).market ?? null;
  const origin = originOf(request, deps.publicUrl);
  return {
    hosts: { api: origin, open: origin, static: origin },
    market: requested === 'from_token' ? owner.country : requested,
    country: owner.country,
    viewer: owner.userId === ANONYMOUS_USER ? null : owner.userId,
  };
}

export interface UserCall<P, B> extends Call<P> {
  /** The JSON body, decoded (400 naming a bad field). */
  readonly body: B;
  /** The logged-in user's account id. */
  readonly userId: string;
}

/**
 * A route of a logged-in user (the /me endpoints and every write): the bearer token must be a
 * user's (an anonymous one answers 403, ./auth.ts requireUser); query and path parameters decode
 * with `codec`, the JSON body with `body`; the answer is `status` with the built value as JSON, or
 * an empty body when the builder answers undefined. Builders run their writes as transactions.
 */
export function userRoute<C extends t.Mixed, B extends t.Mixed>(
  api: FastifyInstance,
  deps: WebApiDeps,
  method: HTTPMethods,
  path: string,
  codecs: { readonly query: C; readonly body?: B },
  status: number,
  build: (call: UserCall<t.TypeOf<C>, t.TypeOf<B>>) => unknown,
): void {
  api.route({
    method,
    url: path,
    handler: async (request, reply) => {
      const owner = await requireBearer(request, deps.authenticate);
      const userId = requireUser(owner);
      const params = decodeParams(codecs.query, { ...(request.query as object), ...(request.params as object) });
      const body = (codecs.body === undefined ? undefined : decodeParams(codecs.body, request.body ?? {})) as t.TypeOf<B>;
      const result = await build({ params, body, userId, ctx: contextOf(request, deps, owner, params), owner });
      reply.code(status);
      return result === undefined ? reply.send() : reply.send(result);
    },
  });
}

/** The object, or the public API's 404 for an id it does not know. */
export function found<T extends Json>(object: T | null, type: string, id: string): T {
  if (object === null) throw new WebApiError(404, `Non existing id: 'spotify:${type}:${id}'`);
  return object;
}
