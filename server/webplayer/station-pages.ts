import { list, obj, pickImage, str, tracksSection, webTrackOf } from '../../core/webplayer';
import type { PageContext } from './page-context';

const SEED_TYPES = ['track', 'artist', 'album', 'playlist'] as const;
type SeedType = (typeof SEED_TYPES)[number];
const isSeedType = (s: string): s is SeedType => (SEED_TYPES as readonly string[]).includes(s);
const HEADER_IMAGE_PX = 300;

/**
 * A radio station's page (issue 17, spec 001 §7 Radio): /station/{track|artist|album|playlist}/{id}
 * (ours: spec 001 §2 names no station path). It lists what the station plays next for the visitor
 * (GET /radio-apollo/v3/stations/{id}, their bans left out, spec 001 §9 count 20, no salt: the order
 * the station plays as a context, server/playback/context-tracks.ts), as a track list playing in the
 * station; each row can be liked or banned (core/webplayer/radio.ts).
 */
export function registerStationPages(ctx: PageContext): void {
  ctx.page<{ type: string; id: string }>('/station/:type/:id', async (request, visitor) => {
    const { type, id } = request.params;
    if (!isSeedType(type) || !/^[0-9A-Za-z]{1,22}$/.test(id)) return { kind: 'invalid', message: 'A station is /station/{track|artist|album|playlist}/{id}.' };
    const uri = `spotify:station:${type}:${id}`;
    const answer = await ctx.api(visitor, `/radio-apollo/v3/stations/${encodeURIComponent(uri)}?count=20`);
    if (answer.status !== 200) return { kind: 'notFound', what: 'station' };
    const station = obj(answer.body);
    const rows = list(station.tracks).map((t) => webTrackOf(obj(t)));
    const title = str(station.title);
    const name = `${title} Radio`;
    const path = `/station/${type}/${id}`;
    const first = obj(list(station.tracks)[0]);
    return {
      kind: 'page',
      page: {
        path,
        itemUri: null,
        header: {
          uri,
          typeLabel: 'Radio',
          name,
          imageUrl: pickImage(obj(first.album).images, HEADER_IMAGE_PX),
          round: false,
          byline: [{ name: `Based on ${title}`, href: `/${type}/${id}` }],
          details: [`${rows.length} ${rows.length === 1 ? 'song' : 'songs'}`],
          description: null,
          actions: [{ kind: 'play' }],
        },
        sections: [tracksSection('station', null, uri, rows, { album: true, cover: true }, 'This station has nothing more to play.')],
      },
      title: name,
      library: await ctx.libraryOf(
        visitor,
        rows.map((r) => r.uri),
      ),
    };
  });
}
