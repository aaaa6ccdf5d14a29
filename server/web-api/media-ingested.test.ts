import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestFolder } from '../ingest/ingest-folder';
import { writeTinyAlbum } from '../ingest/test-sources';
import { startTestServer, type TestServer } from '../test-server';
import { apiGet, bearerToken } from './api-test-client';
import { DEMO_CATALOGUE, demoCatalogue } from '../testing/demo-catalogue';
import { storeOptionsFor } from '../testing/stores';

// Issue 4: the ingest writes `${DATA_DIR}/media/` with audio_files.path relative to it; the CDN and
// /media/ serve those files (then the committed demo's fixtures/demo-catalogue/media for what is not there).
jest.setTimeout(60_000);

interface FileRow {
  readonly file_id: string;
  readonly path: string;
  readonly format: string;
}
interface SeekTable {
  readonly offset: number;
  readonly timescale: number;
  readonly segments: Array<[number, number]>;
}

let root: string;
let server: TestServer;
let token: string;
let files: FileRow[];
let images: Array<{ file: string }>;
const demoPreview = demoCatalogue().tracks[0]!.preview;

const mediaFile = (path: string) => readFileSync(join(server.dataDir, 'media', path));
const insertFile = (fileId: string, path: string) =>
  server.app.database.kysely.insertInto('audio_files').values({ file_id: fileId, path, format: 'MP3_96' }).execute();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'embed-cdn-ingest-'));
  // 12 s: an init segment and two fragments (10 s fragments, spec 001 §9).
  writeTinyAlbum(join(root, 'album'), { tracks: 1, seconds: 12 });
  const dataDir = join(root, 'data');
  // Into the database the server over this data directory runs on (Postgres in the Postgres run):
  // one that starts empty, as the ingest's new SQLite catalogue does (no demo catalogue).
  const { databaseUrl } = await storeOptionsFor(dataDir, {}, { empty: true });
  await ingestFolder(join(root, 'album'), { dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }) });
  server = await startTestServer(dataDir);
  token = await bearerToken(server);
  const db = server.app.database.kysely;
  files = await db.selectFrom('audio_files').select(['file_id', 'path', 'format']).orderBy('format').execute();
  images = await db.selectFrom('images').select('file').where('owner_type', '=', 'album').execute();
});
afterAll(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the CDN serves what the ingest wrote to DATA_DIR/media (spec 001 §7 Media, §3 audio manifest)', () => {
  it('storage resolve → seek table → each fragment by byte range is exactly the packaged file’s bytes', async () => {
    const packaged = files.find((f) => f.format === 'MP4_160')!;
    expect(packaged.path).not.toMatch(/^\//);
    const whole = mediaFile(packaged.path);

    const resolved = await apiGet(server, `/storage-resolve/files/audio/interactive/${packaged.file_id}`, token);
    expect(resolved.status).toBe(200);
    const cdnurl = resolved.body.cdnurl[0] as string;
    const table = (await apiGet(server, `/seektable/${packaged.file_id}.json`, null)).body as SeekTable;
    expect(table.segments.length).toBe(2);

    // As the engine reads it: the init segment [0, offset), then each segment by its size.
    const ranges: Array<[number, number]> = [[0, table.offset - 1]];
    let start = table.offset;
    for (const [size] of table.segments) {
      ranges.push([start, start + size - 1]);
      start += size;
    }
    expect(start).toBe(whole.length);
    for (const [first, last] of ranges) {
      const response = await fetch(cdnurl, { headers: { range: `bytes=${first}-${last}` } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-type')).toBe('audio/mp4');
      expect(response.headers.get('content-range')).toBe(`bytes ${first}-${last}/${whole.length}`);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(whole.subarray(first, last + 1));
    }
  });

  it('serves the ingested MP3 preview whole, as audio/mpeg', async () => {
    const preview = files.find((f) => f.format === 'MP3_96')!;
    const response = await fetch(server.url(`/cdn/audio/${preview.file_id}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(mediaFile(preview.path));
  });

  it('looks a relative path up in DATA_DIR/media first, then the demo media folder; never outside them', async () => {
    // The demo preview's path, shadowed by a different file in DATA_DIR/media: DATA_DIR wins.
    await insertFile('dd01', demoPreview);
    const demoBytes = readFileSync(join(DEMO_CATALOGUE.mediaDir, demoPreview));
    expect(Buffer.from(await (await fetch(server.url('/cdn/audio/dd01'), { headers: { range: 'bytes=0-99' } })).arrayBuffer())).toEqual(
      demoBytes.subarray(0, 100),
    );
    const shadow = Buffer.from('an ingested file of the same name');
    mkdirSync(join(server.dataDir, 'media', 'audio'), { recursive: true });
    writeFileSync(join(server.dataDir, 'media', demoPreview), shadow);
    try {
      expect(Buffer.from(await (await fetch(server.url('/cdn/audio/dd01'))).arrayBuffer())).toEqual(shadow);
      const viaMedia = await fetch(server.url(`/media/${demoPreview}`));
      expect(Buffer.from(await viaMedia.arrayBuffer())).toEqual(shadow);
    } finally {
      rmSync(join(server.dataDir, 'media', demoPreview));
    }
    // A hand-edited row pointing out of the media folders (at the catalogue itself) is not served.
    await insertFile('dd02', '../catalogue.sqlite');
    expect((await fetch(server.url('/cdn/audio/dd02'))).status).toBe(404);
  });
});

describe('/media/ serves the ingested covers and previews, and still the demo media', () => {
  it('an ingested cover (the images row’s file) and a byte range of an ingested preview', async () => {
    expect(images.length).toBe(3);
    for (const { file } of images) {
      const response = await fetch(server.url(`/media/${file}`));
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(mediaFile(file));
    }
    const preview = files.find((f) => f.format === 'MP3_96')!;
    const ranged = await fetch(server.url(`/media/${preview.path}`), { headers: { range: 'bytes=10-29' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(mediaFile(preview.path).subarray(10, 30));
  });

  it('a demo file that is not in DATA_DIR/media comes from fixtures/demo-catalogue/media', async () => {
    const response = await fetch(server.url(`/media/${demoPreview}`), { headers: { range: 'bytes=0-9' } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(readFileSync(join(DEMO_CATALOGUE.mediaDir, demoPreview)).subarray(0, 10));
  });
});
