import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IngestRows } from './ingest-rows';

/**
 * Writes every row in one transaction (on SQLite or Postgres, issue 14) and, inside it, moves the files from the temporary
 * directory into the media folder. Any failure (a constraint, a rename) rolls the transaction
 * back and removes what was moved and the folders it made, so the catalogue and the media folder
 * are exactly as they were.
 */
/** The commit in progress, if any: a signal handler waits for it (scripts/ingest.ts). */
let inProgress: Promise<unknown> | null = null;
export const committing = async (): Promise<void> => {
  await inProgress?.catch(() => undefined);
};

export async function commitRows(db: Kysely<Database>, rows: IngestRows, tmpDir: string, mediaDir: string): Promise<void> {
  const done = write(db, rows, tmpDir, mediaDir);
  inProgress = done;
  try {
    await done;
  } finally {
    if (inProgress === done) inProgress = null;
  }
}

async function write(db: Kysely<Database>, rows: IngestRows, tmpDir: string, mediaDir: string): Promise<void> {
  const moved: string[] = [];
  const madeDirs: string[] = [];
  const ensureDir = (dir: string): void => {
    if (existsSync(dir)) return;
    ensureDir(dirname(dir));
    mkdirSync(dir);
    madeDirs.push(dir);
  };
  // Within Postgres's 65535 parameters per statement.
  const insert = async <T extends keyof Database>(trx: Kysely<Database>, table: T, values: ReadonlyArray<Insertable<Database[T]>>) => {
    for (let i = 0; i < values.length; i += 500)
      await trx
        .insertInto(table)
        .values(values.slice(i, i + 500))
        .execute();
  };

  try {
    await db.transaction().execute(async (trx) => {
      await insert(
        trx,
        'artists',
        rows.artists.map((r) => ({ id: r.id, name: r.name, dominant_color: r.dominantColor })),
      );
      await insert(
        trx,
        'artist_biographies',
        rows.artistBiographies.map((r) => ({ artist_id: r.artistId, biography: r.biography })),
      );
      await insert(
        trx,
        'albums',
        rows.albums.map((r) => ({ id: r.id, name: r.name, release_date: r.releaseDate, dominant_color: r.dominantColor })),
      );
      await insert(
        trx,
        'album_artists',
        rows.albumArtists.map((r) => ({ album_id: r.albumId, artist_id: r.artistId, position: r.position })),
      );
      await insert(
        trx,
        'tracks',
        rows.tracks.map((r) => ({
          id: r.id,
          name: r.name,
          album_id: r.albumId,
          track_number: r.trackNumber,
          duration_ms: r.durationMs,
          preview_file: r.previewFile,
        })),
      );
      await insert(
        trx,
        'track_artists',
        rows.trackArtists.map((r) => ({ track_id: r.trackId, artist_id: r.artistId, position: r.position })),
      );
      await insert(
        trx,
        'track_markets',
        rows.trackMarkets.map((r) => ({ track_id: r.trackId, available_markets: JSON.stringify(r.markets) })),
      );
      // Appended after the artist's existing top tracks, read inside this transaction.
      for (const r of rows.topTracks) {
        const last = await trx
          .selectFrom('artist_top_tracks')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('artist_id', '=', r.artistId)
          .executeTakeFirst();
        const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        await trx.insertInto('artist_top_tracks').values({ artist_id: r.artistId, track_id: r.trackId, position }).execute();
      }
      await insert(
        trx,
        'shows',
        rows.shows.map((r) => ({
          id: r.id,
          name: r.name,
          publisher: r.publisher,
          dominant_color: r.dominantColor,
          available_markets: JSON.stringify(r.markets),
        })),
      );
      await insert(
        trx,
        'episodes',
        rows.episodes.map((r) => ({
          id: r.id,
          name: r.name,
          show_id: r.showId,
          release_date: r.releaseDate,
          duration_ms: r.durationMs,
          preview_file: r.previewFile,
          dominant_color: r.dominantColor,
          available_markets: JSON.stringify(r.markets),
        })),
      );
      await insert(
        trx,
        'episode_descriptions',
        rows.episodeDescriptions.map((r) => ({ episode_id: r.episodeId, description: r.description })),
      );
      await insert(
        trx,
        'playlists',
        rows.playlists.map((r) => ({ id: r.id, name: r.name, owner_display_name: r.owner, dominant_color: r.dominantColor })),
      );
      await insert(
        trx,
        'playlist_tracks',
        rows.playlistTracks.map((r) => ({ playlist_id: r.playlistId, track_id: r.trackId, position: r.position })),
      );
      // Issue 17: a genre or an artist's genre named by an earlier ingest stays as it is.
      for (let i = 0; i < rows.genres.length; i += 500)
        await trx
          .insertInto('genres')
          .values(rows.genres.slice(i, i + 500))
          .onConflict((oc) => oc.doNothing())
          .execute();
      for (let i = 0; i < rows.itemGenres.length; i += 500)
        await trx
          .insertInto('item_genres')
          .values(rows.itemGenres.slice(i, i + 500).map((r) => ({ item_type: r.itemType, item_id: r.itemId, genre_id: r.genreId, position: r.position })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      await insert(
        trx,
        'images',
        rows.images.map((r) => ({ owner_type: r.ownerType, owner_id: r.ownerId, file: r.file, width: r.width, height: r.height })),
      );
      await insert(
        trx,
        'audio_files',
        rows.audioFiles.map((r) => ({
          file_id: r.fileId,
          path: r.path,
          format: r.format,
          bitrate: r.bitrate,
          key_id: r.keyId,
          key: r.key,
          seek_table: r.seekTable === null ? null : JSON.stringify(r.seekTable),
          track_id: r.trackId,
          episode_id: r.episodeId,
        })),
      );
      await insert(
        trx,
        'video_sources',
        rows.videoSources.map((r) => ({
          source_id: r.sourceId,
          episode_id: r.episodeId,
          segment_length: r.segmentLength,
          duration_ms: r.durationMs,
          key_id: r.keyId,
          key: r.key,
          subtitle_languages: JSON.stringify(r.subtitleLanguages),
          media_dir: r.mediaDir,
        })),
      );
      await insert(
        trx,
        'video_profiles',
        rows.videoProfiles.map((r) => ({
          source_id: r.sourceId,
          profile_id: r.profileId,
          path: r.path,
          mime_type: r.mimeType,
          video_codec: r.videoCodec,
          audio_codec: r.audioCodec,
          encrypted: r.encrypted ? 1 : 0,
          preview: r.preview ? 1 : 0,
          max_bitrate: r.maxBitrate,
          video_bitrate: r.videoBitrate,
          audio_bitrate: r.audioBitrate,
          video_width: r.width,
          video_height: r.height,
          seek_table: JSON.stringify(r.seekTable),
        })),
      );
      await insert(
        trx,
        'ingest_sources',
        rows.sources.map((r) => ({ resource_id: r.resourceId, kind: r.kind, name: r.name, source_hash: r.sourceHash })),
      );
      // Last, so that a constraint failure above has moved nothing; a failure here rolls the rows back.
      for (const file of rows.files) {
        const target = join(mediaDir, file.mediaPath);
        if (existsSync(target)) throw new Error(`${target} already exists (left by an interrupted ingest?): remove it and retry`);
        ensureDir(dirname(target));
        renameSync(join(tmpDir, file.tmpName), target);
        moved.push(target);
      }
    });
  } catch (err) {
    for (const file of moved.reverse()) rmSync(file, { force: true });
    for (const dir of madeDirs.reverse()) if (readdirSync(dir).length === 0) rmdirSync(dir);
    throw err;
  }
}
