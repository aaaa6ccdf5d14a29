import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { ownerId } from '../catalogue/web-api-objects';
import { found, getRoute, type WebApiDeps } from './handler';
import { CatalogueId, FieldList, IdList, Limit, ListOf, Market, Offset, optional, UserId } from './params';
import { WebApiError } from './errors';

/** spec 001 §7 Catalogue API: shows, episodes, playlists and users, shaped as the public Web API's. */
export function registerPodcastPlaylistRoutes(api: FastifyInstance, deps: WebApiDeps): void {
  const { objects, db } = deps;
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

  // Users are, until the accounts service lists its own, the owners of the catalogue's playlists.
  const owners = db.prepare('SELECT DISTINCT owner_display_name AS name FROM playlists');
  getRoute(api, deps, '/users/:id', t.type({ id: UserId }), ({ params, ctx }) => {
    const name = (owners.all() as Array<{ name: string }>).map((r) => r.name).find((n) => ownerId(n) === params.id);
    if (name === undefined) throw new WebApiError(404, `Non existing id: 'spotify:user:${params.id}'`);
    const id = params.id;
    return {
      display_name: name,
      external_urls: { spotify: `${ctx.hosts.open}/user/${encodeURIComponent(id)}` },
      followers: { href: null, total: 0 },
      href: `${ctx.hosts.api}/v1/users/${encodeURIComponent(id)}`,
      id,
      images: [],
      type: 'user',
      uri: `spotify:user:${encodeURIComponent(id)}`,
    };
  });
}
