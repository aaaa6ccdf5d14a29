import { cardsSection, linksSection, list, obj, str, webCardOf, type WebCard, type WebSection } from '../../core/webplayer';
import type { PageContext, PageResult, Visitor } from './page-context';
import { viewUrl } from './view-request';

/** spec 001 §2 browse paths and the view (server/other-services/browse-views.ts) each one shows. */
export const BROWSE_PAGES = [
  { path: '/browse/featured', view: 'featured', label: 'Featured' },
  { path: '/browse/podcasts', view: 'podcasts', label: 'Podcasts' },
  { path: '/browse/charts', view: 'charts', label: 'Charts' },
  { path: '/browse/newreleases', view: 'new-releases', label: 'New releases' },
  { path: '/browse/discover', view: 'discover', label: 'Discover' },
] as const;

/** "Show all" of a view's section lists this many (the Web API's largest page). */
const SHOW_ALL_LIMIT = 50;
/** The genres a browse page shows as cards. */
const CATEGORY_LIMIT = 50;

/** What each view's empty section says, by the type it lists. */
const EMPTY: Record<string, string> = {
  album: 'No albums here yet.',
  playlist: 'No playlists here yet.',
  artist: 'No artists here yet.',
  show: 'No podcasts here yet.',
};

/** A section id of a view (`{viewId}-{type}s`, server/web-api/me-routes.ts) split into the view and the type. */
const sectionOf = (id: string): { view: string; type: string } | null => {
  const match = /^(.+)-(album|playlist|artist|show)s$/.exec(id);
  return match === null ? null : { view: match[1]!, type: match[2]! };
};

/** A genre (a Web API browse category) as a card: it links to its page and plays nothing itself. */
export const genreCardOf = (category: Record<string, unknown>): WebCard => {
  const icon = list(category.icons)[0];
  return {
    uri: `spotify:genre:${str(category.id)}`,
    href: `/genre/${encodeURIComponent(str(category.id))}`,
    name: str(category.name),
    subtitle: 'Genre',
    imageUrl: icon === undefined ? null : str(icon.url) || null,
    round: false,
    playable: false,
  };
};

/**
 * spec 001 §2 /browse/featured, /browse/podcasts, /browse/charts, /browse/newreleases,
 * /browse/discover, /view/{viewId} and /genre/{genreId}: card grids of the provider's views
 * (spec 001 §7 GET /views/{viewId}, asked with §9's content_limit 12, limit 10 and types album,
 * playlist, artist, show). A section holding more than it shows links "Show all" to
 * /view/{sectionId}, which lists that one section whole. Open to every visitor.
 */
export function registerBrowsePages(ctx: PageContext): void {
  /** The view as the request layer asks it (spec 001 §9 defaults unless a section is shown whole). */
  const viewAnswer = (visitor: Visitor, viewId: string, whole?: { type: string }) =>
    ctx.api(visitor, viewUrl(visitor, viewId, new Date(), whole === undefined ? {} : { types: [whole.type], content_limit: SHOW_ALL_LIMIT }));

  /** The view's sections as card grids; "Show all" where a section holds more than it shows. */
  const sectionsOf = (view: Record<string, unknown>, showAll: boolean): WebSection[] =>
    list(obj(view.content).items).map((section) => {
      const id = str(section.id);
      const content = obj(section.content);
      const cards = list(content.items).map(webCardOf);
      const more = showAll && typeof content.total === 'number' && content.total > cards.length ? `/view/${encodeURIComponent(id)}` : null;
      return cardsSection(id, str(section.name), cards, EMPTY[sectionOf(id)?.type ?? ''] ?? 'Nothing here yet.', more);
    });

  const genres = async (visitor: Visitor): Promise<WebSection> => {
    const answer = obj(await ctx.apiOk(visitor, `/v1/browse/categories?limit=${CATEGORY_LIMIT}`));
    return cardsSection('genres', 'Genres', list(obj(answer.categories).items).map(genreCardOf), 'No genres yet: the catalogue names none.');
  };

  const library = (visitor: Visitor, sections: readonly WebSection[]) =>
    ctx.libraryOf(
      visitor,
      sections.flatMap((s) => (s.kind === 'cards' ? s.cards.map((c) => c.uri) : [])),
    );

  for (const browse of BROWSE_PAGES) {
    ctx.page(browse.path, async (_request, visitor): Promise<PageResult> => {
      const answer = await viewAnswer(visitor, browse.view);
      const tabs = linksSection(
        'browse-tabs',
        'Browse',
        BROWSE_PAGES.map((p) => ({ name: p.label, href: p.path })),
        browse.path,
      );
      const sections = [tabs, ...sectionsOf(obj(answer.body), true)];
      // The featured page is where a listener starts browsing: the genres follow its shelves.
      if (browse.view === 'featured') sections.push(await genres(visitor));
      return {
        kind: 'page',
        page: { path: browse.path, itemUri: null, header: null, sections },
        title: browse.label,
        library: await library(visitor, sections),
      };
    });
  }

  ctx.page<{ viewId: string }>('/view/:viewId', async (request, visitor): Promise<PageResult> => {
    const viewId = request.params.viewId;
    const path = `/view/${encodeURIComponent(viewId)}`;
    if (!/^[\w-]{1,64}$/.test(viewId)) return { kind: 'invalid', message: 'A view id is letters, digits, - and _.' };
    // A section of a view ("Show all"): that section only, whole; else the view with spec 001 §9's limits.
    const section = sectionOf(viewId);
    let answer = section === null ? null : await viewAnswer(visitor, section.view, section);
    if (answer?.status !== 200) answer = await viewAnswer(visitor, viewId);
    if (answer.status === 404) return { kind: 'notFound', what: 'page' };
    const view = obj(answer.body);
    const sections = sectionsOf(view, section === null);
    const title = section === null || sections.length !== 1 ? str(view.name) : `${str(view.name)}: ${sections[0]!.title ?? ''}`;
    return { kind: 'page', page: { path, itemUri: null, header: null, sections }, title, library: await library(visitor, sections) };
  });

  ctx.page<{ genreId: string }>('/genre/:genreId', async (request, visitor): Promise<PageResult> => {
    const genreId = request.params.genreId;
    if (!/^[0-9A-Za-z]{1,22}$/.test(genreId)) return { kind: 'invalid', message: 'A genre id is up to 22 letters and digits.' };
    const answer = await viewAnswer(visitor, genreId);
    if (answer.status === 404) return { kind: 'notFound', what: 'genre' };
    const view = obj(answer.body);
    // A genre lists what it holds: a type it holds nothing of is left out.
    const held = sectionsOf(view, true).filter((s) => s.kind !== 'cards' || s.cards.length > 0);
    const sections =
      held.length > 0 ? held : [cardsSection('genre-empty', null, [], 'Nothing is in this genre yet. Browse the other genres on the Featured page.')];
    return {
      kind: 'page',
      page: { path: `/genre/${genreId}`, itemUri: null, header: null, sections },
      title: str(view.name),
      library: await library(visitor, sections),
    };
  });
}
