import { list, obj, tracksSection, webTrackOf } from '../../core/webplayer';
import type { PageContext } from './page-context';

/** The Web API's page size of /me/tracks (spec 001 §7). */
const COLLECTION_LIMIT = 50;

/** spec 001 §2 /collection/...: the logged-in listener's own library; an anonymous visitor is sent to log in and back. */
export function registerCollectionPages(ctx: PageContext): void {
  ctx.page('/collection/tracks', async (_request, visitor) => {
    if (visitor.session === null) return { kind: 'redirect', location: `/login?continue=${encodeURIComponent('/collection/tracks')}` };
    const items = list(obj(await ctx.apiOk(visitor, `/v1/me/tracks?limit=${COLLECTION_LIMIT}&market=from_token`)).items);
    const rows = items.map((item) => webTrackOf(obj(item.track)));
    const context = `spotify:user:${visitor.session.userId}:collection`;
    return {
      kind: 'page',
      page: {
        path: '/collection/tracks',
        itemUri: null,
        header: {
          uri: null,
          typeLabel: 'Playlist',
          name: 'Liked Songs',
          imageUrl: null,
          round: false,
          byline: [],
          details: [`${rows.length} ${rows.length === 1 ? 'song' : 'songs'}`],
          description: null,
          actions: [{ kind: 'play' }],
        },
        sections: [tracksSection('liked', null, context, rows, { album: true, cover: true }, 'Songs you save show up here.')],
      },
      title: 'Liked Songs',
      library: Object.fromEntries(rows.map((r) => [r.uri, true])),
    };
  });
}
