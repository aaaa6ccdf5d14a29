import { createHash } from 'node:crypto';
import type { Db } from '../db/open-database';
import { rowMarkets } from './markets';

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
 * SQL condition: the playlist aliased `u` (user_playlists, LEFT JOINed; NULL for a catalogue
 * playlist) may be seen by the account bound as `viewerParam`. The one rule, kept beside
 * simplifiedPlaylist's, for the queries that list playlist ids.
 */
export const playlistVisibleTo = (viewerParam: string) => `(COALESCE(u.public, 1) = 1 OR u.owner_id = ${viewerParam})`;

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

const hasTable = (db: Db, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
const str = (row: Row, column: string, fallback: string) => (typeof row[column] === 'string' ? (row[column] as string) : fallback);
const bool = (row: Row, column: string) => row[column] === 1 || row[column] === true;

/** Embedded pagings (album.tracks, playlist.tracks, show.episodes) carry the first 50 items. */
const EMBEDDED_PAGE: PageRequest = { limit: 50, offset: 0 };

/**
 * The one builder of catalogue objects shaped like the public Web API's, full and simplified. The
 * embed page's objects (./resources.ts) are projections of these. Optional columns a later schema
 * may add (available_markets on albums and tracks, description, explicit, album_type) are read when
 * present; without them the objects carry the Web API's neutral values.
 */
export function createWebApiObjects(db: Db) {
  const q = {
    artist: db.prepare('SELECT * FROM artists WHERE id = ?'),
    album: db.prepare('SELECT * FROM albums WHERE id = ?'),
    // Markets and descriptions live in tables of their own that an older database may lack.
    track: db.prepare(
      hasTable(db, 'track_markets')
        ? 'SELECT t.*, m.available_markets FROM tracks t LEFT JOIN track_markets m ON m.track_id = t.id WHERE t.id = ?'
        : 'SELECT * FROM tracks WHERE id = ?',
    ),
    playlist: db.prepare('SELECT * FROM playlists WHERE id = ?'),
    show: db.prepare('SELECT * FROM shows WHERE id = ?'),
    episode: db.prepare(
      hasTable(db, 'episode_descriptions')
        ? 'SELECT e.*, d.description FROM episodes e LEFT JOIN episode_descriptions d ON d.episode_id = e.id WHERE e.id = ?'
        : 'SELECT * FROM episodes WHERE id = ?',
    ),
    images: db.prepare('SELECT file, width, height FROM images WHERE owner_type = ? AND owner_id = ? ORDER BY width DESC'),
    albumArtists: db.prepare('SELECT artist_id AS id FROM album_artists WHERE album_id = ? ORDER BY position'),
    trackArtists: db.prepare('SELECT artist_id AS id FROM track_artists WHERE track_id = ? ORDER BY position'),
    albumTracks: db.prepare('SELECT id FROM tracks WHERE album_id = ? ORDER BY track_number'),
    topTracks: db.prepare('SELECT track_id AS id FROM artist_top_tracks WHERE artist_id = ? ORDER BY position'),
    playlistTracks: db.prepare('SELECT track_id AS id FROM playlist_tracks WHERE playlist_id = ? ORDER BY position'),
    showEpisodes: db.prepare('SELECT id FROM episodes WHERE show_id = ? ORDER BY release_date DESC'),
    // Playlists listeners made (server/web-api/library-store.ts): owner account, public flag, version.
    userPlaylist: hasTable(db, 'user_playlists')
      ? db.prepare(
          `SELECT u.owner_id, u.public, u.description, u.version, COALESCE(a.display_name, p.owner_display_name) AS display_name
           FROM user_playlists u JOIN playlists p ON p.id = u.playlist_id LEFT JOIN accounts a ON a.id = u.owner_id WHERE u.playlist_id = ?`,
        )
      : null,
    followerCount: hasTable(db, 'playlist_followers') ? db.prepare('SELECT count(*) AS id FROM playlist_followers WHERE playlist_id = ?') : null,
  };
  const ids = (stmt: { all(id: string): unknown[] }, id: string) => (stmt.all(id) as Row[]).map((r) => String(r.id));
  const row = (stmt: { get(id: string): unknown }, id: string) => stmt.get(id) as Row | undefined;

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
    (q.images.all(ownerType, ownerId) as Row[]).map((r) => ({ url: mediaUrl(ctx, r.file), width: r.width, height: r.height }));
  /** Public API: is_playable (and a market restriction) only when the request names a market. */
  const playability = (ctx: ObjectContext, markets: string[]) =>
    ctx.market === null ? {} : markets.includes(ctx.market) ? { is_playable: true } : { is_playable: false, restrictions: { reason: 'market' } };

  function simplifiedArtist(id: string, ctx: ObjectContext): Json | null {
    const r = row(q.artist, id);
    return r === undefined ? null : { ...links(ctx, 'artist', id), name: r.name };
  }
  function artist(id: string, ctx: ObjectContext): Json | null {
    const r = row(q.artist, id);
    if (r === undefined) return null;
    return { ...simplifiedArtist(id, ctx), followers: { href: null, total: 0 }, genres: [], images: images(ctx, 'artist', id), popularity: 0 };
  }
  const artistList = (artistIds: string[], ctx: ObjectContext) => artistIds.map((a) => simplifiedArtist(a, ctx)).filter((a) => a !== null);

  function simplifiedAlbum(id: string, ctx: ObjectContext): Json | null {
    const r = row(q.album, id);
    if (r === undefined) return null;
    const markets = albumMarkets(id);
    const releaseDate = String(r.release_date);
    return {
      album_type: str(r, 'album_type', 'album'),
      total_tracks: ids(q.albumTracks, id).length,
      available_markets: markets,
      ...links(ctx, 'album', id),
      images: images(ctx, 'album', id),
      name: r.name,
      release_date: releaseDate,
      release_date_precision: releaseDatePrecision(releaseDate),
      ...playability(ctx, markets),
      artists: artistList(ids(q.albumArtists, id), ctx),
    };
  }
  /** An album is sold where any of its tracks is. */
  function albumMarkets(id: string): string[] {
    const all = ids(q.albumTracks, id).flatMap((t) => rowMarkets(row(q.track, t) ?? {}));
    return [...new Set(all)];
  }
  function album(id: string, ctx: ObjectContext): Json | null {
    const base = simplifiedAlbum(id, ctx);
    if (base === null) return null;
    const r = row(q.album, id) as Row;
    return {
      ...base,
      tracks: albumTracks(id, EMBEDDED_PAGE, ctx),
      copyrights: [],
      external_ids: {},
      genres: [],
      label: str(r, 'label', ''),
      popularity: 0,
    };
  }
  function albumTracks(id: string, page: PageRequest, ctx: ObjectContext) {
    const url = `${ctx.hosts.api}/v1/albums/${encodeURIComponent(id)}/tracks`;
    return pageOf(ids(q.albumTracks, id), page, (t) => simplifiedTrack(t, ctx), url, { market: ctx.market ?? undefined });
  }

  function simplifiedTrack(id: string, ctx: ObjectContext): Json | null {
    const r = row(q.track, id);
    if (r === undefined) return null;
    const markets = rowMarkets(r);
    return {
      artists: artistList(ids(q.trackArtists, id), ctx),
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
    const r = row(q.track, id) as Row;
    return { ...base, album: simplifiedAlbum(String(r.album_id), ctx), external_ids: {}, popularity: 0 };
  }

  function playlistOwner(displayName: string, ctx: ObjectContext): Json {
    const id = ownerId(displayName);
    return { ...links(ctx, 'user', id), display_name: displayName };
  }
  function simplifiedPlaylist(id: string, ctx: ObjectContext): Json | null {
    const r = row(q.playlist, id);
    if (r === undefined) return null;
    const trackIds = ids(q.playlistTracks, id);
    const self = links(ctx, 'playlist', id);
    const mine = q.userPlaylist === null ? undefined : row(q.userPlaylist, id);
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
    const followers = q.followerCount === null ? 0 : Number((q.followerCount.get(id) as Row).id);
    return { ...base, followers: { href: null, total: followers }, tracks: playlistTracks(id, EMBEDDED_PAGE, ctx) };
  }
  function playlistTracks(id: string, page: PageRequest, ctx: ObjectContext) {
    const url = `${ctx.hosts.api}/v1/playlists/${encodeURIComponent(id)}/tracks`;
    const item = (trackId: string) => ({ added_at: null, added_by: null, is_local: false, primary_color: null, track: track(trackId, ctx) });
    return pageOf(ids(q.playlistTracks, id), page, item, url, { market: ctx.market ?? undefined });
  }

  function simplifiedShow(id: string, ctx: ObjectContext): Json | null {
    const r = row(q.show, id);
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
      total_episodes: ids(q.showEpisodes, id).length,
    };
  }
  function show(id: string, ctx: ObjectContext): Json | null {
    const base = simplifiedShow(id, ctx);
    return base === null ? null : { ...base, episodes: showEpisodes(id, EMBEDDED_PAGE, ctx) };
  }
  function showEpisodes(id: string, page: PageRequest, ctx: ObjectContext) {
    const url = `${ctx.hosts.api}/v1/shows/${encodeURIComponent(id)}/episodes`;
    return pageOf(ids(q.showEpisodes, id), page, (e) => simplifiedEpisode(e, ctx), url, { market: ctx.market ?? undefined });
  }

  /** spec 001 §6: an episode is available if the country is in the markets of the episode or its show. */
  function episodeMarkets(r: Row): string[] {
    const show = row(q.show, String(r.show_id));
    const showMarkets = show === undefined ? [] : (JSON.parse(String(show.available_markets)) as string[]);
    return [...new Set([...(JSON.parse(String(r.available_markets)) as string[]), ...showMarkets])];
  }
  function simplifiedEpisode(id: string, ctx: ObjectContext): Json | null {
    const r = row(q.episode, id);
    if (r === undefined) return null;
    const playable = episodeMarkets(r).includes(ctx.market ?? ctx.country);
    const releaseDate = String(r.release_date);
    const description = str(r, 'description', '');
    const language = str(r, 'language', 'en');
    return {
      audio_preview_url: mediaUrl(ctx, r.preview_file),
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
    return { ...base, show: simplifiedShow(String((row(q.episode, id) as Row).show_id), ctx) };
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
    albumTrackIds: (id: string) => ids(q.albumTracks, id),
    topTrackIds: (id: string) => ids(q.topTracks, id),
    playlistTrackIds: (id: string) => ids(q.playlistTracks, id),
    showEpisodeIds: (id: string) => ids(q.showEpisodes, id),
    /** The stored row of a resource (the embed page reads dominant_color from it). */
    row: (type: 'artist' | 'album' | 'track' | 'playlist' | 'show' | 'episode', id: string) => row(q[type], id),
    /** Markets a track or album is available in (all of them unless the row lists its own). */
    albumMarkets,
    trackMarkets: (id: string) => {
      const r = row(q.track, id);
      return r === undefined ? [] : rowMarkets(r);
    },
    episodeMarkets: (id: string) => {
      const r = row(q.episode, id);
      return r === undefined ? [] : episodeMarkets(r);
    },
  };
}

export type WebApiObjects = ReturnType<typeof createWebApiObjects>;
