import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { WebApiError } from './errors';
import { userRoute } from './handler';
import type { LibraryKind } from './library-store';
import type { LibraryDeps } from './me-routes';
import { IdList, OneOf, optional, requiredParam, UserId } from './params';

/**
 * The library writes of spec 001 §7: PUT and DELETE /me/tracks, /me/albums, /me/shows?ids and
 * /me/following?type=artist&ids, their contains checks, and the collection service's
 * /collection/{tracks|albums}/{userId} (registered by registerCollectionRoutes). Both write the
 * same library (table library_items), so a track saved through one is saved in the other.
 */
export function registerLibraryRoutes(api: FastifyInstance, deps: LibraryDeps): void {
  const { library } = deps;
  const known = knownItems(deps);

  // Public API limits: 50 tracks, 20 albums, 50 shows, 50 artists per request. Saving answers 200
  // with no body; following answers 204.
  const kinds: Array<{ path: string; kind: LibraryKind; max: number; done: number; type?: boolean }> = [
    { path: '/me/tracks', kind: 'track', max: 50, done: 200 },
    { path: '/me/albums', kind: 'album', max: 20, done: 200 },
    { path: '/me/shows', kind: 'show', max: 50, done: 200 },
    { path: '/me/following', kind: 'artist', max: 50, done: 204, type: true },
  ];
  for (const { path, kind, max, done, type } of kinds) {
    const query = type === true ? t.type({ type: requiredParam(OneOf(['artist'] as const)), ids: IdList(max) }) : t.type({ ids: IdList(max) });
    userRoute(api, deps, 'PUT', path, { query }, done, async ({ params, userId }) => {
      await library.save(userId, kind, await known(kind, params.ids));
    });
    userRoute(api, deps, 'DELETE', path, { query }, done, async ({ params, userId }) => {
      await library.remove(userId, kind, await known(kind, params.ids));
    });
    // An id the catalogue does not know is simply not saved: false (spec 001 §5 contains-checks answer false).
    userRoute(api, deps, 'GET', `${path}/contains`, { query }, 200, ({ params, userId }) => library.contains(userId, kind, params.ids));
  }
}

/** The ids, or a 404 naming the first one the catalogue does not hold. */
function knownItems(deps: LibraryDeps) {
  return async (kind: LibraryKind, ids: readonly string[]): Promise<readonly string[]> => {
    const existing = await deps.objects.existing(kind, ids);
    const unknown = ids.find((id) => !existing.has(id));
    if (unknown !== undefined) throw new WebApiError(404, `Non existing id: 'spotify:${kind}:${unknown}'`);
    return ids;
  };
}

/**
 * The collection service (spec 001 §7): PUT and DELETE /collection/{tracks|albums}/{userId}
 * ?base62ids&model=bookmark answer 204; GET .../contains?base62ids answers
 * `{ items: [{ found }] }`, one item per id in the order asked (the client reads items[0].found).
 * Only the token's own user id may be named (403 otherwise); model, when given, must be bookmark.
 */
export function registerCollectionRoutes(api: FastifyInstance, deps: LibraryDeps): void {
  const { library } = deps;
  const known = knownItems(deps);
  const query = t.type({ userId: UserId, base62ids: IdList(50), model: optional(OneOf(['bookmark'] as const), 'bookmark') });
  const own = (userId: string, named: string) => {
    if (named !== userId) throw new WebApiError(403, "You cannot change another user's collection");
  };
  for (const [segment, kind] of [
    ['tracks', 'track'],
    ['albums', 'album'],
  ] as const) {
    userRoute(api, deps, 'PUT', `/${segment}/:userId`, { query }, 204, async ({ params, userId }) => {
      own(userId, params.userId);
      await library.save(userId, kind, await known(kind, params.base62ids));
    });
    userRoute(api, deps, 'DELETE', `/${segment}/:userId`, { query }, 204, async ({ params, userId }) => {
      own(userId, params.userId);
      await library.remove(userId, kind, await known(kind, params.base62ids));
    });
    userRoute(api, deps, 'GET', `/${segment}/:userId/contains`, { query }, 200, async ({ params, userId }) => {
      own(userId, params.userId);
      return { items: (await library.contains(userId, kind, params.base62ids)).map((found) => ({ found })) };
    });
  }
}
