import { list, obj, tracksSection, webTrackOf } from '../../core/webplayer';
import type { PageContext } from './page-context';
import { searchTabs } from './search-results-pages';

const SEARCH_LIMIT = 20;

/** spec 001 §2 /search/{query} and its sub-paths; the search box's form (no script needed) lands on the path. */
export function registerSearchPages(ctx: PageContext): void {
  ctx.app.get<{ Querystring: { q?: string } }>('/search', async (request, reply) => {
    const q = (request.query.q ?? '').trim();
    return reply.redirect(q === '' ? '/collection/tracks' : `/search/${encodeURIComponent(q)}`, 303);
  });

  const songs = async (query: string, path: string, visitor: Parameters<Parameters<PageContext['page']>[1]>[1]) => {
    const found = obj(await ctx.apiOk(visitor, `/v1/search?q=${encodeURIComponent(query)}&type=track&limit=${SEARCH_LIMIT}&market=from_token`));
    const rows = list(obj(found.tracks).items).map((o) => webTrackOf(o));
    return {
      kind: 'page' as const,
      page: {
        path,
        itemUri: null,
        header: null,
        sections: [searchTabs(query, path), tracksSection('songs', 'Songs', null, rows, { album: true, cover: true }, 'Nothing found.')],
      },
      title: `Songs for “${query}”`,
      query,
      library: await ctx.libraryOf(
        visitor,
        rows.map((r) => r.uri),
      ),
    };
  };
  // /search/{query} itself is the top results of every type: search-results-pages.ts.
  ctx.page<{ query: string }>('/search/:query/songs', (request, visitor) =>
    songs(request.params.query, `/search/${encodeURIComponent(request.params.query)}/songs`, visitor),
  );
}
