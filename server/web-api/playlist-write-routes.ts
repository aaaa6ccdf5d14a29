import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { Json, ObjectContext } from '../catalogue/web-api-objects';
import { AddTracksBody, ChangePlaylistBody, CreatePlaylistBody, FollowPlaylistBody, RemoveTracksBody, ReorderTracksBody, TRACK_URI } from './body';
import { WebApiError } from './errors';
import { found, getRoute, userRoute } from './handler';
import type { LibraryDeps } from './me-routes';
import { CatalogueId, UserId, UserIdList } from './params';
import { moveRange } from './move-range';

const badParameter = (message: string) => new WebApiError(400, `Invalid request parameter ${message}`);

/**
 * The playlist writes of spec 001 §7: create (POST /users/{id}/playlists), change (PUT
 * /playlists/{id}), add, remove and move tracks (POST, DELETE, PUT /playlists/{id}/tracks) and
 * follow (PUT, DELETE /playlists/{id}/followers, GET .../followers/contains). Only the owner may
 * change a playlist (403); catalogue playlists have no owning account, so nobody changes them.
 * Track writes answer the new snapshot_id, which changes with every change.
 */
export function registerPlaylistWriteRoutes(api: FastifyInstance, deps: LibraryDeps): void {
  const { objects, playlists, db } = deps;
  const displayName = async (id: string) => (await db.selectFrom('accounts').select('display_name').where('id', '=', id).executeTakeFirst())?.display_name;
  const byId = t.type({ id: CatalogueId });
  const snapshot = async (id: string, ctx: ObjectContext) => ({ snapshot_id: ((await objects.simplifiedPlaylist(id, ctx)) as Json).snapshot_id });

  /** The playlist id, checked: 404 when unknown or another's private one (issue 12), 403 unless `userId` owns it. */
  const owned = async (id: string, userId: string, ctx: ObjectContext) => {
    found(await objects.simplifiedPlaylist(id, ctx), 'playlist', id);
    if ((await playlists.ownerOf(id)) !== userId) throw new WebApiError(403, 'You cannot change a playlist you do not own');
    return id;
  };
  const trackIdsOf = async (uris: readonly string[]) => {
    const ids = uris.map((uri) => TRACK_URI.exec(uri)?.[1] ?? '');
    const existing = await objects.existing('track', ids);
    return ids.map((id, i) => {
      if (!existing.has(id)) throw new WebApiError(404, `Non existing id: '${uris[i]}'`);
      return id;
    });
  };

  // spec 001 §6: playlist creation makes the playlist public (public is true unless sent false).
  userRoute(
    api,
    deps,
    'POST',
    '/users/:id/playlists',
    { query: t.type({ id: UserId }), body: CreatePlaylistBody },
    201,
    async ({ params, body, userId, ctx }) => {
      if (params.id !== userId) throw new WebApiError(403, 'You cannot create a playlist for another user');
      const name = (await displayName(userId)) ?? userId;
      const id = await playlists.create(userId, name, { name: body.name, public: body.public ?? true, description: body.description ?? '' });
      return objects.playlist(id, ctx);
    },
  );

  userRoute(api, deps, 'PUT', '/playlists/:id', { query: byId, body: ChangePlaylistBody }, 200, async ({ params, body, userId, ctx }) => {
    if (body.name === undefined && body.public === undefined && body.description === undefined) {
      throw badParameter('(root): one of name, public or description, got nothing');
    }
    await playlists.update(await owned(params.id, userId, ctx), body);
  });

  userRoute(api, deps, 'POST', '/playlists/:id/tracks', { query: byId, body: AddTracksBody }, 201, async ({ params, body, userId, ctx }) => {
    const id = await owned(params.id, userId, ctx);
    const added = await trackIdsOf(body.uris);
    await playlists.editTracks(id, (current) => {
      const at = body.position ?? current.length;
      if (at > current.length) throw badParameter(`position: an integer from 0 to ${current.length}, got ${at}`);
      return [...current.slice(0, at), ...added, ...current.slice(at)];
    });
    return snapshot(id, ctx);
  });

  // Each uri leaves at the given positions (each must hold it), or everywhere it occurs.
  userRoute(api, deps, 'DELETE', '/playlists/:id/tracks', { query: byId, body: RemoveTracksBody }, 200, async ({ params, body, userId, ctx }) => {
    const id = await owned(params.id, userId, ctx);
    await playlists.editTracks(id, (current) => {
      const drop = new Set<number>();
      for (const { uri, positions } of body.tracks) {
        const trackId = TRACK_URI.exec(uri)?.[1];
        if (positions === undefined) current.forEach((t, i) => t === trackId && drop.add(i));
        for (const p of positions ?? []) {
          if (current[p] !== trackId) throw badParameter(`tracks: position ${p} does not hold ${uri}`);
          drop.add(p);
        }
      }
      return current.filter((_, i) => !drop.has(i));
    });
    return snapshot(id, ctx);
  });

  userRoute(api, deps, 'PUT', '/playlists/:id/tracks', { query: byId, body: ReorderTracksBody }, 200, async ({ params, body, userId, ctx }) => {
    const id = await owned(params.id, userId, ctx);
    await playlists.editTracks(id, (current) => {
      const length = body.range_length ?? 1;
      if (body.range_start >= current.length) throw badParameter(`range_start: an integer from 0 to ${current.length - 1}, got ${body.range_start}`);
      if (body.range_start + length > current.length) {
        throw badParameter(`range_length: an integer from 1 to ${current.length - body.range_start}, got ${length}`);
      }
      if (body.insert_before > current.length) throw badParameter(`insert_before: an integer from 0 to ${current.length}, got ${body.insert_before}`);
      return moveRange(current, body.range_start, length, body.insert_before);
    });
    return snapshot(id, ctx);
  });

  // Any token may ask who follows (the public API's check); at most 5 user ids.
  getRoute(api, deps, '/playlists/:id/followers/contains', t.type({ id: CatalogueId, ids: UserIdList(5) }), async ({ params, ctx }) => {
    found(await objects.simplifiedPlaylist(params.id, ctx), 'playlist', params.id);
    return Promise.all(params.ids.map((user) => playlists.follows(params.id, user)));
  });
  // Another user's private playlist is not found (issue 12): it cannot be followed.
  const followable = async (id: string, ctx: ObjectContext) => found(await objects.simplifiedPlaylist(id, ctx), 'playlist', id).id as string;
  // spec 001 §6: the client sends the follow non-public (public=false); left out it is public.
  userRoute(api, deps, 'PUT', '/playlists/:id/followers', { query: byId, body: FollowPlaylistBody }, 200, async ({ params, body, userId, ctx }) => {
    await playlists.follow(await followable(params.id, ctx), userId, body.public ?? true);
  });
  userRoute(api, deps, 'DELETE', '/playlists/:id/followers', { query: byId }, 200, async ({ params, userId, ctx }) => {
    // A follower may still leave a playlist its owner has made private since.
    await playlists.unfollow((await playlists.follows(params.id, userId)) ? params.id : await followable(params.id, ctx), userId);
  });
}
