import type Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IngestRows } from './ingest-rows';

/**
 * Writes every row in one transaction and, inside it, moves the files from the temporary
 * directory into the media folder. Any failure (a constraint, a rename) rolls the transaction
 * back and removes what was moved and the folders it made, so the catalogue and the media folder
 * are exactly as they were.
 */
export function commitRows(db: Database.Database, rows: IngestRows, tmpDir: string, mediaDir: string): void {
  const moved: string[] = [];
  const madeDirs: string[] = [];
  const ensureDir = (dir: string): void => {
    if (existsSync(dir)) return;
    ensureDir(dirname(dir));
    mkdirSync(dir);
    madeDirs.push(dir);
  };
  const run = (sql: string) => {
    const statement = db.prepare(sql);
    return (...params: unknown[]) => statement.run(...params);
  };
  const insert = {
    artist: run('INSERT INTO artists (id, name, dominant_color) VALUES (?, ?, ?)'),
    artistBiography: run('INSERT INTO artist_biographies (artist_id, biography) VALUES (?, ?)'),
    album: run('INSERT INTO albums (id, name, release_date, dominant_color) VALUES (?, ?, ?, ?)'),
    albumArtist: run('INSERT INTO album_artists (album_id, artist_id, position) VALUES (?, ?, ?)'),
    track: run('INSERT INTO tracks (id, name, album_id, track_number, duration_ms, preview_file) VALUES (?, ?, ?, ?, ?, ?)'),
    trackArtist: run('INSERT INTO track_artists (track_id, artist_id, position) VALUES (?, ?, ?)'),
    trackMarkets: run('INSERT INTO track_markets (track_id, available_markets) VALUES (?, ?)'),
    topTrack: run(
      `INSERT INTO artist_top_tracks (artist_id, track_id, position)
       SELECT ?, ?, COALESCE(MAX(position) + 1, 0) FROM artist_top_tracks WHERE artist_id = ?`,
    ),
    show: run('INSERT INTO shows (id, name, publisher, dominant_color, available_markets) VALUES (?, ?, ?, ?, ?)'),
    episode: run(
      `INSERT INTO episodes (id, name, show_id, release_date, duration_ms, preview_file, dominant_color, available_markets)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    episodeDescription: run('INSERT INTO episode_descriptions (episode_id, description) VALUES (?, ?)'),
    playlist: run('INSERT INTO playlists (id, name, owner_display_name, dominant_color) VALUES (?, ?, ?, ?)'),
    playlistTrack: run('INSERT INTO playlist_tracks (playlist_id, track_id, position) VALUES (?, ?, ?)'),
    image: run('INSERT INTO images (owner_type, owner_id, file, width, height) VALUES (?, ?, ?, ?, ?)'),
    audioFile: run(
      `INSERT INTO audio_files (file_id, path, format, bitrate, key_id, key, seek_table, track_id, episode_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    source: run('INSERT INTO ingest_sources (resource_id, kind, name, source_hash) VALUES (?, ?, ?, ?)'),
  };

  const write = db.transaction(() => {
    for (const r of rows.artists) insert.artist(r.id, r.name, r.dominantColor);
    for (const r of rows.artistBiographies) insert.artistBiography(r.artistId, r.biography);
    for (const r of rows.albums) insert.album(r.id, r.name, r.releaseDate, r.dominantColor);
    for (const r of rows.albumArtists) insert.albumArtist(r.albumId, r.artistId, r.position);
    for (const r of rows.tracks) insert.track(r.id, r.name, r.albumId, r.trackNumber, r.durationMs, r.previewFile);
    for (const r of rows.trackArtists) insert.trackArtist(r.trackId, r.artistId, r.position);
    for (const r of rows.trackMarkets) insert.trackMarkets(r.trackId, JSON.stringify(r.markets));
    for (const r of rows.topTracks) insert.topTrack(r.artistId, r.trackId, r.artistId);
    for (const r of rows.shows) insert.show(r.id, r.name, r.publisher, r.dominantColor, JSON.stringify(r.markets));
    for (const r of rows.episodes) {
      insert.episode(r.id, r.name, r.showId, r.releaseDate, r.durationMs, r.previewFile, r.dominantColor, JSON.stringify(r.markets));
    }
    for (const r of rows.episodeDescriptions) insert.episodeDescription(r.episodeId, r.description);
    for (const r of rows.playlists) insert.playlist(r.id, r.name, r.owner, r.dominantColor);
    for (const r of rows.playlistTracks) insert.playlistTrack(r.playlistId, r.trackId, r.position);
    for (const r of rows.images) insert.image(r.ownerType, r.ownerId, r.file, r.width, r.height);
    for (const r of rows.audioFiles) {
      const seekTable = r.seekTable === null ? null : JSON.stringify(r.seekTable);
      insert.audioFile(r.fileId, r.path, r.format, r.bitrate, r.keyId, r.key, seekTable, r.trackId, r.episodeId);
    }
    for (const r of rows.sources) insert.source(r.resourceId, r.kind, r.name, r.sourceHash);
    // Last, so that a constraint failure above has moved nothing.
    for (const file of rows.files) {
      const target = join(mediaDir, file.mediaPath);
      if (existsSync(target)) throw new Error(`${target} already exists (left by an interrupted ingest?): remove it and retry`);
      ensureDir(dirname(target));
      renameSync(join(tmpDir, file.tmpName), target);
      moved.push(target);
    }
  });

  try {
    write();
  } catch (err) {
    for (const file of moved.reverse()) rmSync(file, { force: true });
    for (const dir of madeDirs.reverse()) if (readdirSync(dir).length === 0) rmdirSync(dir);
    throw err;
  }
}
