import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestFolder } from '../ingest/ingest-folder';
import { writeTinyAlbum } from '../ingest/test-sources';
import { DEMO_CATALOGUE, demoCatalogue, FIXTURES_DIR } from '../testing/demo-catalogue';
import { openDatabase } from './open-database';

jest.setTimeout(30_000);

const counts = (db: Database.Database) =>
  ['artists', 'albums', 'tracks', 'playlists', 'shows', 'episodes'].map((table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);

describe('the SQLite catalogue (on first start, a copy of the committed demo catalogue)', () => {
  let root: string;
  let dataDir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'embed-db-'));
    dataDir = join(root, 'nested', 'data');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data directory and starts from every resource of fixtures/demo-catalogue, leaving the committed file as it was', () => {
    const committed = readFileSync(DEMO_CATALOGUE.file);
    const demo = demoCatalogue();
    const db = openDatabase(dataDir, FIXTURES_DIR);
    expect(counts(db)).toEqual([demo.artists.length, demo.albums.length, demo.tracks.length, demo.playlists.length, demo.shows.length, demo.episodes.length]);
    db.prepare('DELETE FROM playlist_tracks').run();
    db.close();
    expect(readFileSync(DEMO_CATALOGUE.file).equals(committed)).toBe(true);
    // Only the SQLite file is copied: the media are served from the committed folder.
    expect(readdirSync(dataDir).filter((name) => !name.startsWith('catalogue.sqlite'))).toEqual([]);
  });

  it('copies once: a second start keeps the data directory’s catalogue, changes included', () => {
    const first = openDatabase(dataDir, FIXTURES_DIR);
    first.prepare('DELETE FROM playlist_tracks').run();
    const before = counts(first);
    first.close();
    const second = openDatabase(dataDir, FIXTURES_DIR);
    expect(counts(second)).toEqual(before);
    expect((second.prepare('SELECT count(*) AS n FROM playlist_tracks').get() as { n: number }).n).toBe(0);
    second.close();
  });

  it('a catalogue the ingest made in an empty data directory is the user’s own: the demo is not added to it', () => {
    mkdirSync(dataDir, { recursive: true });
    new Database(join(dataDir, 'catalogue.sqlite')).close();
    const db = openDatabase(dataDir, FIXTURES_DIR);
    expect(counts(db)).toEqual([0, 0, 0, 0, 0, 0]);
    db.close();
  });

  it('ingesting into a data directory started from the demo adds to it, and the demo stays', async () => {
    openDatabase(dataDir, FIXTURES_DIR).close();
    writeTinyAlbum(join(root, 'album'), { tracks: 1, seconds: 1 });
    await ingestFolder(join(root, 'album'), { dataDir });
    const db = openDatabase(dataDir, FIXTURES_DIR);
    const names = (db.prepare('SELECT name FROM albums ORDER BY name').all() as Array<{ name: string }>).map((r) => r.name);
    expect(names).toEqual([...demoCatalogue().albums.map((a) => a.name), 'Tiny Album'].sort());
    db.close();
  });

  it('a missing or unreadable demo catalogue fails naming the file and the reason, and leaves no catalogue behind', () => {
    const fixtures = join(root, 'fixtures');
    mkdirSync(join(fixtures, 'demo-catalogue'), { recursive: true });
    const file = join(fixtures, 'demo-catalogue', 'catalogue.sqlite');
    expect(() => openDatabase(dataDir, fixtures)).toThrow(`Cannot read the demo catalogue ${file}: unable to open database file`);
    writeFileSync(file, 'this is not a database, it only has the name of one');
    expect(() => openDatabase(dataDir, fixtures)).toThrow(`Cannot read the demo catalogue ${file}: file is not a database`);
    rmSync(file);
    new Database(file).close();
    expect(() => openDatabase(dataDir, fixtures)).toThrow(`Cannot read the demo catalogue ${file}: no such table: artists`);
    expect(existsSync(join(dataDir, 'catalogue.sqlite'))).toBe(false);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('a demo catalogue with no artists is refused by name', () => {
    const fixtures = join(root, 'fixtures');
    mkdirSync(join(fixtures, 'demo-catalogue'), { recursive: true });
    const file = join(fixtures, 'demo-catalogue', 'catalogue.sqlite');
    copyFileSync(DEMO_CATALOGUE.file, file);
    const demo = new Database(file);
    demo.pragma('foreign_keys = OFF');
    demo.prepare('DELETE FROM artists').run();
    demo.close();
    expect(() => openDatabase(dataDir, fixtures)).toThrow(`The demo catalogue ${file} holds no artists`);
  });

  it('a data directory catalogue that is not a database fails naming it', () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'catalogue.sqlite'), 'not a database either, but long enough to have a header of sorts');
    expect(() => openDatabase(dataDir, FIXTURES_DIR)).toThrow(`Cannot open the catalogue ${join(dataDir, 'catalogue.sqlite')}: file is not a database`);
  });
});
