import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, readCatalogueFile } from './open-database';
import { FIXTURES_DIR } from '../test-server';

const counts = (db: Database.Database) =>
  ['artists', 'albums', 'tracks', 'playlists', 'playlist_tracks', 'shows', 'episodes', 'images'].map(
    (table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
  );

describe('the SQLite catalogue (created and seeded on first start)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'embed-db-')), 'nested', 'data');
  });
  afterEach(() => rmSync(join(dataDir, '..', '..'), { recursive: true, force: true }));

  it('creates the data directory and seeds every resource of fixtures/catalogue.json', () => {
    const catalogue = readCatalogueFile(join(FIXTURES_DIR, 'catalogue.json'));
    const db = openDatabase(dataDir, FIXTURES_DIR);
    const [artists, albums, tracks, playlists, , shows, episodes] = counts(db);
    expect([artists, albums, tracks, playlists, shows, episodes]).toEqual([
      catalogue.artists.length,
      catalogue.albums.length,
      catalogue.tracks.length,
      catalogue.playlists.length,
      catalogue.shows.length,
      catalogue.episodes.length,
    ]);
    db.close();
  });

  it('seeds once: a second start on the same directory adds nothing', () => {
    const first = openDatabase(dataDir, FIXTURES_DIR);
    const before = counts(first);
    first.close();
    const second = openDatabase(dataDir, FIXTURES_DIR);
    expect(counts(second)).toEqual(before);
    second.close();
  });

  it('refuses a malformed catalogue file naming the field, and writes nothing', () => {
    const fixtures = mkdtempSync(join(tmpdir(), 'embed-fixtures-'));
    mkdirSync(join(fixtures, 'translations'));
    cpSync(join(FIXTURES_DIR, 'translations'), join(fixtures, 'translations'), { recursive: true });
    writeFileSync(join(fixtures, 'catalogue.json'), JSON.stringify({ schema: 1, artists: [{ id: 'x' }] }));
    expect(() => openDatabase(dataDir, fixtures)).toThrow(/malformed: artists\.0\.name/);
    const db = new Database(join(dataDir, 'catalogue.sqlite'));
    expect((db.prepare('SELECT count(*) AS n FROM artists').get() as { n: number }).n).toBe(0);
    db.close();
    rmSync(fixtures, { recursive: true, force: true });
  });
});
