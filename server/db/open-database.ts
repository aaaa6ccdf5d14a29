import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { copyDemoCatalogue, demoCatalogueOf, messageOf } from './demo-catalogue';
import { applySchema } from './schema';

export type Db = Database.Database;

/**
 * Opens `${dataDir}/catalogue.sqlite`, creating the directory and, on first start (no catalogue
 * there yet), starting from the committed demo catalogue (server/db/demo-catalogue.ts). A
 * catalogue already there is the data directory's own (an earlier start, or the ingest's) and is
 * kept as it is; the schema's tables that it lacks are added.
 */
export function openDatabase(dataDir: string, fixturesDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'catalogue.sqlite');
  if (!existsSync(path)) copyDemoCatalogue(demoCatalogueOf(fixturesDir), path);
  let db: Db | undefined;
  try {
    db = new Database(path, { fileMustExist: true });
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    applySchema(db);
    return db;
  } catch (err) {
    db?.close();
    throw new Error(`Cannot open the catalogue ${path}: ${messageOf(err)}`, { cause: err });
  }
}
