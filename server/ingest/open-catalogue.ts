import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { applySchema } from '../db/schema';

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

export const mediaDirOf = (dataDir: string): string => join(dataDir, 'media');
