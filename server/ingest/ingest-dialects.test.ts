// Issue 14 Storage: the ingest writes to whichever database is configured (DATABASE_URL: Postgres,
// else DATA_DIR's SQLite), still all or nothing: a failure while moving the files, after every row
// was inserted, leaves the catalogue as it was on both; what it wrote, the server reads.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestFolder } from './ingest-folder';
import { albumIdOf, trackIdOf } from './plan-album';
import { contentHash, fileId } from './stable-ids';
import { writeTinyAlbum } from './test-sources';
import { openIngestDatabase } from './open-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { startTestServer } from '../test-server';
import { CATALOGUE_TABLES } from '../db/demo-catalogue';

jest.setTimeout(120_000);

describe.each(DIALECTS)('the ingest on %s', (dialect) => {
  const database = useDialect(dialect);
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'embed-ingest-db-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Every catalogue row, each table's sorted. */
  async function dump(dataDir: string, databaseUrl: string | undefined): Promise<Record<string, string[]>> {
    const { db, close } = await openIngestDatabase(dataDir, databaseUrl);
    try {
      const out: Record<string, string[]> = {};
      for (const table of CATALOGUE_TABLES) out[table] = (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      return out;
    } finally {
      await close();
    }
  }

  it('writes an album to the configured database, the server shows it; a failed move leaves every row as it was', async () => {
    const databaseUrl = await database.databaseUrl();
    const dataDir = join(root, 'data');
    const album = join(root, 'album');
    writeTinyAlbum(album, { name: `Album on ${dialect}`, tracks: 2, seconds: 1 });
    const summary = await ingestFolder(album, { dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }) });
    expect(summary.counts.tracks).toBe(2);
    const albumId = albumIdOf({ name: `Album on ${dialect}`, artists: [{ name: 'Tiny Artist' }] });
    const rows = await dump(dataDir, databaseUrl);
    expect(rows.tracks!.map((r) => JSON.parse(r).album_id)).toEqual([albumId, albumId]);
    expect(rows.audio_files!.length).toBeGreaterThanOrEqual(2);

    // The move of the last file (the preview) fails: a file is in its place. Rows were inserted by then.
    const blocked = join(root, 'blocked');
    writeTinyAlbum(blocked, { name: 'Blocked Album', tracks: 1, seconds: 1 });
    const trackId = trackIdOf(albumIdOf({ name: 'Blocked Album', artists: [{ name: 'Tiny Artist' }] }), 1);
    const previewPath = join(dataDir, 'media', 'audio', `${fileId('audio', trackId, contentHash(readFileSync(join(blocked, '01.wav'))), 'MP3_96')}.mp3`);
    mkdirSync(join(dataDir, 'media', 'audio'), { recursive: true });
    writeFileSync(previewPath, 'in the way');
    await expect(ingestFolder(blocked, { dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }) })).rejects.toThrow(/already exists/);
    expect(await dump(dataDir, databaseUrl)).toEqual(rows);

    // The server over the same database and DATA_DIR shows the ingested album.
    const server = await startTestServer(dataDir, { databaseUrl });
    try {
      const page = await fetch(server.url(`/embed/album/${albumId}`));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`Album on ${dialect}`);
    } finally {
      await server.stop({ keepData: true });
    }
  });
});
