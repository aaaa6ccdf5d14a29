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
  const displayName = db.prepare('SELECT display_name FROM accounts WHERE id = ?');
  const byId = t.type({ id: CatalogueId });
  const snapshot = (id: string, ctx: ObjectContext) => ({ snapshot_id: (objects.simplifiedPlaylist(id, ctx) as Json).snapshot_id });

  /** The playlist id, checked: 404 when unknown or another's private one (issue 12), 403 unless `userId` owns it. */
  const owned = (id: string, userId: string, ctx: ObjectContext) => {
    found(objects.simplifiedPlaylist(id, ctx), 'playlist', id);
    if (playlists.ownerOf(id) !== userId) throw new WebApiError(403, 'You cannot change a playlist you do not own');
    return id;
  };
  const trackIdsOf = (uris: readonly string[]) =>
    uris.map((uri) => {
      const id = TRACK_URI.exec(uri)?.[1] ?? '';
      if (objects.row('track', id) === undefined) throw new WebApiError(404, `Non existing id: '${uri}'`);
      return id;
    });

  // spec 001 §6: playlist creation makes the playlist public (public is true unless sent false).
  userRoute(api, deps, 'POST', '/users/:id/playlists', { query: t.type({ id: UserId }), body: CreatePlaylistBody }, 201, ({ params, body, userId, ctx }) => {
    if (params.id !== userId) throw new WebApiError(403, 'You cannot create a playlist for another user');
    const name = (displayName.get(userId) as { display_name: string } | undefined)?.display_name ?? userId;
    const id = playlists.create(userId, name, { name: body.name, public: body.public ?? true, description: body.description ?? '' });
    return objects.playlist(id, ctx);
  });

  userRoute(api, deps, 'PUT', '/playlists/:id', { query: byId, body: ChangePlaylistBody }, 200, ({ params, body, userId, ctx }) => {
    if (body.name === undefined && body.public === undefined && body.description === undefined) {
      throw badParameter('(root): one of name, public or description, got nothing');
    }
    playlists.update(owned(params.id, userId, ctx), body);
  });

  userRoute(api, deps, 'POST', '/playlists/:id/tracks', { query: byId, body: AddTracksBody }, 201, ({ params, body, userId, ctx }) => {
    const id = owned(params.id, userId, ctx);
    const added = trackIdsOf(body.uris);
    playlists.editTracks(id, (current) => {
      const at = body.position ?? current.length;
      if (at > current.length) throw badParameter(`position: an integer from 0 to ${current.length}, got ${at}`);
      return [...current.slice(0, at), ...added, ...current.slice(at)];
    });
    return snapshot(id, ctx);
  });

  // Each uri leaves at the given positions (each must hold it), or everywhere it occurs.
  userRoute(api, deps, 'DELETE', '/playlists/:id/tracks', { query: byId, body: RemoveTracksBody }, 200, ({ params, body, userId, ctx }) => {
    const id = owned(params.id, userId, ctx);
    playlists.editTracks(id, (current) => {
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

  userRoute(api, deps, 'PUT', '/playlists/:id/tracks', { query: byId, body: ReorderTracksBody }, 200, ({ params, body, userId, ctx }) => {
    const id = owned(params.id, userId, ctx);
    playlists.editTracks(id, (current) => {
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
  getRoute(api, deps, '/playlists/:id/followers/contains', t.type({ id: CatalogueId, ids: UserIdList(5) }), ({ params, ctx }) => {
    found(objects.simplifiedPlaylist(params.id, ctx), 'playlist', params.id);
    return params.ids.map((user) => playlists.follows(params.id, user));
  });
  // Another user's private playlist is not found (issue 12): it cannot be followed.
  const followable = (id: string, ctx: ObjectContext) => found(objects.simplifiedPlaylist(id, ctx), 'playlist', id).id as string;
  // spec 001 §6: the client sends the follow non-public (public=false); left out it is public.
  userRoute(api, deps, 'PUT', '/playlists/:id/followers', { query: byId, body: FollowPlaylistBody }, 200, ({ params, body, userId, ctx }) => {
    playlists.follow(followable(params.id, ctx), userId, body.public ?? true);
  });
  userRoute(api, deps, 'DELETE', '/playlists/:id/followers', { query: byId }, 200, ({ params, userId, ctx }) => {
    // A follower may still leave a playlist its owner has made private since.
    playlists.unfollow(playlists.follows(params.id, userId) ? params.id : followable(params.id, ctx), userId);
  });
}
