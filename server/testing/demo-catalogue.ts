/**
 * The committed demo catalogue (fixtures/demo-catalogue/, server/db/demo-catalogue.ts) as tests
 * read it: ids, names and the values they expect, straight from its SQLite file (opened read-only,
 * never from a running server's copy). Lists are in a fixed order: albums and episodes by release
 * date, tracks by album then track number, the rest by name.
 */
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { demoCatalogueOf } from '../db/demo-catalogue';

export const FIXTURES_DIR = resolve(__dirname, '..', '..', 'fixtures');
export const DEMO_CATALOGUE = demoCatalogueOf(FIXTURES_DIR);

export interface ImageFile {
  /** Relative to the media folder. */
  readonly file: string;
  readonly width: number;
  readonly height: number;
}
export interface DemoArtist {
  readonly id: string;
  readonly name: string;
  readonly dominantColor: string;
  /** As written: line breaks and `<a href="spotify:artist:...">` links (spec 000 §5 Bio text). */
  readonly biography?: string;
  /** Widest first. */
  readonly images: ImageFile[];
  readonly topTrackIds: string[];
  /** Genre names in the metadata's order (issue 17, migration 006). */
  readonly genres: string[];
}
export interface DemoAlbum {
  readonly id: string;
  readonly name: string;
  readonly releaseDate: string;
  readonly dominantColor: string;
  readonly artistIds: string[];
  readonly images: ImageFile[];
  /** Genre names in the metadata's order (issue 17, migration 006). */
  readonly genres: string[];
}
export interface DemoTrack {
  readonly id: string;
  readonly name: string;
  readonly albumId: string;
  readonly artistIds: string[];
  readonly trackNumber: number;
  readonly durationMs: number;
  /** The 30 s MP3, relative to the media folder. */
  readonly preview: string;
  readonly availableMarkets: string[];
}
export interface DemoPlaylist {
  readonly id: string;
  readonly name: string;
  readonly ownerDisplayName: string;
  readonly dominantColor: string;
  readonly images: ImageFile[];
  readonly trackIds: string[];
}
export interface DemoShow {
  readonly id: string;
  readonly name: string;
  readonly publisher: string;
  readonly dominantColor: string;
  readonly images: ImageFile[];
  readonly availableMarkets: string[];
}
export interface DemoEpisode {
  readonly id: string;
  readonly name: string;
  readonly showId: string;
  readonly releaseDate: string;
  readonly durationMs: number;
  readonly preview: string;
  readonly description: string;
  readonly dominantColor: string;
  readonly images: ImageFile[];
  readonly availableMarkets: string[];
}
export interface DemoCatalogue {
  readonly artists: DemoArtist[];
  readonly albums: DemoAlbum[];
  readonly tracks: DemoTrack[];
  readonly playlists: DemoPlaylist[];
  readonly shows: DemoShow[];
  readonly episodes: DemoEpisode[];
}

const Markets = t.array(t.string);
const ArtistRow = t.type({ id: t.string, name: t.string, dominant_color: t.string, biography: t.union([t.string, t.null]) });
const AlbumRow = t.type({ id: t.string, name: t.string, release_date: t.string, dominant_color: t.string });
const TrackRow = t.type({
  id: t.string,
  name: t.string,
  album_id: t.string,
  track_number: t.number,
  duration_ms: t.number,
  preview_file: t.string,
  markets: t.string,
});
const PlaylistRow = t.type({ id: t.string, name: t.string, owner_display_name: t.string, dominant_color: t.string });
const ShowRow = t.type({ id: t.string, name: t.string, publisher: t.string, dominant_color: t.string, available_markets: t.string });
const EpisodeRow = t.type({
  id: t.string,
  name: t.string,
  show_id: t.string,
  release_date: t.string,
  duration_ms: t.number,
  preview_file: t.string,
  description: t.string,
  dominant_color: t.string,
  available_markets: t.string,
});
const ImageRow = t.type({ owner_type: t.string, owner_id: t.string, file: t.string, width: t.number, height: t.number });
const LinkRow = t.type({ owner: t.string, item: t.string });

let cached: DemoCatalogue | undefined;

/** The committed demo catalogue (read once per test file). */
export function demoCatalogue(): DemoCatalogue {
  cached ??= readDemoCatalogue(DEMO_CATALOGUE.file);
  return cached;
}

export function readDemoCatalogue(file: string): DemoCatalogue {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = <A>(codec: t.Type<A, unknown>, sql: string): A[] =>
      db
        .prepare(sql)
        .all()
        .map((raw) => {
          const decoded = codec.decode(raw);
          if (isLeft(decoded)) throw new Error(`${file}: ${sql}: ${formatDecodeErrors(decoded.left)}`);
          return decoded.right;
        });
    const markets = (json: string): string[] => {
      const decoded = Markets.decode(JSON.parse(json));
      if (isLeft(decoded)) throw new Error(`${file}: markets ${json}: ${formatDecodeErrors(decoded.left)}`);
      return decoded.right;
    };
    const grouped = (sql: string): Map<string, string[]> => {
      const out = new Map<string, string[]>();
      for (const { owner, item } of rows(LinkRow, sql)) out.set(owner, [...(out.get(owner) ?? []), item]);
      return out;
    };
    const images = new Map<string, ImageFile[]>();
    for (const r of rows(ImageRow, 'SELECT * FROM images ORDER BY width DESC')) {
      const key = `${r.owner_type}:${r.owner_id}`;
      images.set(key, [...(images.get(key) ?? []), { file: r.file, width: r.width, height: r.height }]);
    }
    const imagesOf = (type: string, id: string) => images.get(`${type}:${id}`) ?? [];
    const albumArtists = grouped('SELECT album_id AS owner, artist_id AS item FROM album_artists ORDER BY position');
    const trackArtists = grouped('SELECT track_id AS owner, artist_id AS item FROM track_artists ORDER BY position');
    const topTracks = grouped('SELECT artist_id AS owner, track_id AS item FROM artist_top_tracks ORDER BY position');
    const playlistTracks = grouped('SELECT playlist_id AS owner, track_id AS item FROM playlist_tracks ORDER BY position');
    const genres = grouped(
      "SELECT i.item_type || ':' || i.item_id AS owner, g.name AS item FROM item_genres i JOIN genres g ON g.id = i.genre_id ORDER BY i.position",
    );

    const albums = rows(AlbumRow, 'SELECT * FROM albums ORDER BY release_date, name').map((r) => ({
      id: r.id,
      name: r.name,
      releaseDate: r.release_date,
      dominantColor: r.dominant_color,
      artistIds: albumArtists.get(r.id) ?? [],
      images: imagesOf('album', r.id),
      genres: genres.get(`album:${r.id}`) ?? [],
    }));
    const albumOrder = new Map(albums.map((album, i) => [album.id, i]));
    return {
      artists: rows(ArtistRow, 'SELECT a.*, b.biography FROM artists a LEFT JOIN artist_biographies b ON b.artist_id = a.id ORDER BY a.name').map((r) => ({
        id: r.id,
        name: r.name,
        dominantColor: r.dominant_color,
        ...(r.biography === null ? {} : { biography: r.biography }),
        images: imagesOf('artist', r.id),
        topTrackIds: topTracks.get(r.id) ?? [],
        genres: genres.get(`artist:${r.id}`) ?? [],
      })),
      albums,
      tracks: rows(TrackRow, "SELECT t.*, COALESCE(m.available_markets, '[]') AS markets FROM tracks t LEFT JOIN track_markets m ON m.track_id = t.id")
        .map((r) => ({
          id: r.id,
          name: r.name,
          albumId: r.album_id,
          artistIds: trackArtists.get(r.id) ?? [],
          trackNumber: r.track_number,
          durationMs: r.duration_ms,
          preview: r.preview_file,
          availableMarkets: markets(r.markets),
        }))
        .sort((a, b) => albumOrder.get(a.albumId)! - albumOrder.get(b.albumId)! || a.trackNumber - b.trackNumber),
      playlists: rows(PlaylistRow, 'SELECT * FROM playlists ORDER BY name').map((r) => ({
        id: r.id,
        name: r.name,
        ownerDisplayName: r.owner_display_name,
        dominantColor: r.dominant_color,
        images: imagesOf('playlist', r.id),
        trackIds: playlistTracks.get(r.id) ?? [],
      })),
      shows: rows(ShowRow, 'SELECT * FROM shows ORDER BY name').map((r) => ({
        id: r.id,
        name: r.name,
        publisher: r.publisher,
        dominantColor: r.dominant_color,
        images: imagesOf('show', r.id),
        availableMarkets: markets(r.available_markets),
      })),
      episodes: rows(
        EpisodeRow,
        `SELECT e.*, COALESCE(d.description, '') AS description FROM episodes e
         LEFT JOIN episode_descriptions d ON d.episode_id = e.id ORDER BY e.release_date, e.name`,
      ).map((r) => ({
        id: r.id,
        name: r.name,
        showId: r.show_id,
        releaseDate: r.release_date,
        durationMs: r.duration_ms,
        preview: r.preview_file,
        description: r.description,
        dominantColor: r.dominant_color,
        images: imagesOf('episode', r.id),
        availableMarkets: markets(r.available_markets),
      })),
    };
  } finally {
    db.close();
  }
}
