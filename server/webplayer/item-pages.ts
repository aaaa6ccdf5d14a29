import { tryParseUri } from '../../core/model/uri';
import {
  cardsSection,
  libraryVerb,
  radioActions,
  linkOf,
  list,
  obj,
  pickImage,
  rowsOf,
  str,
  tracksSection,
  webCardOf,
  webTrackOf,
  type HeaderAction,
  type WebPlayerPage,
  type WebSection,
} from '../../core/webplayer';
import type { PageMeta } from '../../ui/webplayer/page-data';
import type { PageContext, PageResult, Visitor } from './page-context';

type Json = Record<string, unknown>;
type ItemType = 'album' | 'artist' | 'playlist' | 'track' | 'show' | 'episode';

/** The header's cover at 232 px wide (shown at up to 232 px); the share image large. */
const HEADER_IMAGE_PX = 300;
const SHARE_IMAGE_PX = 640;

const year = (date: unknown) => str(date).slice(0, 4);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A total length as the well-known players write it: "1 hr 4 min", "38 min 12 sec". */
export function totalLength(ms: number): string {
  const minutes = Math.floor(ms / 60000);
  if (minutes >= 60) return `${Math.floor(minutes / 60)} hr ${minutes % 60} min`;
  const seconds = Math.floor((ms % 60000) / 1000);
  return minutes === 0 ? `${seconds} sec` : `${minutes} min ${seconds} sec`;
}

const itemActions = (uri: string, canToggle = true): HeaderAction[] => [
  { kind: 'play' },
  ...(canToggle ? [{ kind: 'library' as const, uri, verb: libraryVerb(uri) }] : []),
  ...radioActions(uri),
];

const TYPE_LABEL: Record<ItemType, string> = {
  album: 'Album',
  artist: 'Artist',
  playlist: 'Playlist',
  track: 'Song',
  show: 'Podcast',
  episode: 'Podcast Episode',
};
const OG_TYPE: Record<ItemType, string> = {
  album: 'music.album',
  artist: 'music.musician',
  playlist: 'music.playlist',
  track: 'music.song',
  show: 'website',
  episode: 'website',
};

function metaOf(type: ItemType, o: Json, byline: string): PageMeta {
  const description = str(o.description) || [TYPE_LABEL[type], byline].filter((s) => s !== '').join(' · ');
  return { description, imageUrl: pickImage(o.images, SHARE_IMAGE_PX) ?? pickImage(obj(o.album).images, SHARE_IMAGE_PX), type: OG_TYPE[type] };
}

const page = (path: string, itemUri: string, header: WebPlayerPage['header'], sections: WebPlayerPage['sections']): WebPlayerPage => ({
  path,
  itemUri,
  header,
  sections,
});

/**
 * The item pages at the widget's open URLs (spec 000 §7 "the public web player host plus the
 * item's type and id", and the universal link's extra query and bo=1, ignored): an album, artist,
 * playlist, track, show or episode as a web player page (spec 001 §2: its path plays the item).
 * What the visitor may see is what the Web API answers their token: another listener's private
 * playlist is not found.
 */
export function registerItemPages(ctx: PageContext): void {
  const builders: Record<ItemType, (id: string, visitor: Visitor) => Promise<PageResult>> = {
    album: async (id, visitor) => {
      const album = await ctx.api(visitor, `/v1/albums/${id}?market=from_token`);
      if (album.status !== 200) return { kind: 'notFound', what: 'album' };
      const o = obj(album.body);
      const uri = str(o.uri);
      const rows = list(obj(o.tracks).items).map((t) => webTrackOf(t, o));
      const artists = list(o.artists);
      const first = artists[0];
      const more =
        first === undefined
          ? []
          : list(obj(await ctx.apiOk(visitor, `/v1/artists/${str(first.id)}/albums?limit=12&market=from_token`)).items)
              .filter((a) => str(a.id) !== id)
              .map(webCardOf);
      const albumType = str(o.album_type);
      const header = {
        uri,
        typeLabel: albumType === 'single' ? 'Single' : albumType === 'compilation' ? 'Compilation' : 'Album',
        name: str(o.name),
        imageUrl: pickImage(o.images, HEADER_IMAGE_PX),
        round: false,
        byline: artists.map(linkOf),
        details: [year(o.release_date), count(rows.length, 'song', 'songs'), totalLength(rows.reduce((n, r) => n + r.durationMs, 0))].filter((d) => d !== ''),
        description: null,
        actions: itemActions(uri),
      };
      const sections: WebSection[] = [tracksSection('tracks', null, uri, rows, { album: false, cover: false }, 'This album has no songs.')];
      if (more.length > 0)
        sections.push(cardsSection('more', `More by ${str(first?.name)}`, more, '', first === undefined ? null : `/artist/${str(first.id)}`));
      const library = await ctx.libraryOf(visitor, [uri, ...rows.map((r) => r.uri)]);
      return {
        kind: 'page',
        page: page(`/album/${id}`, uri, header, sections),
        title: str(o.name),
        library,
        meta: metaOf('album', o, artists.map((a) => str(a.name)).join(', ')),
      };
    },

    artist: async (id, visitor) => {
      const artist = await ctx.api(visitor, `/v1/artists/${id}`);
      if (artist.status !== 200) return { kind: 'notFound', what: 'artist' };
      const o = obj(artist.body);
      const uri = str(o.uri);
      const [top, albums, related] = await Promise.all([
        ctx.apiOk(visitor, `/v1/artists/${id}/top-tracks?market=from_token`),
        ctx.apiOk(visitor, `/v1/artists/${id}/albums?include_groups=album,single,compilation&limit=20&market=from_token`),
        ctx.apiOk(visitor, `/v1/artists/${id}/related-artists`),
      ]);
      const rows = list(obj(top).tracks).map((t) => webTrackOf(t));
      const followers = obj(o.followers).total;
      const header = {
        uri,
        typeLabel: TYPE_LABEL.artist,
        name: str(o.name),
        imageUrl: pickImage(o.images, HEADER_IMAGE_PX),
        round: true,
        byline: [],
        details: typeof followers === 'number' ? [count(followers, 'follower', 'followers')] : [],
        description: null,
        actions: itemActions(uri),
      };
      const sections = [
        // The artist's context plays their top tracks (spec 001 §2: the path plays the item).
        tracksSection('popular', 'Popular', uri, rows, { album: true, cover: true }, 'No popular songs yet.'),
        cardsSection('discography', 'Discography', list(obj(albums).items).map(webCardOf), 'No releases yet.'),
        cardsSection('related', 'Fans also like', list(obj(related).artists).map(webCardOf), 'No related artists yet.'),
      ];
      const library = await ctx.libraryOf(visitor, [uri, ...rows.map((r) => r.uri)]);
      return { kind: 'page', page: page(`/artist/${id}`, uri, header, sections), title: str(o.name), library, meta: metaOf('artist', o, '') };
    },

    playlist: async (id, visitor) => {
      const playlist = await ctx.api(visitor, `/v1/playlists/${id}?market=from_token`);
      if (playlist.status !== 200) return { kind: 'notFound', what: 'playlist' };
      const o = obj(playlist.body);
      const uri = str(o.uri);
      const rows = list(obj(o.tracks).items)
        .map((item) => obj(item.track))
        .filter((t) => str(t.uri) !== '')
        .map((t) => webTrackOf(t));
      const owner = obj(o.owner);
      const followers = obj(o.followers).total;
      // A listener does not follow their own playlist from its page (they made it).
      const own = visitor.session !== null && str(owner.id) === visitor.session.userId;
      const header = {
        uri,
        typeLabel: o.public === false ? 'Private Playlist' : 'Public Playlist',
        name: str(o.name),
        imageUrl: pickImage(o.images, HEADER_IMAGE_PX) ?? rows[0]?.imageUrl ?? null,
        round: false,
        byline: [{ name: str(owner.display_name) || str(owner.id), href: null }].filter((b) => b.name !== ''),
        details: [
          ...(typeof followers === 'number' && followers > 0 ? [count(followers, 'save', 'saves')] : []),
          count(rows.length, 'song', 'songs'),
          totalLength(rows.reduce((n, r) => n + r.durationMs, 0)),
        ],
        description: str(o.description) || null,
        actions: itemActions(uri, !own),
      };
      const sections = [tracksSection('tracks', null, uri, rows, { album: true, cover: true }, 'This playlist is empty.')];
      const library = await ctx.libraryOf(visitor, [...(own ? [] : [uri]), ...rows.map((r) => r.uri)]);
      return {
        kind: 'page',
        page: page(`/playlist/${id}`, uri, header, sections),
        title: str(o.name),
        library,
        meta: metaOf('playlist', o, header.byline[0]?.name ?? ''),
        // Its owner may change it on this page (issue 17 playlist editing).
        ...(own
          ? { playlist: { id, name: str(o.name), public: o.public !== false, owned: true, rows: rowsOf(rows), snapshotId: str(o.snapshot_id) || null } }
          : {}),
      };
    },

    track: async (id, visitor) => {
      const track = await ctx.api(visitor, `/v1/tracks/${id}?market=from_token`);
      if (track.status !== 200) return { kind: 'notFound', what: 'track' };
      const o = obj(track.body);
      const row = webTrackOf(o);
      const album = obj(o.album);
      const artists = list(o.artists);
      const first = artists[0];
      const more = first === undefined ? null : await ctx.apiOk(visitor, `/v1/artists/${str(first.id)}/albums?limit=12&market=from_token`);
      const header = {
        uri: row.uri,
        typeLabel: TYPE_LABEL.track,
        name: row.name,
        imageUrl: pickImage(album.images, HEADER_IMAGE_PX),
        round: false,
        byline: [...artists.map(linkOf), ...(row.album === null ? [] : [row.album])],
        details: [year(album.release_date), totalLength(row.durationMs)].filter((d) => d !== ''),
        description: null,
        actions: itemActions(row.uri),
      };
      const sections = [
        tracksSection('track', null, row.uri, [row], { album: true, cover: false }, ''),
        cardsSection(
          'more',
          `More by ${str(first?.name)}`,
          list(obj(more).items).map(webCardOf),
          'Nothing more yet.',
          first === undefined ? null : `/artist/${str(first.id)}`,
        ),
      ];
      const library = await ctx.libraryOf(visitor, [row.uri]);
      return {
        kind: 'page',
        page: page(`/track/${id}`, row.uri, header, sections),
        title: row.name,
        library,
        meta: metaOf('track', o, artists.map((a) => str(a.name)).join(', ')),
      };
    },

    show: async (id, visitor) => {
      const show = await ctx.api(visitor, `/v1/shows/${id}?market=from_token`);
      if (show.status !== 200) return { kind: 'notFound', what: 'show' };
      const o = obj(show.body);
      const uri = str(o.uri);
      const rows = list(obj(o.episodes).items).map((e) => webTrackOf({ ...e, show: { ...o, episodes: undefined } }));
      const header = {
        uri,
        typeLabel: TYPE_LABEL.show,
        name: str(o.name),
        imageUrl: pickImage(o.images, HEADER_IMAGE_PX),
        round: false,
        byline: [{ name: str(o.publisher), href: null }].filter((b) => b.name !== ''),
        details: [count(rows.length, 'episode', 'episodes')],
        description: str(o.description) || null,
        actions: itemActions(uri),
      };
      const sections = [tracksSection('episodes', 'All episodes', uri, rows, { album: false, cover: true }, 'No episodes yet.')];
      const library = await ctx.libraryOf(visitor, [uri]);
      return { kind: 'page', page: page(`/show/${id}`, uri, header, sections), title: str(o.name), library, meta: metaOf('show', o, str(o.publisher)) };
    },

    episode: async (id, visitor) => {
      const episode = await ctx.api(visitor, `/v1/episodes/${id}?market=from_token`);
      if (episode.status !== 200) return { kind: 'notFound', what: 'episode' };
      const o = obj(episode.body);
      const row = webTrackOf(o);
      const show = obj(o.show);
      const header = {
        uri: row.uri,
        typeLabel: TYPE_LABEL.episode,
        name: row.name,
        imageUrl: pickImage(o.images, HEADER_IMAGE_PX) ?? pickImage(show.images, HEADER_IMAGE_PX),
        round: false,
        byline: row.artists,
        details: [str(o.release_date), totalLength(row.durationMs)].filter((d) => d !== ''),
        description: str(o.description) || null,
        actions: itemActions(row.uri, false),
      };
      const sections = [
        tracksSection('episode', null, row.uri, [row], { album: false, cover: true }, ''),
        ...(Object.keys(show).length > 0 ? [cardsSection('show', 'From the podcast', [webCardOf(show)], '')] : []),
      ];
      return { kind: 'page', page: page(`/episode/${id}`, row.uri, header, sections), title: row.name, meta: metaOf('episode', o, str(show.name)) };
    },
  };

  for (const type of Object.keys(builders) as ItemType[]) {
    ctx.page<{ id: string }>(`/${type}/:id`, async (request, visitor) => {
      const { id } = request.params;
      // A malformed id is the visitor's mistake: a readable 400, never a 500.
      if (tryParseUri(`spotify:${type}:${id}`) === null) return { kind: 'invalid', message: `${type}/${id} does not name an item.` };
      return builders[type](id, visitor);
    });
  }
}
