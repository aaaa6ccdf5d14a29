import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../test-server';
import { DEMO_CATALOGUE, demoCatalogue } from '../testing/demo-catalogue';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('media files (previews are fetched and seeked by the audio element)', () => {
  const file = demoCatalogue().tracks[0]!.preview;

  it('serves a whole preview file', async () => {
    const response = await fetch(server.url(`/media/${file}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect((await response.arrayBuffer()).byteLength).toBe(statSync(join(DEMO_CATALOGUE.mediaDir, file)).size);
  });

  it('answers a byte range with 206 and Content-Range', async () => {
    const size = statSync(join(DEMO_CATALOGUE.mediaDir, file)).size;
    const response = await fetch(server.url(`/media/${file}`), { headers: { range: 'bytes=100-199' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });

  it('answers 404 for a file that is not there, and refuses to leave the media folder', async () => {
    expect((await fetch(server.url('/media/audio/nothing.mp3'))).status).toBe(404);
    const traversal = await fetch(server.url('/media/..%2F..%2Fpackage.json'));
    expect([403, 404]).toContain(traversal.status);
    expect(await traversal.text()).not.toContain('"name": "embed-player"');
  });
});

describe('widget scripts (precompressed by build.mjs)', () => {
  it('sends the brotli copy to a browser that accepts it, and the plain file to one that does not', async () => {
    const br = await fetch(server.url('/widget/main.js'), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('console.log("widget")');
    const plain = await fetch(server.url('/widget/main.js'), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("widget")');
  });
});

describe('dynamic answers are compressed for browsers that accept it (@fastify/compress)', () => {
  it('the embed page goes brotli-compressed; audio keeps its byte ranges uncompressed', async () => {
    const { albums, tracks } = demoCatalogue();
    const page = await fetch(server.url(`/embed/album/${albums[0]!.id}`), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<!doctype html>');
    const range = await fetch(server.url(`/media/${tracks[0]!.preview}`), { headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-encoding')).toBeNull();
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });
});
