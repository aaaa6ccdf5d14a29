import { startTestServer, type TestServer } from '../test-server';
import { parseEmbedOrigin } from './routes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const iframeSources = (html: string) => [...html.matchAll(/<iframe[^>]* src="([^"]+)"/g)].map((m) => m[1]?.replace(/&amp;/g, '&'));

describe('the demo page at / (spec 000 §7 parent-page message interface, driven through the client)', () => {
  it('embeds one player of each resource type with embed-api=1, with Play/Stop/Next/Prev and the client imported', async () => {
    const response = await fetch(server.url('/'));
    expect(response.status).toBe(200);
    const html = await response.text();
    const sources = iframeSources(html);
    expect(sources.map((src) => src?.split('/')[2])).toEqual(['album', 'artist', 'playlist', 'track', 'show', 'episode']);
    expect(sources.every((src) => src?.startsWith('/embed/') && src.endsWith('?embed-api=1'))).toBe(true);
    expect(html.match(/data-command="(play|stop|next|prev)"/g)).toHaveLength(24);
    expect(html).toContain("import { connectEmbed } from '/embed-api/client.js'");
  });

  it('loads the embeds from embedOrigin when given', async () => {
    const html = await (await fetch(server.url('/?embedOrigin=http://localhost:9999'))).text();
    expect(iframeSources(html).every((src) => src?.startsWith('http://localhost:9999/embed/'))).toBe(true);
  });

  it('hands debug=1 on to the embeds', async () => {
    const html = await (await fetch(server.url('/?debug=1'))).text();
    expect(iframeSources(html).every((src) => src?.endsWith('?embed-api=1&debug=1'))).toBe(true);
  });

  it('refuses an embedOrigin that is not a bare http(s) origin', async () => {
    const response = await fetch(server.url(`/?embedOrigin=${encodeURIComponent('javascript:alert(1)')}`));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('embedOrigin must be an http or https origin');
  });

  it.each([
    ['http://localhost:8080', { ok: true, origin: 'http://localhost:8080' }],
    ['https://example.test/', { ok: true, origin: 'https://example.test' }],
    [undefined, { ok: true, origin: '' }],
    ['http://localhost:8080/path', { ok: false }],
    ['http://localhost:8080/"><script>', { ok: false }],
    ['javascript:alert(1)', { ok: false }],
    ['ftp://localhost', { ok: false }],
    ['not a url', { ok: false }],
    [['http://a.test', 'http://b.test'], { ok: false }],
  ])('embedOrigin %j is %j', (value, expected) => {
    expect(parseEmbedOrigin(value)).toEqual(expected);
  });
});
