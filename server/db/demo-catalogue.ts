import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database as DatabaseTables } from './tables';
import { copyFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The demo catalogue committed under `fixtures/demo-catalogue/`: `catalogue.sqlite`, built by the
 * project's own ingest from the sources `scripts/make-demo-sources.ts` writes (README "Demo
 * catalogue"), and `media/` (covers, packaged audio, previews) that its relative paths name. It is
 * committed so that starting the demo needs neither ffmpeg nor espeak-ng.
 */
export interface DemoCatalogueFiles {
  readonly file: string;
  readonly mediaDir: string;
}

export function demoCatalogueOf(fixturesDir: string): DemoCatalogueFiles {
  const dir = join(fixturesDir, 'demo-catalogue');
  return { file: join(dir, 'catalogue.sqlite'), mediaDir: join(dir, 'media') };
}

/**
 * Starts a data directory's catalogue from the committed one: a copy of the SQLite file only (the
 * media stay where they are; the server looks there after `${DATA_DIR}/media`). The copy is
 * written beside the target and renamed, so a failure or a second server starting at the same
 * time never leaves half a catalogue.
 */
export function copyDemoCatalogue(demo: DemoCatalogueFiles, target: string): void {
  checkDemoCatalogue(demo.file);
  const partial = `${target}.${process.pid}.partial`;
  try {
    copyFileSync(demo.file, partial);
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { force: true });
    throw new Error(`Cannot copy the demo catalogue ${demo.file} to ${target}: ${messageOf(err)}`, { cause: err });
  }
}

/** A readable SQLite catalogue holding at least one artist; else an error naming the file and the reason. */
function checkDemoCatalogue(file: string): void {
  let db: Database.Database | undefined;
  let artists: number;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    artists = (db.prepare('SELECT count(*) AS n FROM artists').get() as { n: number }).n;
  } catch (err) {
    throw new Error(
      `Cannot read the demo catalogue ${file}: ${messageOf(err)} (it is committed with the project; README "Demo catalogue" says how to rebuild it)`,
      { cause: err },
    );
  } finally {
    db?.close();
  }
  if (artists === 0) throw new Error(`The demo catalogue ${file} holds no artists (README "Demo catalogue" says how to rebuild it)`);
}

/** better-sqlite3's SqliteError may come from another realm (jest), where instanceof Error fails. */
export const messageOf = (err: unknown): string =>
  typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string' ? (err as Error).message : String(err);

/** The catalogue's tables, parents before children (foreign keys), as the ingest fills them. */
export const CATALOGUE_TABLES = [
  'artists',
  'albums',
  'album_artists',
  'tracks',
  'track_artists',
  'artist_top_tracks',
  'playlists',
  'playlist_tracks',
  'shows',
  'episodes',
  'images',
  'ingest_sources',
  'track_markets',
  'artist_biographies',
  'episode_descriptions',
  'audio_files',
  // Issue 18 (migration 007): the demo's video episode.
  'video_sources',
  'video_profiles',
  // Issue 17 (migration 006): the genres the demo sources name.
  'genres',
  'item_genres',
] as const satisfies ReadonlyArray<keyof DatabaseTables>;

/**
 * Issue 14: a Postgres database starts from the committed demo catalogue as a SQLite data directory
 * does (open-database.ts copies the file): when it holds no artist, every catalogue row of the demo
 * SQLite file is inserted, in one transaction (all or nothing; the media stay in fixtures/, where
 * relative paths are looked up). A catalogue already there (an earlier start, the ingest's) is kept.
 * Two instances starting together: the transaction takes a lock first, so the second finds the rows.
 * Answers whether it loaded.
 */
export async function loadDemoCatalogueInto(db: Kysely<DatabaseTables>, demo: DemoCatalogueFiles): Promise<boolean> {
  checkDemoCatalogue(demo.file);
  const source = new Database(demo.file, { readonly: true, fileMustExist: true });
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE artists IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
      if ((await trx.selectFrom('artists').select('id').limit(1).executeTakeFirst()) !== undefined) return false;
      for (const table of CATALOGUE_TABLES) {
        const rows = source.prepare(`SELECT * FROM ${table}`).all() as Array<Record<string, unknown>>;
        // Within Postgres's 65535 parameters per statement.
        for (let i = 0; i < rows.length; i += 500) {
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + 500))
            .execute();
        }
      }
      return true;
    });
  } catch (err) {
    throw new Error(`Cannot load the demo catalogue ${demo.file} into the database: ${messageOf(err)}`, { cause: err });
  } finally {
    source.close();
  }
}
