import { cardsSection, linksSection, list, obj, tracksSection, webCardOf, webTrackOf, type WebSection } from '../../core/webplayer';
import type { PageContext, PageResult, Visitor } from './page-context';

/** How many songs and cards of each kind the top results show; a kind's own page shows the Web API's largest page. */
const TOP_SONGS = 5;
const TOP_CARDS = 6;
const KIND_LIMIT = 50;

/** spec 001 §2 /search/{query} sub-paths of card kinds: the search type and answer group behind each. */
export const SEARCH_KINDS = [
  { path: 'artists', type: 'artist', group: 'artists', title: 'Artists' },
  { path: 'albums', type: 'album', group: 'albums', title: 'Albums' },
  { path: 'playlists', type: 'playlist', group: 'playlists', title: 'Playlists' },
  { path: 'podcasts', type: 'show', group: 'shows', title: 'Podcasts' },
  { path: 'episodes', type: 'episode', group: 'episodes', title: 'Episodes' },
] as const;

type Kind = (typeof SEARCH_KINDS)[number];

/** The tabs of a search's pages: all its top results, then each kind whole (songs: search-pages.ts). */
export const searchTabs = (query: string, current: string): WebSection => {
  const base = `/search/${encodeURIComponent(query)}`;
  const kinds = [{ path: 'songs', title: 'Songs' }, ...SEARCH_KINDS];
  return linksSection(
    'search-tabs',
    'Search results',
    [{ name: 'All', href: base }, ...kinds.map((k) => ({ name: k.title, href: `${base}/${k.path}` }))],
    current,
  );
};

const nothing = (query: string, what: string) => `No ${what} found for “${query}”. Check the spelling, or try fewer words.`;

/**
 * spec 001 §2 /search/{query}: the top results of every type (the best match, songs, artists,
 * albums, playlists, podcasts, episodes; each kind links "Show all" to its own page), and
 * /search/{query}/artists, /albums, /playlists, /podcasts, /episodes: one kind, whole. From the
 * Web API's search (spec 001 §7, best_match=true, market from the token), open to every visitor.
 * /search/{query}/songs is server/webplayer/search-pages.ts's.
 */
export function registerSearchResultPages(ctx: PageContext): void {
  const search = async (visitor: Visitor, query: string, types: readonly string[], limit: number, bestMatch: boolean) =>
    obj(
      await ctx.apiOk(
        visitor,
        `/v1/search?q=${encodeURIComponent(query)}&type=${types.join(',')}&limit=${limit}&market=from_token${bestMatch ? '&best_match=true' : ''}`,
      ),
    );
  const base = (query: string) => `/search/${encodeURIComponent(query)}`;
  const libraryOf = (visitor: Visitor, sections: readonly WebSection[]) =>
    ctx.libraryOf(
      visitor,
      sections.flatMap((s) => (s.kind === 'cards' ? s.cards.map((c) => c.uri) : s.kind === 'tracks' ? s.rows.map((r) => r.uri) : [])),
    );
  /** Episodes play as rows (each its own track); the other kinds are card grids linking to their pages. */
  const kindSection = (kind: Kind, found: Record<string, unknown>, query: string, top: boolean): WebSection => {
    const group = obj(found[kind.group]);
    const items = list(group.items);
    // A kind's own page is headed by its h1: its one section needs no title of its own.
    const title = top ? kind.title : null;
    const more = top && typeof group.total === 'number' && group.total > items.length ? `${base(query)}/${kind.path}` : null;
    if (kind.type === 'episode') {
      return tracksSection(
        kind.group,
        title,
        null,
        items.map((o) => webTrackOf(o)),
        { album: false, cover: true },
        nothing(query, 'episodes'),
      );
    }
    return cardsSection(kind.group, title, items.map(webCardOf), nothing(query, kind.title.toLowerCase()), more);
  };

  ctx.page<{ query: string }>('/search/:query', async (request, visitor): Promise<PageResult> => {
    const query = request.params.query;
    const types = ['track', ...SEARCH_KINDS.map((k) => k.type)];
    const found = await search(visitor, query, types, TOP_CARDS, true);
    const best = list(obj(found.best_match).items)[0];
    const songs = list(obj(found.tracks).items)
      .slice(0, TOP_SONGS)
      .map((o) => webTrackOf(o));
    const sections: WebSection[] = [searchTabs(query, base(query))];
    if (best !== undefined) {
      // The best match of a track is a row (it plays as its own track); of any other kind a card linking to its page.
      sections.push(
        best.type === 'track' || best.type === 'episode'
          ? tracksSection('top', 'Top result', null, [webTrackOf(best)], { album: true, cover: true }, '')
          : cardsSection('top', 'Top result', [webCardOf(best)], ''),
      );
    }
    if (songs.length > 0) sections.push(tracksSection('songs', 'Songs', null, songs, { album: true, cover: true }, ''));
    for (const kind of SEARCH_KINDS) {
      const section = kindSection(kind, found, query, true);
      if ((section.kind === 'cards' ? section.cards.length : section.kind === 'tracks' ? section.rows.length : 0) > 0) sections.push(section);
    }
    if (sections.length === 1) sections.push(cardsSection('nothing', null, [], nothing(query, 'results')));
    return {
      kind: 'page',
      page: { path: base(query), itemUri: null, header: null, sections },
      title: `Results for “${query}”`,
      query,
      library: await libraryOf(visitor, sections),
    };
  });

  for (const kind of SEARCH_KINDS) {
    ctx.page<{ query: string }>(`/search/:query/${kind.path}`, async (request, visitor): Promise<PageResult> => {
      const query = request.params.query;
      const found = await search(visitor, query, [kind.type], KIND_LIMIT, false);
      const sections = [searchTabs(query, `${base(query)}/${kind.path}`), kindSection(kind, found, query, false)];
      return {
        kind: 'page',
        page: { path: `${base(query)}/${kind.path}`, itemUri: null, header: null, sections },
        title: `${kind.title} for “${query}”`,
        query,
        library: await libraryOf(visitor, sections),
      };
    });
  }
}
