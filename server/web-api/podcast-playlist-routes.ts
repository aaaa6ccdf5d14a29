import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { found, getRoute, type WebApiDeps } from './handler';
import { CatalogueId, FieldList, IdList, Limit, ListOf, Market, Offset, optional } from './params';

/** spec 001 §7 Catalogue API: shows, episodes, playlists and users, shaped as the public Web API's. */
export function registerPodcastPlaylistRoutes(api: FastifyInstance, deps: WebApiDeps): void {
  const { objects } = deps;
  const byId = t.type({ id: CatalogueId, market: Market });
  const paged = t.type({ id: CatalogueId, market: Market, limit: Limit, offset: Offset() });

  getRoute(api, deps, '/shows/:id', byId, async ({ params, ctx }) => found(await objects.show(params.id, ctx), 'show', params.id));
  getRoute(api, deps, '/shows', t.type({ ids: IdList(50), market: Market }), async ({ params, ctx }) => {
    const view = await objects.view({ shows: params.ids });
    return { shows: params.ids.map((id) => view.simplifiedShow(id, ctx)) };
  });
  getRoute(api, deps, '/shows/:id/episodes', paged, async ({ params, ctx }) => {
    const view = await objects.view({ shows: [params.id] });
    found(view.simplifiedShow(params.id, ctx), 'show', params.id);
    return view.showEpisodes(params.id, params, ctx);
  });
  getRoute(api, deps, '/episodes/:id', byId, async ({ params, ctx }) => found(await objects.episode(params.id, ctx), 'episode', params.id));
  getRoute(api, deps, '/episodes', t.type({ ids: IdList(50), market: Market }), async ({ params, ctx }) => {
    const view = await objects.view({ episodes: params.ids });
    return { episodes: params.ids.map((id) => view.episode(id, ctx)) };
  });

  // `fields` keeps the named top-level fields (spec 001 §7 asks for ?fields=public); a nested
  // selection such as `tracks.items(track(name))` keeps its top-level field whole.
  const playlistQuery = t.type({
    id: CatalogueId,
    market: Market,
    fields: FieldList,
    additional_types: optional(ListOf(['track', 'episode'] as const), null),
  });
  getRoute(api, deps, '/playlists/:id', playlistQuery, async ({ params, ctx }) => {
    const playlist = found(await objects.playlist(params.id, ctx), 'playlist', params.id);
    if (params.fields === null) return playlist;
    const keep = new Set(params.fields.split(',').map((f) => f.split(/[.(]/)[0]));
    return Object.fromEntries(Object.entries(playlist).filter(([key]) => keep.has(key)));
  });
  getRoute(api, deps, '/playlists/:id/tracks', paged, async ({ params, ctx }) => {
    const view = await objects.view({ playlists: [params.id] });
    found(view.simplifiedPlaylist(params.id, ctx), 'playlist', params.id);
    return view.playlistTracks(params.id, params, ctx);
  });
  // Users (GET /users/{id}) are answered by ./me-routes.ts: accounts and catalogue playlist owners.
}
