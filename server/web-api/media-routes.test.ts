import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../test-server';
import { apiGet, bearerToken } from './api-test-client';
import { DEMO_CATALOGUE, demoCatalogue } from '../testing/demo-catalogue';
import { STORAGE_RESOLVE_TTL } from './media-routes';

let server: TestServer;
let token: string;
const fileDir = mkdtempSync(join(tmpdir(), 'cdn-files-'));
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
const SEEK_TABLE = {
  offset: 1234,
  timescale: 44100,
  segments: [
    [5000, 441000],
    [4800, 441000],
  ],
};
const preview = demoCatalogue().tracks[0]!.preview;

beforeAll(async () => {
  server = await startTestServer();
  token = await bearerToken(server);
  writeFileSync(join(fileDir, 'sample.mp4'), bytes);
  // The ingest fills audio_files; here one row points at a test file, one at a demo preview (relative path).
  // Into the server's own database (SQLite, or Postgres in the Postgres run).
  await server.app.database.kysely
    .insertInto('audio_files')
    .values([
      { file_id: 'aa11', path: join(fileDir, 'sample.mp4'), format: 'MP4', bitrate: 128000, seek_table: JSON.stringify(SEEK_TABLE) },
      { file_id: 'bb22', path: preview, format: 'MP3', bitrate: 96000, seek_table: null },
      { file_id: 'cc33', path: join(fileDir, 'gone.mp4'), format: 'MP4', bitrate: 128000, seek_table: null },
    ])
    .execute();
});
afterAll(async () => {
  await server.stop();
  rmSync(fileDir, { recursive: true, force: true });
});

const cdn = (fileId: string, range?: string) => fetch(server.url(`/cdn/audio/${fileId}`), { headers: range === undefined ? {} : { range } });

describe('storage resolve (spec 001 §7 Media: GET storage-resolve for an audio file id, reads the cdnurl list)', () => {
  it('answers the CDN URLs of a file id', async () => {
    const { status, body } = await apiGet(server, '/storage-resolve/files/audio/interactive/aa11', token);
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'CDN', cdnurl: [server.url('/cdn/audio/aa11')], fileid: 'aa11', ttl: STORAGE_RESOLVE_TTL });
    const response = await fetch(body.cdnurl[0]);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('needs a bearer token (401), a well-formed id (400) and a known one (404), all as the error object', async () => {
    expect((await apiGet(server, '/storage-resolve/files/audio/interactive/aa11', null)).body).toEqual({
      error: { status: 401, message: 'No token provided' },
    });
    const bad = await apiGet(server, '/storage-resolve/files/audio/interactive/not-hex!', token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('fileId');
    const unknown = await apiGet(server, '/storage-resolve/files/audio/interactive/ffff', token);
    expect(unknown.body).toEqual({ error: { status: 404, message: "Non existing file id: 'ffff'" } });
  });
});

describe('the CDN (issue 4: byte ranges, 206 with Content-Range, 416 for a range it cannot satisfy)', () => {
  it('without a range sends the whole file (200), saying it accepts byte ranges', async () => {
    const response = await cdn('aa11');
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('content-type')).toBe('audio/mp4');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-500', 500, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=990-5000', 990, 999],
  ])('%s answers 206 with Content-Range and exactly those bytes', async (range, start, end) => {
    const response = await cdn('aa11', range);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(start, end + 1));
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s answers 416 with Content-Range bytes */size', async (range) => {
    const response = await cdn('aa11', range);
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */1000');
  });

  it('serves a file whose path is relative to the demo media folder (the preview files), as audio/mpeg', async () => {
    const response = await cdn('bb22', 'bytes=0-9');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(readFileSync(join(DEMO_CATALOGUE.mediaDir, preview)).subarray(0, 10));
  });

  it('an unknown file id, a missing file and a malformed id answer JSON errors, not a 500', async () => {
    expect((await cdn('ffff')).status).toBe(404);
    expect((await cdn('cc33')).status).toBe(404);
    const bad = await cdn('..%2F..%2Fetc%2Fpasswd');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { status: 400 } });
  });
});

describe('seek tables (spec 001 §7 Media: GET seek-table JSON per file id; §3 audio manifest)', () => {
  it('answers the stored seek table of a file id', async () => {
    const { status, body, headers } = await apiGet(server, '/seektable/aa11.json', null);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual(SEEK_TABLE);
  });

  it('404 for a file without a seek table or an unknown id; 400 without .json', async () => {
    expect((await apiGet(server, '/seektable/bb22.json', null)).status).toBe(404);
    expect((await apiGet(server, '/seektable/ffff.json', null)).status).toBe(404);
    const bad = await apiGet(server, '/seektable/aa11', null);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('fileId');
  });
});
