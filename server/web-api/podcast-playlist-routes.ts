import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { found, getRoute, type WebApiDeps } from './handler';
import { CatalogueId, FieldList, IdList, Limit, ListOf, Market, Offset, optional } from './params';

/** spec 001 §7 Catalogue API: shows, episodes, playlists and users, shaped as the public Web API's. */
export function registerPodcastPlaylistRoutes(api: FastifyInstance, deps: WebApiDeps): void {
  const { objects } = deps;
  const byId = t.type({ id: CatalogueId, market: Market });
  const paged = t.type({ id: CatalogueId, market: Market, limit: Limit, offset: Offset() });

  getRoute(api, deps, '/shows/:id', byId, ({ params, ctx }) => found(objects.show(params.id, ctx), 'show', params.id));
  getRoute(api, deps, '/shows', t.type({ ids: IdList(50), market: Market }), ({ params, ctx }) => ({
    shows: params.ids.map((id) => objects.simplifiedShow(id, ctx)),
  }));
  getRoute(api, deps, '/shows/:id/episodes', paged, ({ params, ctx }) => {
    found(objects.simplifiedShow(params.id, ctx), 'show', params.id);
    return objects.showEpisodes(params.id, params, ctx);
  });
  getRoute(api, deps, '/episodes/:id', byId, ({ params, ctx }) => found(objects.episode(params.id, ctx), 'episode', params.id));
  getRoute(api, deps, '/episodes', t.type({ ids: IdList(50), market: Market }), ({ params, ctx }) => ({
    episodes: params.ids.map((id) => objects.episode(id, ctx)),
  }));

  // `fields` keeps the named top-level fields (spec 001 §7 asks for ?fields=public); a nested
  // selection such as `tracks.items(track(name))` keeps its top-level field whole.
  const playlistQuery = t.type({
    id: CatalogueId,
    market: Market,
    fields: FieldList,
    additional_types: optional(ListOf(['track', 'episode'] as const), null),
  });
  getRoute(api, deps, '/playlists/:id', playlistQuery, ({ params, ctx }) => {
    const playlist = found(objects.playlist(params.id, ctx), 'playlist', params.id);
    if (params.fields === null) return playlist;
    const keep = new Set(params.fields.split(',').map((f) => f.split(/[.(]/)[0]));
    return Object.fromEntries(Object.entries(playlist).filter(([key]) => keep.has(key)));
  });
  getRoute(api, deps, '/playlists/:id/tracks', paged, ({ params, ctx }) => {
    found(objects.simplifiedPlaylist(params.id, ctx), 'playlist', params.id);
    return objects.playlistTracks(params.id, params, ctx);
  });
  // Users (GET /users/{id}) are answered by ./me-routes.ts: accounts and catalogue playlist owners.
}
