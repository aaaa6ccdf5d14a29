import type { Db } from '../db/open-database';

/** The provider's hosts the objects link to (spec 000 §7); '' means this server, relative URLs. */
export interface Hosts {
  readonly open: string;
  readonly static: string;
}

export interface ReaderOptions extends Hosts {
  /** The visitor's market: an episode is playable only where it is available (spec 000 §5). */
  readonly country: string;
}

export type ResourceType = 'album' | 'artist' | 'playlist' | 'track' | 'show' | 'episode';
export const RESOURCE_TYPES: ReadonlyArray<ResourceType> = ['album', 'artist', 'playlist', 'track', 'show', 'episode'];

type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

/**
 * Builds catalogue objects shaped like the public Web API's (plus the embed's dominantColor),
 * as the embed page's JSON block carries them (spec 000 §3). Returns null for an unknown id.
 */
export function createResourceReader(db: Db, hosts: ReaderOptions) {
  const q = {
    artist: db.prepare('SELECT * FROM artists WHERE id = ?'),
    album: db.prepare('SELECT * FROM albums WHERE id = ?'),
    track: db.prepare('SELECT * FROM tracks WHERE id = ?'),
    playlist: db.prepare('SELECT * FROM playlists WHERE id = ?'),
    show: db.prepare('SELECT * FROM shows WHERE id = ?'),
    episode: db.prepare('SELECT * FROM episodes WHERE id = ?'),
    images: db.prepare('SELECT file, width, height FROM images WHERE owner_type = ? AND owner_id = ? ORDER BY width DESC'),
    albumArtists: db.prepare(
      'SELECT a.id, a.name FROM album_artists x JOIN artists a ON a.id = x.artist_id WHERE x.album_id = ? ORDER BY x.position',
    ),
    trackArtists: db.prepare(
      'SELECT a.id, a.name FROM track_artists x JOIN artists a ON a.id = x.artist_id WHERE x.track_id = ? ORDER BY x.position',
    ),
    albumTracks: db.prepare('SELECT id FROM tracks WHERE album_id = ? ORDER BY track_number'),
    topTracks: db.prepare('SELECT track_id AS id FROM artist_top_tracks WHERE artist_id = ? ORDER BY position'),
    playlistTracks: db.prepare('SELECT track_id AS id FROM playlist_tracks WHERE playlist_id = ? ORDER BY position'),
    showEpisodes: db.prepare('SELECT id FROM episodes WHERE show_id = ? ORDER BY release_date DESC'),
  };

  const uri = (type: string, id: string) => `spotify:${type}:${id}`;
  const externalUrls = (type: string, id: string) => ({ spotify: `${hosts.open}/${type}/${id}` });
  const mediaUrl = (file: unknown) => (typeof file === 'string' ? `${hosts.static}/media/${file}` : null);
  const images = (ownerType: string, ownerId: string) =>
    (q.images.all(ownerType, ownerId) as Row[]).map((r) => ({ url: mediaUrl(r.file), width: r.width, height: r.height }));
  const artistRefs = (rows: Row[]) =>
    rows.map((r) => ({ name: r.name, uri: uri('artist', String(r.id)), external_urls: externalUrls('artist', String(r.id)) }));
  const ids = (stmt: { all(id: string): unknown[] }, id: string) => (stmt.all(id) as Row[]).map((r) => String(r.id));

  function trackObject(id: string): Json | null {
    const row = q.track.get(id) as Row | undefined;
    if (row === undefined) return null;
    const albumId = String(row.album_id);
    const album = q.album.get(albumId) as Row;
    return {
      type: 'track',
      id,
      uri: uri('track', id),
      name: row.name,
      is_playable: true,
      duration_ms: row.duration_ms,
      track_number: row.track_number,
      audio_preview_url: mediaUrl(row.preview_file),
      artists: artistRefs(q.trackArtists.all(id) as Row[]),
      album: { uri: uri('album', albumId), name: album.name, images: images('album', albumId) },
      external_urls: externalUrls('track', id),
      dominantColor: album.dominant_color,
    };
  }

  function showRef(showId: string): Json & { available_markets: string[] } {
    const show = q.show.get(showId) as Row;
    return {
      uri: uri('show', showId),
      name: show.name,
      publisher: show.publisher,
      images: images('show', showId),
      available_markets: JSON.parse(String(show.available_markets)) as string[],
    };
  }

  function episodeObject(id: string): Json | null {
    const row = q.episode.get(id) as Row | undefined;
    if (row === undefined) return null;
    const markets = JSON.parse(String(row.available_markets)) as string[];
    const show = showRef(String(row.show_id));
    return {
      type: 'episode',
      id,
      uri: uri('episode', id),
      name: row.name,
      release_date: row.release_date,
      duration_ms: row.duration_ms,
      audio_preview_url: mediaUrl(row.preview_file),
      available_markets: markets,
      // spec 000 §5: available only if the country is in the markets of the episode or its show.
      is_playable: markets.includes(hosts.country) || show.available_markets.includes(hosts.country),
      images: images('episode', id),
      show,
      external_urls: externalUrls('episode', id),
      dominantColor: row.dominant_color,
    };
  }

  const tracks = (trackIds: string[]) => trackIds.map(trackObject).filter((t): t is Json => t !== null);

  const readers: Record<ResourceType, (id: string) => Json | null> = {
    track: trackObject,
    episode: episodeObject,
    album(id) {
      const row = q.album.get(id) as Row | undefined;
      if (row === undefined) return null;
      return {
        type: 'album',
        id,
        uri: uri('album', id),
        name: row.name,
        release_date: row.release_date,
        external_urls: externalUrls('album', id),
        dominantColor: row.dominant_color,
        artists: artistRefs(q.albumArtists.all(id) as Row[]),
        images: images('album', id),
        tracks: { items: tracks(ids(q.albumTracks, id)) },
      };
    },
    artist(id) {
      const row = q.artist.get(id) as Row | undefined;
      if (row === undefined) return null;
      return {
        type: 'artist',
        id,
        uri: uri('artist', id),
        name: row.name,
        external_urls: externalUrls('artist', id),
        dominantColor: row.dominant_color,
        images: images('artist', id),
        tracks: tracks(ids(q.topTracks, id)),
      };
    },
    playlist(id) {
      const row = q.playlist.get(id) as Row | undefined;
      if (row === undefined) return null;
      return {
        type: 'playlist',
        id,
        uri: uri('playlist', id),
        name: row.name,
        external_urls: externalUrls('playlist', id),
        dominantColor: row.dominant_color,
        owner: { display_name: row.owner_display_name },
        images: images('playlist', id),
        tracks: { items: tracks(ids(q.playlistTracks, id)).map((track) => ({ track })) },
      };
    },
    show(id) {
      const row = q.show.get(id) as Row | undefined;
      if (row === undefined) return null;
      return {
        type: 'show',
        id,
        uri: uri('show', id),
        name: row.name,
        publisher: row.publisher,
        external_urls: externalUrls('show', id),
        dominantColor: row.dominant_color,
        available_markets: JSON.parse(String(row.available_markets)) as string[],
        images: images('show', id),
        episodes: { items: ids(q.showEpisodes, id).map(episodeObject).filter((e): e is Json => e !== null) },
      };
    },
  };

  const listAll = db.prepare(`
    SELECT 'album' AS type, id, name FROM albums UNION ALL SELECT 'artist', id, name FROM artists
    UNION ALL SELECT 'playlist', id, name FROM playlists UNION ALL SELECT 'track', id, name FROM tracks
    UNION ALL SELECT 'show', id, name FROM shows UNION ALL SELECT 'episode', id, name FROM episodes`);

  return {
    read: (type: ResourceType, id: string): Json | null => readers[type](id),
    /** Every resource, for the demo index. */
    list: () => listAll.all() as Array<{ type: ResourceType; id: string; name: string }>,
  };
}

export type ResourceReader = ReturnType<typeof createResourceReader>;
