import type Database from 'better-sqlite3';
import type { CatalogueFile, ImageFile } from './catalogue-file';

/** Writes the demo catalogue in one transaction, so a failure leaves the database as it was. */
export function seedCatalogue(db: Database.Database, catalogue: CatalogueFile): void {
  const insertImage = db.prepare('INSERT INTO images (owner_type, owner_id, file, width, height) VALUES (?, ?, ?, ?, ?)');
  const images = (ownerType: string, ownerId: string, list: ImageFile[]) =>
    list.forEach((image) => insertImage.run(ownerType, ownerId, image.file, image.width, image.height));
  const insertArtist = db.prepare('INSERT INTO artists (id, name, dominant_color) VALUES (?, ?, ?)');
  const insertBiography = db.prepare('INSERT INTO artist_biographies (artist_id, biography) VALUES (?, ?)');
  const insertAlbum = db.prepare('INSERT INTO albums (id, name, release_date, dominant_color) VALUES (?, ?, ?, ?)');
  const insertAlbumArtist = db.prepare('INSERT INTO album_artists (album_id, artist_id, position) VALUES (?, ?, ?)');
  const insertTrack = db.prepare(
    'INSERT INTO tracks (id, name, album_id, track_number, duration_ms, preview_file) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertTrackArtist = db.prepare('INSERT INTO track_artists (track_id, artist_id, position) VALUES (?, ?, ?)');
  const insertTopTrack = db.prepare('INSERT INTO artist_top_tracks (artist_id, track_id, position) VALUES (?, ?, ?)');
  const insertPlaylist = db.prepare('INSERT INTO playlists (id, name, owner_display_name, dominant_color) VALUES (?, ?, ?, ?)');
  const insertPlaylistTrack = db.prepare('INSERT INTO playlist_tracks (playlist_id, track_id, position) VALUES (?, ?, ?)');
  const insertShow = db.prepare('INSERT INTO shows (id, name, publisher, dominant_color, available_markets) VALUES (?, ?, ?, ?, ?)');
  const insertEpisode = db.prepare(
    `INSERT INTO episodes (id, name, show_id, release_date, duration_ms, preview_file, dominant_color, available_markets)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  db.transaction(() => {
    for (const artist of catalogue.artists) {
      insertArtist.run(artist.id, artist.name, artist.dominantColor);
      images('artist', artist.id, artist.images);
      if (artist.biography !== undefined) insertBiography.run(artist.id, artist.biography);
    }
    for (const album of catalogue.albums) {
      insertAlbum.run(album.id, album.name, album.releaseDate, album.dominantColor);
      album.artistIds.forEach((artistId, position) => insertAlbumArtist.run(album.id, artistId, position));
      images('album', album.id, album.images);
    }
    for (const track of catalogue.tracks) {
      insertTrack.run(track.id, track.name, track.albumId, track.trackNumber, track.durationMs, track.preview);
      track.artistIds.forEach((artistId, position) => insertTrackArtist.run(track.id, artistId, position));
    }
    for (const artist of catalogue.artists) {
      artist.topTrackIds.forEach((trackId, position) => insertTopTrack.run(artist.id, trackId, position));
    }
    for (const playlist of catalogue.playlists) {
      insertPlaylist.run(playlist.id, playlist.name, playlist.ownerDisplayName, playlist.dominantColor);
      playlist.trackIds.forEach((trackId, position) => insertPlaylistTrack.run(playlist.id, trackId, position));
      images('playlist', playlist.id, playlist.images);
    }
    for (const show of catalogue.shows) {
      insertShow.run(show.id, show.name, show.publisher, show.dominantColor, JSON.stringify(show.availableMarkets));
      images('show', show.id, show.images);
    }
    for (const episode of catalogue.episodes) {
      insertEpisode.run(
        episode.id,
        episode.name,
        episode.showId,
        episode.releaseDate,
        episode.durationMs,
        episode.preview,
        episode.dominantColor,
        JSON.stringify(episode.availableMarkets),
      );
      images('episode', episode.id, episode.images);
    }
  })();
}
