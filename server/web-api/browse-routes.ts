import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { Json, ObjectContext } from '../catalogue/web-api-objects';
import { pageOf } from '../catalogue/web-api-objects';
import { browseView, genreOf, type BrowseViewType, type Genre } from '../other-services/browse-views';
import { WebApiError } from './errors';
import { getRoute, type WebApiDeps } from './handler';
import { CatalogueId, Limit, Market, Offset, optional, ShortText, Timestamp } from './params';

/** The types whose first item gives a category its icon, in this order. */
const ICON_TYPES: readonly BrowseViewType[] = ['album', 'playlist', 'show', 'artist'];

/**
 * The public Web API's browse endpoints (issue 17: the web player's browse and genre pages), any token
 * (an anonymous visitor's too, as /views): the categories are the catalogue's genres (migration 006,
 * named by the ingest metadata), a category's playlists its public playlists, featured playlists and
 * new releases the playlists and albums of the `featured` and `new-releases` views
 * (../other-services/browse-views.ts), so a page and its view list them in one order. `country`,
 * `locale` and `timestamp` are accepted and change nothing: the catalogue has one edition.
 */
export function registerBrowseRoutes(api: FastifyInstance, deps: WebApiDeps): void {
  const { db, objects } = deps;
  const common = { country: Market, locale: optional(ShortText, null), limit: Limit, offset: Offset() };

  /** A genre's items, by type, as its view orders them (most kept first). */
  const genreListing = async (genre: Genre, viewer: string | null) => {
    const view = await browseView(db, genre.id, viewer);
    return view?.listing ?? {};
  };

  /** The category object: the genre with the cover of its first album (else playlist, show, artist) as its icon. */
  const categories = async (genres: readonly Genre[], ctx: ObjectContext): Promise<Json[]> => {
    const firsts = await Promise.all(
      genres.map(async (genre) => {
        const listing = await genreListing(genre, ctx.viewer);
        for (const type of ICON_TYPES) {
          const ids = (await listing[type]?.()) ?? [];
          if (ids.length > 0) return { type, id: ids[0]! };
        }
        return null;
      }),
    );
    const seedOf = (type: BrowseViewType) => firsts.flatMap((f) => (f?.type === type ? [f.id] : []));
    const view = await objects.view({ albums: seedOf('album'), playlists: seedOf('playlist'), shows: seedOf('show'), artists: seedOf('artist') });
    const build = { album: view.simplifiedAlbum, playlist: view.simplifiedPlaylist, show: view.simplifiedShow, artist: view.artist };
    return genres.map((genre, i) => {
      const first = firsts[i];
      const item = first === null || first === undefined ? null : build[first.type](first.id, ctx);
      const icons = Array.isArray(item?.images) ? (item.images as Json[]) : [];
      return { href: `${ctx.hosts.api}/v1/browse/categories/${genre.id}`, icons, id: genre.id, name: genre.name };
    });
  };

  /** Genres holding more items first (then by name), so the richest categories lead the browse page. */
  const allGenres = async (): Promise<Genre[]> => {
    const [genres, counts] = await Promise.all([
      db.selectFrom('genres').select(['id', 'name']).execute(),
      db
        .selectFrom('item_genres')
        .select(['genre_id', (eb) => eb.fn.countAll().as('n')])
        .groupBy('genre_id')
        .execute(),
    ]);
    const n = new Map(counts.map((r) => [r.genre_id, Number(r.n)]));
    return genres.sort((a, b) => (n.get(b.id) ?? 0) - (n.get(a.id) ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };
  const known = async (id: string): Promise<Genre> => {
    const genre = await genreOf(db, id);
    if (genre === null) throw new WebApiError(404, `Non existing id: '${id}'`);
    return genre;
  };

  getRoute(api, deps, '/browse/categories', t.type(common), async ({ params, ctx }) => {
    const genres = await allGenres();
    const byId = new Map(genres.map((g) => [g.id, g]));
    const shown = genres.slice(params.offset, params.offset + params.limit);
    const built = new Map((await categories(shown, ctx)).map((c) => [c.id as string, c]));
    const url = `${ctx.hosts.api}/v1/browse/categories`;
    return {
      categories: pageOf(
        genres.map((g) => g.id),
        params,
        (id) => built.get(id) ?? byId.get(id),
        url,
        { country: params.country ?? undefined, locale: params.locale ?? undefined },
      ),
    };
  });

  getRoute(api, deps, '/browse/categories/:id', t.type({ id: CatalogueId, country: Market, locale: optional(ShortText, null) }), async ({ params, ctx }) => {
    const [category] = await categories([await known(params.id)], ctx);
    return category;
  });

  getRoute(api, deps, '/browse/categories/:id/playlists', t.type({ id: CatalogueId, ...common }), async ({ params, ctx }) => {
    const genre = await known(params.id);
    const ids = (await (await genreListing(genre, ctx.viewer)).playlist?.()) ?? [];
    const view = await objects.view({ playlists: ids.slice(params.offset, params.offset + params.limit) });
    const url = `${ctx.hosts.api}/v1/browse/categories/${genre.id}/playlists`;
    return { message: genre.name, playlists: pageOf(ids, params, (id) => view.simplifiedPlaylist(id, ctx), url, { country: params.country ?? undefined }) };
  });

  getRoute(api, deps, '/browse/featured-playlists', t.type({ ...common, timestamp: optional(Timestamp, null) }), async ({ params, ctx }) => {
    const featured = await browseView(db, 'featured', ctx.viewer);
    const ids = (await featured?.listing.playlist?.()) ?? [];
    const view = await objects.view({ playlists: ids.slice(params.offset, params.offset + params.limit) });
    const url = `${ctx.hosts.api}/v1/browse/featured-playlists`;
    return {
      message: featured?.name ?? 'Featured',
      playlists: pageOf(ids, params, (id) => view.simplifiedPlaylist(id, ctx), url, { country: params.country ?? undefined }),
    };
  });

  getRoute(api, deps, '/browse/new-releases', t.type(common), async ({ params, ctx }) => {
    const ids = (await (await browseView(db, 'new-releases', ctx.viewer))?.listing.album?.()) ?? [];
    const view = await objects.view({ albums: ids.slice(params.offset, params.offset + params.limit) });
    const url = `${ctx.hosts.api}/v1/browse/new-releases`;
    return { albums: pageOf(ids, params, (id) => view.simplifiedAlbum(id, ctx), url, { country: params.country ?? undefined }) };
  });
}
