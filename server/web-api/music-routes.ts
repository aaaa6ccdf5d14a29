import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { Json, ObjectContext } from '../catalogue/web-api-objects';
import { pageOf } from '../catalogue/web-api-objects';
import { found, getRoute, type WebApiDeps } from './handler';
import { CatalogueId, IdList, Limit, ListOf, Market, Offset, optional } from './params';
import { WebApiError } from './errors';

const ALBUM_GROUPS = ['album', 'single', 'appears_on', 'compilation'] as const;

/** spec 001 §7 Catalogue API: albums, artists and tracks, shaped as the public Web API's. */
export function registerMusicRoutes(api: FastifyInstance, deps: WebApiDeps): void {
  const { objects, db } = deps;
  const byId = t.type({ id: CatalogueId, market: Market });
  const paged = t.type({ id: CatalogueId, market: Market, limit: Limit, offset: Offset() });
  const many = (max: number) => t.type({ ids: IdList(max), market: Market });

  getRoute(api, deps, '/albums/:id', byId, ({ params, ctx }) => found(objects.album(params.id, ctx), 'album', params.id));
  // Public API limits: 20 albums, 50 artists, 50 tracks per request; unknown ids answer null.
  getRoute(api, deps, '/albums', many(20), ({ params, ctx }) => ({ albums: params.ids.map((id) => objects.album(id, ctx)) }));
  getRoute(api, deps, '/albums/:id/tracks', paged, ({ params, ctx }) => {
    found(objects.simplifiedAlbum(params.id, ctx), 'album', params.id);
    return objects.albumTracks(params.id, params, ctx);
  });

  getRoute(api, deps, '/tracks/:id', byId, ({ params, ctx }) => found(objects.track(params.id, ctx), 'track', params.id));
  getRoute(api, deps, '/tracks', many(50), ({ params, ctx }) => ({ tracks: params.ids.map((id) => objects.track(id, ctx)) }));

  getRoute(api, deps, '/artists/:id', t.type({ id: CatalogueId }), ({ params, ctx }) =>
    found(objects.artist(params.id, ctx), 'artist', params.id),
  );
  getRoute(api, deps, '/artists', t.type({ ids: IdList(50) }), ({ params, ctx }) => ({
    artists: params.ids.map((id) => objects.artist(id, ctx)),
  }));

  const ownAlbums = db.prepare(
    `SELECT x.album_id AS id FROM album_artists x JOIN albums a ON a.id = x.album_id WHERE x.artist_id = ?
     ORDER BY a.release_date DESC, a.name`,
  );
  const appearsOn = db.prepare(
    `SELECT DISTINCT a.id, a.release_date, a.name FROM track_artists x JOIN tracks t ON t.id = x.track_id JOIN albums a ON a.id = t.album_id
     WHERE x.artist_id = ? AND a.id NOT IN (SELECT album_id FROM album_artists WHERE artist_id = ?)
     ORDER BY a.release_date DESC, a.name`,
  );
  const availableIn = (ctx: ObjectContext, albumId: string) => ctx.market === null || objects.albumMarkets(albumId).includes(ctx.market);
  getRoute(
    api,
    deps,
    '/artists/:id/albums',
    t.type({ id: CatalogueId, market: Market, limit: Limit, offset: Offset(), include_groups: optional(ListOf(ALBUM_GROUPS), null) }),
    ({ params, ctx }) => {
      found(objects.simplifiedArtist(params.id, ctx), 'artist', params.id);
      const groups: readonly string[] = params.include_groups ?? ALBUM_GROUPS;
      const own = (ownAlbums.all(params.id) as Array<{ id: string }>).map((r) => ({ id: r.id, group: 'own' }));
      const others = (appearsOn.all(params.id, params.id) as Array<{ id: string }>).map((r) => ({ id: r.id, group: 'appears_on' }));
      // An own album's group is its album_type; with a market, albums not sold there are left out.
      const entries = [...own, ...others]
        .map(({ id, group }) => ({ id, album: objects.simplifiedAlbum(id, ctx) as Json, group }))
        .map((e) => ({ ...e, group: e.group === 'own' ? String(e.album.album_type) : e.group }))
        .filter((e) => groups.includes(e.group) && availableIn(ctx, e.id));
      const byAlbumId = new Map(entries.map((e) => [e.id, { ...e.album, album_group: e.group }]));
      const url = `${ctx.hosts.api}/v1/artists/${params.id}/albums`;
      const query = { market: ctx.market ?? undefined, include_groups: params.include_groups?.join(',') };
      return pageOf([...byAlbumId.keys()], params, (id) => byAlbumId.get(id), url, query);
    },
  );

  // spec 001 §7 names the parameter `country`; the public API and its SDK send `market`.
  getRoute(api, deps, '/artists/:id/top-tracks', t.type({ id: CatalogueId, market: Market, country: Market }), ({ params, ctx, owner }) => {
    found(objects.simplifiedArtist(params.id, ctx), 'artist', params.id);
    const requested = params.market ?? params.country;
    if (requested === null) throw new WebApiError(400, 'Invalid request parameter market: required, got nothing');
    const market = requested === 'from_token' ? owner.country : requested;
    const marketCtx = { ...ctx, market };
    const tracks = objects.topTrackIds(params.id).filter((id) => objects.trackMarkets(id).includes(market));
    return { tracks: tracks.map((id) => objects.track(id, marketCtx)) };
  });

  // No listening data: related artists are the ones sharing an album, a track or a playlist with this one.
  const related = db.prepare(
    `SELECT DISTINCT other.artist_id AS id FROM track_artists mine
     JOIN playlist_tracks p1 ON p1.track_id = mine.track_id JOIN playlist_tracks p2 ON p2.playlist_id = p1.playlist_id
     JOIN track_artists other ON other.track_id = p2.track_id
     WHERE mine.artist_id = @id AND other.artist_id <> @id
     UNION SELECT DISTINCT other.artist_id FROM track_artists mine JOIN track_artists other ON other.track_id = mine.track_id
     WHERE mine.artist_id = @id AND other.artist_id <> @id
     UNION SELECT DISTINCT other.artist_id FROM album_artists mine JOIN album_artists other ON other.album_id = mine.album_id
     WHERE mine.artist_id = @id AND other.artist_id <> @id`,
  );
  getRoute(api, deps, '/artists/:id/related-artists', t.type({ id: CatalogueId }), ({ params, ctx }) => {
    found(objects.simplifiedArtist(params.id, ctx), 'artist', params.id);
    const ids = (related.all({ id: params.id }) as Array<{ id: string }>).map((r) => r.id).sort();
    return { artists: ids.map((id) => objects.artist(id, ctx)) };
  });
}
