import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { episodePreviewUrl, episodeSoldIn, rowMarkets } from './markets';
import { PREVIEW_FILE_NAME, PREVIEW_VIDEO_PROFILE_ID } from '../ingest/transcode-video';

/** Where the objects link to: the Web API (`href`), the open site (`external_urls`), media files. */
export interface ObjectHosts {
  readonly api: string;
  readonly open: string;
  readonly static: string;
}

export interface ObjectContext {
  readonly hosts: ObjectHosts;
  /** The request's market (from_token already resolved); null when the request names none. */
  readonly market: string | null;
  /** The country an episode's is_playable is judged by when no market is given (spec 000 §5). */
  readonly country: string;
  /**
   * The account asking (null: anonymous). A listener's playlist that is not public exists for its
   * owner only: for anyone else it is built as null, the same as an unknown id (issue 12).
   */
  readonly viewer: string | null;
}

/**
 * The condition that the playlist aliased `u` (user_playlists, LEFT JOINed; NULL for a catalogue
 * playlist) may be seen by `viewer` (an account id; null: anonymous). The one rule, kept beside
 * simplifiedPlaylist's, for the queries that list playlist ids; the same SQL on SQLite and Postgres.
 */
export const playlistVisibleTo = (viewer: string | null) => sql<boolean>`(COALESCE(u.public, 1) = 1 OR u.owner_id = ${viewer})`;

export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}

export type Json = Record<string, unknown>;
type Row = Record<string, unknown>;

/** The Web API paging object: href, items, limit, next, offset, previous, total. */
export function pagingObject<T>(url: string, query: Record<string, string | undefined>, items: T[], total: number, page: PageRequest) {
  const link = (offset: number) => {
    const params = new URLSearchParams({ offset: String(offset), limit: String(page.limit) });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
    return `${url}?${params.toString()}`;
  };
  return {
    href: link(page.offset),
    items,
    limit: page.limit,
    next: page.offset + page.limit < total ? link(page.offset + page.limit) : null,
    offset: page.offset,
    previous: page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null,
    total,
  };
}

/** The slice a page asks for, and the paging object around the built items. */
export function pageOf<T>(ids: string[], page: PageRequest, build: (id: string) => T, url: string, query: Record<string, string | undefined> = {}) {
  return pagingObject(url, query, ids.slice(page.offset, page.offset + page.limit).map(build), ids.length, page);
}

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`: the precision the Web API states beside a release date. */
export const releaseDatePrecision = (date: string) => (/^\d{4}$/.test(date) ? 'year' : /^\d{4}-\d{2}$/.test(date) ? 'month' : 'day');

/** A user id for a playlist owner known only by display name (spec 001 §3 user ids may hold spaces). */
export const ownerId = (displayName: string) => displayName.toLowerCase().replace(/[^a-z0-9]+/g, '');

const str = (row: Row, column: string, fallback: string) => (typeof row[column] === 'string' ? row[column] : fallback);
const bool = (row: Row, column: string) => row[column] === 1 || row[column] === true;

/** Embedded pagings (album.tracks, playlist.tracks, show.episodes) carry the first 50 items. */
const EMBEDDED_PAGE: PageRequest = { limit: 50, offset: 0 };

/** The ids an object build starts from, by kind; `topTracksOf`: artists whose top tracks are read too. */
export interface CatalogueSeed {
  readonly artists?: readonly string[];
  readonly albums?: readonly string[];
  readonly tracks?: readonly string[];
  readonly playlists?: readonly string[];
  readonly shows?: readonly string[];
  readonly episodes?: readonly string[];
  readonly topTracksOf?: readonly string[];
}

/**
 * The rows an object build reads, fetched before it (issue 14: one query per table and round, not
 * one per row, so the embed page costs a handful of queries on SQLite and Postgres alike). Each kind
 * brings what its objects name: an album its artists and tracks (its markets are its tracks'), a
 * track its artists and album, a playlist its tracks, a show its episodes, an episode its show.
 */
interface CatalogueSlice {
  readonly artist: Map<string, Row>;
  readonly album: Map<string, Row>;
  readonly track: Map<string, Row>;
  readonly playlist: Map<string, Row>;
  readonly show: Map<string, Row>;
  readonly episode: Map<string, Row>;
  /** `${owner_type}:${owner_id}` → images, widest first. */
  readonly images: Map<string, Row[]>;
  readonly albumArtists: Map<string, string[]>;
  readonly trackArtists: Map<string, string[]>;
  readonly albumTracks: Map<string, string[]>;
  readonly topTracks: Map<string, string[]>;
  readonly playlistTracks: Map<string, string[]>;
  readonly showEpisodes: Map<string, string[]>;
  readonly userPlaylist: Map<string, Row>;
  readonly followers: Map<string, number>;
  /** Issue 17: `${item_type}:${item_id}` → genre names (artists and albums), in the metadata's order. */
  readonly genres: Map<string, string[]>;
}

type Kind = 'artist' | 'album' | 'track' | 'playlist' | 'show' | 'episode';
const KINDS: readonly Kind[] = ['artist', 'album', 'track', 'playlist', 'show', 'episode'];

const groupIds = (rows: ReadonlyArray<{ key: string; id: string }>, keys: readonly string[]) => {
  const grouped = new Map<string, string[]>(keys.map((k) => [k, []]));
  for (const r of rows) grouped.get(r.key)?.push(r.id);
  return grouped;
};

/** Reads the slice a seed needs, in rounds until nothing new is named (a few rounds: kinds name each other at most three deep). */
async function loadSlice(db: Kysely<Database>, seed: CatalogueSeed): Promise<CatalogueSlice> {
  const slice: CatalogueSlice = {
    artist: new Map(),
    album: new Map(),
    track: new Map(),
    playlist: new Map(),
    show: new Map(),
    episode: new Map(),
    images: new Map(),
    albumArtists: new Map(),
    trackArtists: new Map(),
    albumTracks: new Map(),
    topTracks: new Map(),
    playlistTracks: new Map(),
    showEpisodes: new Map(),
    userPlaylist: new Map(),
    followers: new Map(),
    genres: new Map(),
  };
  const seen: Record<Kind, Set<string>> = { artist: new Set(), album: new Set(), track: new Set(), playlist: new Set(), show: new Set(), episode: new Set() };
  let wanted: Record<Kind, Set<string>> = {
    artist: new Set(seed.artists),
    album: new Set(seed.albums),
    track: new Set(seed.tracks),
    playlist: new Set(seed.playlists),
    show: new Set(seed.shows),
    episode: new Set(seed.episodes),
  };
  const topOf = [...new Set(seed.topTracksOf)];
  if (topOf.length > 0) {
    const rows = await db
      .selectFrom('artist_top_tracks')
      .select(['artist_id as key', 'track_id as id'])
      .where('artist_id', 'in', topOf)
      .orderBy('position')
      .execute();
    for (const [key, ids] of groupIds(rows, topOf)) slice.topTracks.set(key, ids);
    for (const r of rows) wanted.track.add(r.id);
  }
  const imageOwners: Array<[string, string]> = [];
  // A track's row carries its markets (track_markets), an episode's its description.
  const tracksWhere = (column: 't.id' | 't.album_id', keys: string[]) =>
    db
      .selectFrom('tracks as t')
      .leftJoin('track_markets as m', 'm.track_id', 't.id')
      .selectAll('t')
      .select('m.available_markets')
      .where(column, 'in', keys)
      .orderBy('t.track_number')
      .orderBy('t.id')
      .execute();
  const episodesWhere = (column: 'e.id' | 'e.show_id', keys: string[]) =>
    db
      .selectFrom('episodes as e')
      .leftJoin('episode_descriptions as d', 'd.episode_id', 'e.id')
      // Issue 18: a video episode's source, for the embed page's video preview (videoPreview below).
      .leftJoin('video_sources as v', 'v.episode_id', 'e.id')
      .leftJoin('video_profiles as vp', (join) => join.onRef('vp.source_id', '=', 'v.source_id').on('vp.profile_id', '=', PREVIEW_VIDEO_PROFILE_ID))
      .selectAll('e')
      .select(['d.description', 'v.media_dir as video_media_dir', 'v.subtitle_languages as video_subtitle_languages'])
      .select(['vp.video_width as video_preview_width', 'vp.video_height as video_preview_height'])
      .where(column, 'in', keys)
      .orderBy('e.release_date', 'desc')
      .orderBy('e.id')
      .execute();
  const emptyKinds = (): Record<Kind, Set<string>> => ({
    artist: new Set(),
    album: new Set(),
    track: new Set(),
    playlist: new Set(),
    show: new Set(),
    episode: new Set(),
  });
  let next = emptyKinds();
  const add = (kind: Kind, id: string) => {
    if (!seen[kind].has(id)) next[kind].add(id);
  };
  // Credits come with the artists' rows: no round of their own.
  const credited = (rows: ReadonlyArray<{ key: string; id: string; name: string; dominant_color: string }>) => {
    for (const { id, name, dominant_color } of rows) {
      if (seen.artist.has(id)) continue;
      slice.artist.set(id, { id, name, dominant_color });
      seen.artist.add(id);
      imageOwners.push(['artist', id]);
    }
  };
  const trackArtists = (trackIds: string[]) =>
    db
      .selectFrom('track_artists as x')
      .innerJoin('artists as ar', 'ar.id', 'x.artist_id')
      .select(['x.track_id as key', 'ar.id', 'ar.name', 'ar.dominant_color'])
      .where('x.track_id', 'in', trackIds)
      .orderBy('x.position')
      .execute()
      .then((rows) => {
        for (const [key, list] of groupIds(rows, trackIds)) slice.trackArtists.set(key, list);
        credited(rows);
      });
  for (let round = 0; round < 8 && KINDS.some((k) => wanted[k].size > 0); round += 1) {
    const ids = Object.fromEntries(KINDS.map((k) => [k, [...wanted[k]].filter((id) => !seen[k].has(id))])) as Record<Kind, string[]>;
    for (const k of KINDS) for (const id of ids[k]) seen[k].add(id);
    next = emptyKinds();
    const reads: Array<Promise<void>> = [];
    if (ids.artist.length > 0) {
      reads.push(
        db
          .selectFrom('artists')
          .selectAll()
          .where('id', 'in', ids.artist)
          .execute()
          .then((rows) => {
            for (const r of rows) slice.artist.set(r.id, r);
          }),
      );
    }
    if (ids.album.length > 0) {
      reads.push(
        db
          .selectFrom('albums')
          .selectAll()
          .where('id', 'in', ids.album)
          .execute()
          .then((rows) => {
            for (const r of rows) slice.album.set(r.id, r);
          }),
        db
          .selectFrom('album_artists as x')
          .innerJoin('artists as ar', 'ar.id', 'x.artist_id')
          .select(['x.album_id as key', 'ar.id', 'ar.name', 'ar.dominant_color'])
          .where('x.album_id', 'in', ids.album)
          .orderBy('x.position')
          .execute()
          .then((rows) => {
            for (const [key, list] of groupIds(rows, ids.album)) slice.albumArtists.set(key, list);
            credited(rows);
          }),
        // The album's tracks come whole (an album's markets are its tracks'), with their artists: no round of their own.
        tracksWhere('t.album_id', ids.album).then(async (rows) => {
          for (const [key, list] of groupIds(
            rows.map((r) => ({ key: r.album_id, id: r.id })),
            ids.album,
          ))
            slice.albumTracks.set(key, list);
          const fresh = rows.filter((r) => !seen.track.has(r.id));
          for (const r of fresh) {
            slice.track.set(r.id, r);
            seen.track.add(r.id);
            imageOwners.push(['track', r.id]);
          }
          if (fresh.length > 0) await trackArtists(fresh.map((r) => r.id));
        }),
      );
    }
    if (ids.track.length > 0) {
      reads.push(
        tracksWhere('t.id', ids.track).then((rows) => {
          for (const r of rows) {
            slice.track.set(r.id, r);
            add('album', r.album_id);
          }
        }),
        trackArtists(ids.track),
      );
    }
    if (ids.playlist.length > 0) {
      reads.push(
        // With what a listener's playlist adds (server/web-api/playlist-store.ts: owner account, public flag,
        // version) and its followers, in one query.
        db
          .selectFrom('playlists as p')
          .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
          .leftJoin('accounts as a', 'a.id', 'u.owner_id')
          .select(['p.id', 'p.name', 'p.owner_display_name', 'p.dominant_color', 'u.owner_id', 'u.public', 'u.description', 'u.version'])
          .select((eb) => [
            eb.fn.coalesce('a.display_name', 'p.owner_display_name').as('display_name'),
            eb.selectFrom('playlist_followers as f').select(eb.fn.countAll<number>().as('n')).whereRef('f.playlist_id', '=', 'p.id').as('followers'),
          ])
          .where('p.id', 'in', ids.playlist)
          .execute()
          .then((rows) => {
            for (const r of rows) {
              slice.playlist.set(r.id, { id: r.id, name: r.name, owner_display_name: r.owner_display_name, dominant_color: r.dominant_color });
              if (r.owner_id !== null) {
                slice.userPlaylist.set(r.id, {
                  owner_id: r.owner_id,
                  public: r.public,
                  description: r.description,
                  version: r.version,
                  display_name: r.display_name,
                });
              }
              slice.followers.set(r.id, Number(r.followers ?? 0));
            }
          }),
        // The tracks come whole, with their artists: no round of their own.
        db
          .selectFrom('playlist_tracks as p')
          .innerJoin('tracks as t', 't.id', 'p.track_id')
          .leftJoin('track_markets as m', 'm.track_id', 't.id')
          .selectAll('t')
          .select(['m.available_markets', 'p.playlist_id as key'])
          .where('p.playlist_id', 'in', ids.playlist)
          .orderBy('p.position')
          .execute()
          .then(async (rows) => {
            for (const [key, list] of groupIds(rows, ids.playlist)) slice.playlistTracks.set(key, list);
            const fresh = [...new Map(rows.filter((r) => !seen.track.has(r.id)).map((r) => [r.id, r])).values()];
            for (const { key: _key, ...r } of fresh) {
              slice.track.set(r.id, r);
              seen.track.add(r.id);
              imageOwners.push(['track', r.id]);
              add('album', r.album_id);
            }
            if (fresh.length > 0) await trackArtists(fresh.map((r) => r.id));
          }),
      );
    }
    if (ids.show.length > 0) {
      reads.push(
        db
          .selectFrom('shows')
          .selectAll()
          .where('id', 'in', ids.show)
          .execute()
          .then((rows) => {
            for (const r of rows) slice.show.set(r.id, r);
          }),
        // The show's episodes come whole: no round of their own.
        episodesWhere('e.show_id', ids.show).then((rows) => {
          for (const [key, list] of groupIds(
            rows.map((r) => ({ key: r.show_id, id: r.id })),
            ids.show,
          ))
            slice.showEpisodes.set(key, list);
          for (const r of rows) {
            if (seen.episode.has(r.id)) continue;
            slice.episode.set(r.id, r);
            seen.episode.add(r.id);
            imageOwners.push(['episode', r.id]);
          }
        }),
      );
    }
    if (ids.episode.length > 0) {
      reads.push(
        episodesWhere('e.id', ids.episode).then((rows) => {
          for (const r of rows) {
            slice.episode.set(r.id, r);
            add('show', r.show_id);
          }
        }),
      );
    }
    await Promise.all(reads);
    for (const k of KINDS) for (const id of ids[k]) imageOwners.push([k, id]);
    wanted = next;
  }
  const genreOwners = [...slice.artist.keys(), ...slice.album.keys()];
  for (let i = 0; i < genreOwners.length; i += 500) {
    const rows = await db
      .selectFrom('item_genres as i')
      .innerJoin('genres as g', 'g.id', 'i.genre_id')
      .select(['i.item_type', 'i.item_id', 'g.name'])
      .where('i.item_type', 'in', ['artist', 'album'])
      .where('i.item_id', 'in', genreOwners.slice(i, i + 500))
      .orderBy('i.position')
      .execute();
    for (const r of rows) {
      const key = `${r.item_type}:${r.item_id}`;
      slice.genres.set(key, [...(slice.genres.get(key) ?? []), r.name]);
    }
  }
  const owners = [...new Set(imageOwners.map(([, id]) => id))];
  for (let i = 0; i < owners.length; i += 500) {
    const rows = await db
      .selectFrom('images')
      .select(['owner_type', 'owner_id', 'file', 'width', 'height'])
      .where('owner_id', 'in', owners.slice(i, i + 500))
      .orderBy('width', 'desc')
      .execute();
    for (const r of rows) {
      const key = `${r.owner_type}:${r.owner_id}`;
      slice.images.set(key, [...(slice.images.get(key) ?? []), r]);
    }
  }
  return slice;
}

/**
 * The one builder of catalogue objects shaped like the public Web API's, full and simplified, over
 * the rows of a slice (synchronous: every row it reads was fetched before). The embed page's
 * objects (./resources.ts) are projections of these. Optional columns a later schema may add
 * (available_markets on albums, description, explicit, album_type) are read when present; without
 * them the objects carry the Web API's neutral values.
 */
function createObjectBuilder(slice: CatalogueSlice) {
  const row = (kind: Kind, id: string) => slice[kind].get(id);
  const list = (map: Map<string, string[]>, id: string) => map.get(id) ?? [];
  const uri = (type: string, id: string) => `spotify:${type}:${id}`;
  const links = (ctx: ObjectContext, type: string, id: string) => ({
    external_urls: { spotify: `${ctx.hosts.open}/${type}/${id}` },
    href: `${ctx.hosts.api}/v1/${type}s/${encodeURIComponent(id)}`,
    id,
    type,
    uri: uri(type, id),
  });
  const mediaUrl = (ctx: ObjectContext, file: unknown) => (typeof file === 'string' ? `${ctx.hosts.static}/media/${file}` : null);
  const images = (ctx: ObjectContext, ownerType: string, ownerId: string) =>
    (slice.images.get(`${ownerType}:${ownerId}`) ?? []).map((r) => ({ url: mediaUrl(ctx, r.file), width: r.width, height: r.height }));
  /** Public API: is_playable (and a market restriction) only when the request names a market. */
  const playability = (ctx: ObjectContext, markets: string[]) =>
    ctx.market === null ? {} : markets.includes(ctx.market) ? { is_playable: true } : { is_playable: false, restrictions: { reason: 'market' } };

  function simplifiedArtist(id: string, ctx: ObjectContext): Json | null {
    const r = row('artist', id);
    return r === undefined ? null : { ...links(ctx, 'artist', id), name: r.name };
  }
  function artist(id: string, ctx: ObjectContext): Json | null {
    const r = row('artist', id);
    if (r === undefined) return null;
    const genres = slice.genres.get(`artist:${id}`) ?? [];
    return { ...simplifiedArtist(id, ctx), followers: { href: null, total: 0 }, genres, images: images(ctx, 'artist', id), popularity: 0 };
  }
  const artistList = (artistIds: string[], ctx: ObjectContext) => artistIds.map((a) => simplifiedArtist(a, ctx)).filter((a) => a !== null);

  function simplifiedAlbum(id: string, ctx: ObjectContext): Json | null {
    const r = row('album', id);
    if (r === undefined) return null;
    const markets = albumMarkets(id);
    const releaseDate = String(r.release_date);
    return {
      album_type: str(r, 'album_type', 'album'),
      total_tracks: list(slice.albumTracks, id).length,
      available_markets: markets,
      ...links(ctx, 'album', id),
      images: images(ctx, 'album', id),
      name: r.name,
      release_date: releaseDate,
      release_date_precision: releaseDatePrecision(releaseDate),
      ...playability(ctx, markets),
      artists: artistList(list(slice.albumArtists, id), ctx),
    };
  }
  /** An album is sold where any of its tracks is. */
  function albumMarkets(id: string): string[] {
    const all = list(slice.albumTracks, id).flatMap((t) => rowMarkets(row('track', t) ?? {}));
    return [...new Set(all)];
  }
  function album(id: string, ctx: ObjectContext): Json | null {
    const base = simplifiedAlbum(id, ctx);
    if (base === null) return null;
    const r = row('album', id) as Row;
    return {
      ...base,
      tracks: albumTracks(id, EMBEDDED_PAGE, ctx),
      copyrights: [],
      external_ids: {},
      genres: slice.genres.get(`album:${id}`) ?? [],
      label: str(r, 'label', ''),
      popularity: 0,
    };
  }
  function albumTracks(id: string, page: PageRequest, ctx: ObjectContext) {
    const url = `${ctx.hosts.api}/v1/albums/${encodeURIComponent(id)}/tracks`;
    return pageOf(list(slice.albumTracks, id), page, (t) => simplifiedTrack(t, ctx), url, { market: ctx.market ?? undefined });
  }

  function simplifiedTrack(id: string, ctx: ObjectContext): Json | null {
    const r = row('track', id);
    if (r === undefined) return null;
    const markets = rowMarkets(r);
    return {
      artists: artistList(list(slice.trackArtists, id), ctx),
      available_markets: markets,
      disc_number: typeof r.disc_number === 'number' ? r.disc_number : 1,
      duration_ms: r.duration_ms,
      explicit: bool(r, 'explicit'),
      ...links(ctx, 'track', id),
      ...playability(ctx, markets),
      name: r.name,
      preview_url: mediaUrl(ctx, r.preview_file),
      track_number: r.track_number,
      is_local: false,
    };
  }
  function track(id: string, ctx: ObjectContext): Json | null {
    const base = simplifiedTrack(id, ctx);
    if (base === null) return null;
    const r = row('track', id) as Row;
    return { ...base, album: simplifiedAlbum(String(r.album_id), ctx), external_ids: {}, popularity: 0 };
  }

  function playlistOwner(displayName: string, ctx: ObjectContext): Json {
    const id = ownerId(displayName);
    return { ...links(ctx, 'user', id), display_name: displayName };
  }
  function simplifiedPlaylist(id: string, ctx: ObjectContext): Json | null {
    const r = row('playlist', id);
    if (r === undefined) return null;
    const trackIds = list(slice.playlistTracks, id);
    const self = links(ctx, 'playlist', id);
    const mine = slice.userPlaylist.get(id);
    if (mine !== undefined && !bool(mine, 'public') && String(mine.owner_id) !== ctx.viewer) return null;
    // A listener's playlist: its version changes with every change (name, flag or tracks).
    const snapshotSource = mine === undefined ? trackIds.join(',') : `${trackIds.join(',')}#${String(mine.version)}`;
    return {
      collaborative: false,
      description: mine === undefined ? str(r, 'description', '') : str(mine, 'description', ''),
      ...self,
      images: images(ctx, 'playlist', id),
      name: r.name,
      owner:
        mine === undefined
          ? playlistOwner(String(r.owner_display_name), ctx)
          : { ...links(ctx, 'user', String(mine.owner_id)), display_name: mine.display_name },
      primary_color: null,
      public: mine === undefined ? true : bool(mine, 'public'),
      // Changes with the playlist's track list, as a snapshot id does.
      snapshot_id: createHash('sha1').update(snapshotSource).digest('base64url'),
      tracks: { href: `${self.href}/tracks`, total: trackIds.length },
    };
  }
  function playlist(id: string, ctx: ObjectContext): Json | null {
    const base = simplifiedPlaylist(id, ctx);
    if (base === null) return null;
    const followers = slice.followers.get(id) ?? 0;
    return { ...base, followers: { href: null, total: followers }, tracks: playlistTracks(id, EMBEDDED_PAGE, ctx) };
  }
  function playlistTracks(id: string, page: PageRequest, ctx: ObjectContext) {
    const url = `${ctx.hosts.api}/v1/playlists/${encodeURIComponent(id)}/tracks`;
    const item = (trackId: string) => ({ added_at: null, added_by: null, is_local: false, primary_color: null, track: track(trackId, ctx) });
    return pageOf(list(slice.playlistTracks, id), page, item, url, { market: ctx.market ?? undefined });
  }

  function simplifiedShow(id: string, ctx: ObjectContext): Json | null {
    const r = row('show', id);
    if (r === undefined) return null;
    const description = str(r, 'description', '');
    return {
      available_markets: JSON.parse(String(r.available_markets)) as string[],
      copyrights: [],
      description,
      html_description: str(r, 'html_description', description),
      explicit: bool(r, 'explicit'),
      ...links(ctx, 'show', id),
      images: images(ctx, 'show', id),
      is_externally_hosted: false,
      languages: [str(r, 'language', 'en')],
      media_type: 'audio',
      name: r.name,
      publisher: r.publisher,
      total_episodes: list(slice.showEpisodes, id).length,
    };
  }
  function show(id: string, ctx: ObjectContext): Json | null {
    const base = simplifiedShow(id, ctx);
    return base === null ? null : { ...base, episodes: showEpisodes(id, EMBEDDED_PAGE, ctx) };
  }
  function showEpisodes(id: string, page: PageRequest, ctx: ObjectContext) {
    const url = `${ctx.hosts.api}/v1/shows/${encodeURIComponent(id)}/episodes`;
    return pageOf(list(slice.showEpisodes, id), page, (e) => simplifiedEpisode(e, ctx), url, { market: ctx.market ?? undefined });
  }

  /** spec 001 §6: an episode is available if the country is in the markets of the episode or its show. */
  function episodeMarkets(r: Row): string[] {
    const show = row('show', String(r.show_id));
    const showMarkets = show === undefined ? [] : (JSON.parse(String(show.available_markets)) as string[]);
    return [...new Set([...(JSON.parse(String(r.available_markets)) as string[]), ...showMarkets])];
  }
  function simplifiedEpisode(id: string, ctx: ObjectContext): Json | null {
    const r = row('episode', id);
    if (r === undefined) return null;
    const market = ctx.market ?? ctx.country;
    const show = row('show', String(r.show_id));
    const playable = episodeSoldIn(String(r.available_markets), show === undefined ? null : String(show.available_markets), market);
    // spec 000 §5: an episode not sold in the market gets no playable media (the Web API's is_playable false, no preview);
    // a sold one's preview names the market, which the media route checks again (server/static/preview-markets.ts).
    const preview = playable ? mediaUrl(ctx, r.preview_file) : null;
    const releaseDate = String(r.release_date);
    const description = str(r, 'description', '');
    const language = str(r, 'language', 'en');
    return {
      audio_preview_url: preview === null ? null : episodePreviewUrl(preview, market),
      description,
      html_description: str(r, 'html_description', description),
      duration_ms: r.duration_ms,
      explicit: bool(r, 'explicit'),
      ...links(ctx, 'episode', id),
      images: images(ctx, 'episode', id),
      is_externally_hosted: false,
      is_playable: playable,
      ...(playable ? {} : { restrictions: { reason: 'market' } }),
      language,
      languages: [language],
      name: r.name,
      release_date: releaseDate,
      release_date_precision: releaseDatePrecision(releaseDate),
      available_markets: JSON.parse(String(r.available_markets)) as string[],
    };
  }
  function episode(id: string, ctx: ObjectContext): Json | null {
    const base = simplifiedEpisode(id, ctx);
    if (base === null) return null;
    return { ...base, show: simplifiedShow(String((row('episode', id) as Row).show_id), ctx) };
  }

  return {
    artist,
    simplifiedArtist,
    album,
    simplifiedAlbum,
    albumTracks,
    track,
    simplifiedTrack,
    playlist,
    simplifiedPlaylist,
    playlistTracks,
    show,
    simplifiedShow,
    showEpisodes,
    episode,
    simplifiedEpisode,
    /** Ordered id lists, for readers that page or project them. */
    albumTrackIds: (id: string) => list(slice.albumTracks, id),
    topTrackIds: (id: string) => list(slice.topTracks, id),
    playlistTrackIds: (id: string) => list(slice.playlistTracks, id),
    showEpisodeIds: (id: string) => list(slice.showEpisodes, id),
    /** The stored row of a resource (the embed page reads dominant_color from it). */
    row,
    /** Markets a track or album is available in (all of them unless the row lists its own). */
    albumMarkets,
    trackMarkets: (id: string) => {
      const r = row('track', id);
      return r === undefined ? [] : rowMarkets(r);
    },
    episodeMarkets: (id: string) => {
      const r = row('episode', id);
      return r === undefined ? [] : episodeMarkets(r);
    },
    /**
     * Issue 18: a video episode's anonymous preview (transcode-video.ts PREVIEW_FILE_NAME, clear, the first 30 s),
     * its picture size and subtitles; null for an audio episode and where the episode is not sold (spec 000 §5:
     * no playable media there), its URL naming the market as the MP3 preview's does.
     */
    episodeVideoPreview: (id: string, ctx: ObjectContext) => {
      const r = row('episode', id);
      if (r === undefined || typeof r.video_media_dir !== 'string') return null;
      const market = ctx.market ?? ctx.country;
      const show = row('show', String(r.show_id));
      if (!episodeSoldIn(String(r.available_markets), show === undefined ? null : String(show.available_markets), market)) return null;
      const base = `${ctx.hosts.static}/media/${r.video_media_dir}/`;
      const languages = typeof r.video_subtitle_languages === 'string' ? (JSON.parse(r.video_subtitle_languages) as string[]) : [];
      return {
        url: episodePreviewUrl(base + PREVIEW_FILE_NAME, market),
        width: Number(r.video_preview_width ?? 0),
        height: Number(r.video_preview_height ?? 0),
        subtitles: languages.map((language) => ({ language, url: `${base}subtitles/${encodeURIComponent(language)}.vtt` })),
      };
    },
  };
}

/** The builder over the rows a seed needs (createWebApiObjects's `view`). */
export type CatalogueView = ReturnType<typeof createObjectBuilder>;

/**
 * Catalogue objects over the configured database (issue 14: SQLite or Postgres). `view(seed)` reads
 * the rows of everything a request builds at once and answers the synchronous builder over them;
 * the other methods are shorthands for one object (the seed is its id).
 */
export function createWebApiObjects(db: Kysely<Database>) {
  const view = async (seed: CatalogueSeed): Promise<CatalogueView> => createObjectBuilder(await loadSlice(db, seed));
  type One = (id: string, ctx: ObjectContext) => Promise<Json | null>;
  const one =
    (key: keyof CatalogueSeed, build: (v: CatalogueView, id: string, ctx: ObjectContext) => Json | null): One =>
    async (id, ctx) =>
      build(await view({ [key]: [id] }), id, ctx);
  return {
    view,
    artist: one('artists', (v, id, ctx) => v.artist(id, ctx)),
    simplifiedArtist: one('artists', (v, id, ctx) => v.simplifiedArtist(id, ctx)),
    album: one('albums', (v, id, ctx) => v.album(id, ctx)),
    simplifiedAlbum: one('albums', (v, id, ctx) => v.simplifiedAlbum(id, ctx)),
    track: one('tracks', (v, id, ctx) => v.track(id, ctx)),
    simplifiedTrack: one('tracks', (v, id, ctx) => v.simplifiedTrack(id, ctx)),
    playlist: one('playlists', (v, id, ctx) => v.playlist(id, ctx)),
    simplifiedPlaylist: one('playlists', (v, id, ctx) => v.simplifiedPlaylist(id, ctx)),
    show: one('shows', (v, id, ctx) => v.show(id, ctx)),
    simplifiedShow: one('shows', (v, id, ctx) => v.simplifiedShow(id, ctx)),
    episode: one('episodes', (v, id, ctx) => v.episode(id, ctx)),
    simplifiedEpisode: one('episodes', (v, id, ctx) => v.simplifiedEpisode(id, ctx)),
    /** The ids of `kind` the catalogue holds, of those given (one query). */
    existing: async (kind: Kind, ids: readonly string[]): Promise<Set<string>> => {
      if (ids.length === 0) return new Set();
      const table = ({ artist: 'artists', album: 'albums', track: 'tracks', playlist: 'playlists', show: 'shows', episode: 'episodes' } as const)[kind];
      return new Set(
        (
          await db
            .selectFrom(table)
            .select('id')
            .where('id', 'in', [...ids])
            .execute()
        ).map((r) => r.id),
      );
    },
  };
}

export type WebApiObjects = ReturnType<typeof createWebApiObjects>;
