import Database from 'better-sqlite3';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { CatalogueFile } from './catalogue-file';
import { SCHEMA_SQL } from './schema';
import { seedCatalogue } from './seed';

export type Db = Database.Database;

/**
 * Opens `${dataDir}/catalogue.sqlite`, creating the directory, the schema and, when the catalogue
 * is empty, its rows from `fixtures/catalogue.json` (in one transaction: all or nothing).
 */
export function openDatabase(dataDir: string, fixturesDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'catalogue.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA_SQL);
  const { n } = db.prepare('SELECT count(*) AS n FROM artists').get() as { n: number };
  if (n === 0) seedCatalogue(db, readCatalogueFile(join(fixturesDir, 'catalogue.json')));
  return db;
}

export function readCatalogueFile(path: string): CatalogueFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read the demo catalogue ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const decoded = CatalogueFile.decode(raw);
  if (isLeft(decoded)) throw new Error(`The demo catalogue ${path} is malformed: ${formatDecodeErrors(decoded.left)}`);
  return decoded.right;
}
