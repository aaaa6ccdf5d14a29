import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { sql } from 'kysely';
import type { CatalogueView, Json, ObjectContext, PageRequest } from '../catalogue/web-api-objects';
import { ownerId, pageOf } from '../catalogue/web-api-objects';
import { listDevices } from '../connect-state/routes';
import { WebApiError } from './errors';
import { getRoute, userRoute, type WebApiDeps } from './handler';
import type { LibraryKind, LibraryStore } from './library-store';
import { CatalogueId, IntegerParam, Limit, ListOf, Market, Offset, OneOf, optional, requiredParam, ShortText, Timestamp, UserId, ViewId } from './params';
import type { PlaylistStore } from './playlist-store';
import { browseView } from '../other-services/browse-views';

export interface LibraryDeps extends WebApiDeps {
  readonly library: LibraryStore;
  readonly playlists: PlaylistStore;
}

/** The ids a page shows: only their rows are read. */
const pageIds = (ids: readonly string[], page: PageRequest) => ids.slice(page.offset, page.offset + page.limit);

/**
 * spec 001 §7 Catalogue API, the user's side: GET /me, /users/{id}, /users/{id}/playlists,
 * /me/playlists, /me/tracks, /me/albums, /me/shows, /me/following?type=artist and
 * /me/player/devices, shaped as the public Web API's. /me routes need a logged-in user's token.
 */
export function registerMeRoutes(api: FastifyInstance, deps: LibraryDeps): void {
  const { objects, db, library, playlists } = deps;
  const account = (id: string) => db.selectFrom('accounts').select(['id', 'display_name', 'product', 'country']).where('id', '=', id).executeTakeFirst();
  const owners = () =>
    db
      .selectFrom('playlists')
      .select('owner_display_name as name')
      .distinct()
      .where('id', 'not in', db.selectFrom('user_playlists').select('playlist_id'))
      .execute();

  /** An account, or a catalogue playlist owner known by display name (ownerId). */
  async function user(id: string, ctx: ObjectContext): Promise<Json | null> {
    const row = await account(id);
    const name = row?.display_name ?? (await owners()).map((r) => r.name).find((n) => ownerId(n) === id);
    if (name === undefined) return null;
    return {
      display_name: name,
      external_urls: { spotify: `${ctx.hosts.open}/user/${encodeURIComponent(id)}` },
      // Listeners cannot follow users here: nobody follows anyone.
      followers: { href: null, total: 0 },
      href: `${ctx.hosts.api}/v1/users/${encodeURIComponent(id)}`,
      id,
      images: [],
      type: 'user',
      uri: `spotify:user:${encodeURIComponent(id)}`,
    };
  }
  const knownUser = async (id: string, ctx: ObjectContext) => {
    const found = await user(id, ctx);
    if (found === null) throw new WebApiError(404, `Non existing id: 'spotify:user:${id}'`);
    return found;
  };

  getRoute(api, deps, '/users/:id', t.type({ id: UserId }), ({ params, ctx }) => knownUser(params.id, ctx));

  // spec 001 §7 GET /me: display_name, followers, id, images, uri; the public API adds country and product.
  userRoute(api, deps, 'GET', '/me', { query: t.type({}) }, 200, async ({ userId, ctx }) => {
    const row = await account(userId);
    if (row === undefined) throw new WebApiError(404, `Non existing id: 'spotify:user:${userId}'`);
    return { ...(await knownUser(userId, ctx)), country: row.country, product: row.product, explicit_content: { filter_enabled: false, filter_locked: false } };
  });

  const paged = { limit: Limit, offset: Offset() };
  // Another user's list shows only their public playlists and public follows; one's own shows all.
  getRoute(api, deps, '/users/:id/playlists', t.type({ id: UserId, ...paged }), async ({ params, ctx, owner }) => {
    await knownUser(params.id, ctx);
    const ids = await playlists.ofUser(params.id, owner.userId === params.id);
    const view = await objects.view({ playlists: pageIds(ids, params) });
    return pageOf(ids, params, (id) => view.simplifiedPlaylist(id, ctx), `${ctx.hosts.api}/v1/users/${encodeURIComponent(params.id)}/playlists`);
  });
  userRoute(api, deps, 'GET', '/me/playlists', { query: t.type(paged) }, 200, async ({ params, ctx, userId }) => {
    const ids = await playlists.ofUser(userId, true);
    const view = await objects.view({ playlists: pageIds(ids, params) });
    return pageOf(ids, params, (id) => view.simplifiedPlaylist(id, ctx), `${ctx.hosts.api}/v1/me/playlists`);
  });

  // Saved items, newest first, each with added_at (ISO 8601, as the public API).
  const saved = (path: string, kind: LibraryKind, key: string, build: (view: CatalogueView, id: string, ctx: ObjectContext) => Json | null) =>
    userRoute(api, deps, 'GET', path, { query: t.type({ ...paged, market: Market }) }, 200, async ({ params, ctx, userId }) => {
      const entries = new Map((await library.list(userId, kind)).map((e) => [e.id, e.addedAt]));
      const view = await objects.view({ [`${kind}s`]: pageIds([...entries.keys()], params) });
      const item = (id: string) => ({ added_at: new Date(entries.get(id) ?? 0).toISOString().replace('.000Z', 'Z'), [key]: build(view, id, ctx) });
      return pageOf([...entries.keys()], params, item, `${ctx.hosts.api}/v1${path}`, { market: ctx.market ?? undefined });
    });
  saved('/me/tracks', 'track', 'track', (view, id, ctx) => view.track(id, ctx));
  saved('/me/albums', 'album', 'album', (view, id, ctx) => view.album(id, ctx));
  saved('/me/shows', 'show', 'show', (view, id, ctx) => view.simplifiedShow(id, ctx));

  // Cursor paging as the public API: artists by id, `after` the last id of the previous page.
  userRoute(
    api,
    deps,
    'GET',
    '/me/following',
    { query: t.type({ type: requiredParam(OneOf(['artist'] as const)), after: optional(CatalogueId, null), limit: Limit }) },
    200,
    async ({ params, ctx, userId }) => {
      const all = (await library.listById(userId, 'artist')).map((e) => e.id);
      const rest = params.after === null ? all : all.filter((id) => id > params.after!);
      const page = rest.slice(0, params.limit);
      const url = `${ctx.hosts.api}/v1/me/following`;
      const link = (after: string | null) =>
        `${url}?${new URLSearchParams({ type: 'artist', ...(after === null ? {} : { after }), limit: String(params.limit) }).toString()}`;
      const last = page[page.length - 1] ?? null;
      const view = await objects.view({ artists: page });
      return {
        artists: {
          href: link(params.after),
          items: page.map((id) => view.artist(id, ctx)),
          limit: params.limit,
          next: rest.length > page.length && last !== null ? link(last) : null,
          cursors: { after: rest.length > page.length ? last : null },
          total: all.length,
        },
      };
    },
  );

  // Issue 16: the user's track-playback devices on live dealer connections, with the device fields of
  // spec 001 §3 (server/connect-state/README.md); app.realtime is looked up per request (the dealer is registered after).
  userRoute(api, deps, 'GET', '/me/player/devices', { query: t.type({}) }, 200, async ({ userId }) => ({
    devices: await listDevices(db, api.realtime, userId),
  }));

  registerViews(api, deps);
}

const VIEW_TYPES = ['album', 'playlist', 'artist', 'show'] as const;
type ViewType = (typeof VIEW_TYPES)[number];
const SECTION_NAMES: Record<ViewType, string> = { album: 'Albums', playlist: 'Playlists', artist: 'Artists', show: 'Podcasts' };

/**
 * GET /views/{viewId} (spec 001 §7; defaults of spec 001 §9: content_limit 12, limit 10, types
 * album, playlist, artist, show). One view exists, `home`: a section per requested type, in the
 * order asked, each listing the catalogue's items of that type (albums newest first, the others
 * by name; playlists only public ones). limit/offset page the sections; each section carries its
 * first content_limit items (next null) and the total. Any other view id answers 404.
 */
function registerViews(api: FastifyInstance, deps: LibraryDeps): void {
  const { db, objects } = deps;
  // Sorted here (by release date, newest first, or by name; then id), so both databases give one order.
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byName = (rows: Array<{ id: string; name: string }>) => rows.sort((a, b) => cmp(a.name, b.name) || cmp(a.id, b.id)).map((r) => r.id);
  const listing: Record<ViewType, () => Promise<string[]>> = {
    album: async () =>
      (await db.selectFrom('albums').select(['id', 'name', 'release_date']).execute())
        .sort((a, b) => cmp(b.release_date, a.release_date) || cmp(a.name, b.name) || cmp(a.id, b.id))
        .map((r) => r.id),
    artist: async () => byName(await db.selectFrom('artists').select(['id', 'name']).execute()),
    show: async () => byName(await db.selectFrom('shows').select(['id', 'name']).execute()),
    playlist: async () =>
      byName(
        await db
          .selectFrom('playlists as p')
          .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
          .select(['p.id', 'p.name'])
          .where(sql<boolean>`COALESCE(u.public, 1) = 1`)
          .execute(),
      ),
  };
  const build: Record<ViewType, (view: CatalogueView, id: string, ctx: ObjectContext) => Json | null> = {
    album: (view, id, ctx) => view.simplifiedAlbum(id, ctx),
    artist: (view, id, ctx) => view.artist(id, ctx),
    show: (view, id, ctx) => view.simplifiedShow(id, ctx),
    playlist: (view, id, ctx) => view.simplifiedPlaylist(id, ctx),
  };
  const query = t.type({
    viewId: ViewId,
    timestamp: optional(Timestamp, null),
    platform: optional(OneOf(['web'] as const), 'web'),
    content_limit: optional(IntegerParam(1, 50), 12),
    limit: optional(IntegerParam(1, 50), 10),
    offset: Offset(),
    types: optional(ListOf(VIEW_TYPES), VIEW_TYPES),
    image_style: optional(ShortText, null),
    locale: optional(ShortText, null),
    market: Market,
  });
  getRoute(api, deps, '/views/:viewId', query, async ({ params, ctx, owner }) => {
    // Issue 17: the browse pages' views (server/other-services/browse-views.ts) list only the types they hold.
    const browse = params.viewId === 'home' ? { name: 'Home', listing } : await browseView(db, params.viewId, ctx.viewer);
    if (browse === null) throw new WebApiError(404, `Non existing id: '${params.viewId}'`);
    const types = params.types.filter((type) => browse.listing[type] !== undefined);
    const href = `${ctx.hosts.api}/v1/views/${params.viewId}`;
    const shown = types.slice(params.offset, params.offset + params.limit);
    const listed = new Map(await Promise.all(shown.map(async (type) => [type, await browse.listing[type]!()] as const)));
    const firsts = (type: ViewType) => (listed.get(type) ?? []).slice(0, params.content_limit);
    const view = await objects.view({ albums: firsts('album'), artists: firsts('artist'), shows: firsts('show'), playlists: firsts('playlist') });
    const section = (type: ViewType): Json => {
      const ids = listed.get(type) ?? [];
      // A section shows its first content_limit items; total says how many the catalogue holds.
      const sectionHref = `${href}?types=${type}&content_limit=${params.content_limit}`;
      const items = ids.slice(0, params.content_limit).map((id) => build[type](view, id, ctx));
      const content = { href: sectionHref, items, limit: params.content_limit, next: null, offset: 0, previous: null, total: ids.length };
      return { id: `${params.viewId}-${type}s`, name: SECTION_NAMES[type], type: 'view', rendering: 'CAROUSEL', href: sectionHref, content };
    };
    const sections = pageOf(types, params, (type) => section(type as ViewType), href, {
      content_limit: String(params.content_limit),
      types: params.types.join(','),
    });
    return {
      id: params.viewId,
      name: browse.name,
      type: 'view',
      href,
      country: ctx.market ?? owner.country,
      timestamp: params.timestamp,
      platform: params.platform,
      content: sections,
    };
  });
}
