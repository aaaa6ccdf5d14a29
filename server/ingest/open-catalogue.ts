import Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { connectPostgres, kyselyOverSqlite, migrate } from '../db/database';
import { applySchema } from '../db/schema';
import type { Database as Tables } from '../db/tables';

/**
 * Opens `${dataDir}/catalogue.sqlite` for the ingest: the server's schema, but never a copy of the
 * committed demo catalogue (ingested into an empty DATA_DIR, the catalogue is the user's own; into
 * one the server has started on, it adds to the demo's copy there).
 */
export function openCatalogue(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'catalogue.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  applySchema(db);
  return db;
}

/**
 * The database the ingest writes to (issue 14): Postgres when `databaseUrl` is given (DATABASE_URL, as
 * the server), else `${dataDir}/catalogue.sqlite` (openCatalogue); migrated either way. Into an empty
 * Postgres the demo catalogue is not loaded, as into an empty DATA_DIR it is not copied: the server
 * loads it only where no artist is.
 */
export async function openIngestDatabase(dataDir: string, databaseUrl: string | undefined): Promise<{ db: Kysely<Tables>; close: () => Promise<void> }> {
  // The media folder and the ingest's temporary folders are in DATA_DIR whichever database holds the rows.
  mkdirSync(dataDir, { recursive: true });
  const db = databaseUrl === undefined ? kyselyOverSqlite(openCatalogue(dataDir)) : connectPostgres(databaseUrl);
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  // On SQLite, destroy closes the connection it was given.
  return { db, close: () => db.destroy() };
}

export const mediaDirOf = (dataDir: string): string => join(dataDir, 'media');
