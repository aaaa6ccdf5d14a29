import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { CatalogueView, Json, ObjectContext } from '../catalogue/web-api-objects';
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

  getRoute(api, deps, '/albums/:id', byId, async ({ params, ctx }) => found(await objects.album(params.id, ctx), 'album', params.id));
  // Public API limits: 20 albums, 50 artists, 50 tracks per request; unknown ids answer null.
  getRoute(api, deps, '/albums', many(20), async ({ params, ctx }) => {
    const view = await objects.view({ albums: params.ids });
    return { albums: params.ids.map((id) => view.album(id, ctx)) };
  });
  getRoute(api, deps, '/albums/:id/tracks', paged, async ({ params, ctx }) => {
    const view = await objects.view({ albums: [params.id] });
    found(view.simplifiedAlbum(params.id, ctx), 'album', params.id);
    return view.albumTracks(params.id, params, ctx);
  });

  getRoute(api, deps, '/tracks/:id', byId, async ({ params, ctx }) => found(await objects.track(params.id, ctx), 'track', params.id));
  getRoute(api, deps, '/tracks', many(50), async ({ params, ctx }) => {
    const view = await objects.view({ tracks: params.ids });
    return { tracks: params.ids.map((id) => view.track(id, ctx)) };
  });

  getRoute(api, deps, '/artists/:id', t.type({ id: CatalogueId }), async ({ params, ctx }) => found(await objects.artist(params.id, ctx), 'artist', params.id));
  getRoute(api, deps, '/artists', t.type({ ids: IdList(50) }), async ({ params, ctx }) => {
    const view = await objects.view({ artists: params.ids });
    return { artists: params.ids.map((id) => view.artist(id, ctx)) };
  });

  const ownAlbums = (artistId: string) =>
    db
      .selectFrom('album_artists as x')
      .innerJoin('albums as a', 'a.id', 'x.album_id')
      .select('x.album_id as id')
      .where('x.artist_id', '=', artistId)
      .orderBy('a.release_date', 'desc')
      .orderBy('a.name')
      .execute();
  const appearsOn = (artistId: string) =>
    db
      .selectFrom('track_artists as x')
      .innerJoin('tracks as t', 't.id', 'x.track_id')
      .innerJoin('albums as a', 'a.id', 't.album_id')
      .select(['a.id', 'a.release_date', 'a.name'])
      .distinct()
      .where('x.artist_id', '=', artistId)
      .where('a.id', 'not in', db.selectFrom('album_artists').select('album_id').where('artist_id', '=', artistId))
      .orderBy('a.release_date', 'desc')
      .orderBy('a.name')
      .execute();
  const availableIn = (view: CatalogueView, ctx: ObjectContext, albumId: string) => ctx.market === null || view.albumMarkets(albumId).includes(ctx.market);
  getRoute(
    api,
    deps,
    '/artists/:id/albums',
    t.type({ id: CatalogueId, market: Market, limit: Limit, offset: Offset(), include_groups: optional(ListOf(ALBUM_GROUPS), null) }),
    async ({ params, ctx }) => {
      const groups: readonly string[] = params.include_groups ?? ALBUM_GROUPS;
      const own = (await ownAlbums(params.id)).map((r) => ({ id: r.id, group: 'own' }));
      const others = (await appearsOn(params.id)).map((r) => ({ id: r.id, group: 'appears_on' }));
      const view = await objects.view({ artists: [params.id], albums: [...own, ...others].map((e) => e.id) });
      found(view.simplifiedArtist(params.id, ctx), 'artist', params.id);
      // An own album's group is its album_type; with a market, albums not sold there are left out.
      const entries = [...own, ...others]
        .map(({ id, group }) => ({ id, album: view.simplifiedAlbum(id, ctx) as Json, group }))
        .map((e) => ({ ...e, group: e.group === 'own' ? String(e.album.album_type) : e.group }))
        .filter((e) => groups.includes(e.group) && availableIn(view, ctx, e.id));
      const byAlbumId = new Map(entries.map((e) => [e.id, { ...e.album, album_group: e.group }]));
      const url = `${ctx.hosts.api}/v1/artists/${params.id}/albums`;
      const query = { market: ctx.market ?? undefined, include_groups: params.include_groups?.join(',') };
      return pageOf([...byAlbumId.keys()], params, (id) => byAlbumId.get(id), url, query);
    },
  );

  // spec 001 §7 names the parameter `country`; the public API and its SDK send `market`.
  getRoute(api, deps, '/artists/:id/top-tracks', t.type({ id: CatalogueId, market: Market, country: Market }), async ({ params, ctx, owner }) => {
    const view = await objects.view({ artists: [params.id], topTracksOf: [params.id] });
    found(view.simplifiedArtist(params.id, ctx), 'artist', params.id);
    const requested = params.market ?? params.country;
    if (requested === null) throw new WebApiError(400, 'Invalid request parameter market: required, got nothing');
    const market = requested === 'from_token' ? owner.country : requested;
    const marketCtx = { ...ctx, market };
    const tracks = view.topTrackIds(params.id).filter((id) => view.trackMarkets(id).includes(market));
    return { tracks: tracks.map((id) => view.track(id, marketCtx)) };
  });

  // No listening data: related artists are the ones sharing an album, a track or a playlist with this one.
  const related = (id: string) =>
    db
      .selectFrom('track_artists as mine')
      .innerJoin('playlist_tracks as p1', 'p1.track_id', 'mine.track_id')
      .innerJoin('playlist_tracks as p2', 'p2.playlist_id', 'p1.playlist_id')
      .innerJoin('track_artists as other', 'other.track_id', 'p2.track_id')
      .select('other.artist_id as id')
      .where('mine.artist_id', '=', id)
      .where('other.artist_id', '<>', id)
      .union(
        db
          .selectFrom('track_artists as mine')
          .innerJoin('track_artists as other', 'other.track_id', 'mine.track_id')
          .select('other.artist_id as id')
          .where('mine.artist_id', '=', id)
          .where('other.artist_id', '<>', id),
      )
      .union(
        db
          .selectFrom('album_artists as mine')
          .innerJoin('album_artists as other', 'other.album_id', 'mine.album_id')
          .select('other.artist_id as id')
          .where('mine.artist_id', '=', id)
          .where('other.artist_id', '<>', id),
      )
      .execute();
  getRoute(api, deps, '/artists/:id/related-artists', t.type({ id: CatalogueId }), async ({ params, ctx }) => {
    // Sorted in JavaScript, so the order is the same on both databases (their collations differ).
    const ids = (await related(params.id)).map((r) => r.id).sort();
    const view = await objects.view({ artists: [params.id, ...ids] });
    found(view.simplifiedArtist(params.id, ctx), 'artist', params.id);
    return { artists: ids.map((id) => view.artist(id, ctx)) };
  });
}
