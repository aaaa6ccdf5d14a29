import { cardsSection, list, obj, str, webCardOf, type WebCard, type WebSection } from '../../core/webplayer';
import type { PageContext, PageResult, Visitor } from './page-context';
import { viewUrl } from './view-request';

/** The Web API's largest page (spec 001 §7 /me/... paging). */
const COLLECTION_LIMIT = 50;

/** spec 001 §2 collection paths of this module, their headings and what an empty one says. */
export const LIBRARY_PAGES = {
  playlists: { path: '/collection/playlists', label: 'Playlists' },
  madeForYou: { path: '/collection/made-for-you', label: 'Made for you' },
  albums: { path: '/collection/albums', label: 'Albums' },
  artists: { path: '/collection/artists', label: 'Artists' },
  podcasts: { path: '/collection/podcasts', label: 'Podcasts' },
} as const;

type Page = (typeof LIBRARY_PAGES)[keyof typeof LIBRARY_PAGES];

/**
 * spec 001 §2 /collection/playlists, /made-for-you, /albums, /artists and /podcasts: the logged-in
 * listener's library as card grids, from the Web API's /me endpoints (spec 001 §7) with their token;
 * made for you is the discover view (what they do not keep yet). An anonymous visitor is sent to log
 * in and back, as /collection/tracks does (server/webplayer/collection-pages.ts).
 */
export function registerLibraryPages(ctx: PageContext): void {
  const collectionPage = (page: Page, build: (visitor: Visitor, userId: string) => Promise<WebSection[]>) =>
    ctx.page(page.path, async (_request, visitor): Promise<PageResult> => {
      if (visitor.session === null) return { kind: 'redirect', location: `/login?continue=${encodeURIComponent(page.path)}` };
      const sections = await build(visitor, visitor.session.userId);
      const uris = sections.flatMap((s) => (s.kind === 'cards' ? s.cards.map((c) => c.uri) : []));
      return {
        kind: 'page',
        page: { path: page.path, itemUri: null, header: null, sections },
        title: page.label,
        library: await ctx.libraryOf(visitor, uris),
      };
    });
  /** The items of a /me paging (each `{ added_at, album }` or the object itself) as cards. */
  const cards = async (visitor: Visitor, url: string, key: string | null, pick: (body: Record<string, unknown>) => unknown = (b) => b.items) =>
    list(pick(obj(await ctx.apiOk(visitor, url)))).map((item) => webCardOf(key === null ? item : obj(item[key])));

  collectionPage(LIBRARY_PAGES.playlists, async (visitor, userId) => {
    const playlists = await cards(visitor, `/v1/me/playlists?limit=${COLLECTION_LIMIT}`, null);
    const liked = obj(await ctx.apiOk(visitor, '/v1/me/tracks?limit=1'));
    const total = typeof liked.total === 'number' ? liked.total : 0;
    // Liked Songs leads the list, as a playlist of the listener's saved tracks (their collection context).
    const likedCard: WebCard = {
      uri: `spotify:user:${userId}:collection`,
      href: '/collection/tracks',
      name: 'Liked Songs',
      subtitle: `${total} liked ${total === 1 ? 'song' : 'songs'}`,
      imageUrl: null,
      round: false,
      playable: total > 0,
    };
    return [cardsSection('playlists', null, [likedCard, ...playlists], '')];
  });

  collectionPage(LIBRARY_PAGES.madeForYou, async (visitor) => {
    const view = obj(await ctx.apiOk(visitor, viewUrl(visitor, 'discover', new Date())));
    const sections = list(obj(view.content).items)
      .map((section) => cardsSection(str(section.id), str(section.name), list(obj(section.content).items).map(webCardOf), ''))
      .filter((section) => section.cards.length > 0);
    return sections.length > 0
      ? sections
      : [cardsSection('made-for-you', null, [], 'You keep everything the catalogue holds: new picks show up here when it grows.')];
  });

  collectionPage(LIBRARY_PAGES.albums, async (visitor) => [
    cardsSection(
      'albums',
      null,
      await cards(visitor, `/v1/me/albums?limit=${COLLECTION_LIMIT}&market=from_token`, 'album'),
      'Albums you save show up here. Find one in Search or Browse and press its heart.',
    ),
  ]);

  collectionPage(LIBRARY_PAGES.artists, async (visitor) => [
    cardsSection(
      'artists',
      null,
      await cards(visitor, `/v1/me/following?type=artist&limit=${COLLECTION_LIMIT}`, null, (b) => obj(b.artists).items),
      'Artists you follow show up here. Open an artist and press Follow.',
    ),
  ]);

  collectionPage(LIBRARY_PAGES.podcasts, async (visitor) => [
    cardsSection(
      'podcasts',
      null,
      await cards(visitor, `/v1/me/shows?limit=${COLLECTION_LIMIT}`, 'show'),
      'Podcasts you follow show up here. Find one in Browse › Podcasts and save it.',
    ),
  ]);
}
