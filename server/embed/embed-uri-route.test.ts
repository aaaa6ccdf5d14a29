// spec 000 §7 Copy embed code: "an iframe snippet pointing at the provider's embed page with the
// uri as a parameter". GET /embed?uri=... renders the same page as /embed/{type}/{id}, decodes the
// uri at the boundary (bad or missing: a readable 400; not embeddable or unknown: a 404; never a
// 5xx), and is frameable by any site like every embed. The snippet the share dialog copies points
// at a page that works.
import { isRight } from 'fp-ts/Either';
import { EmbedData } from '../../core/model/embed-data';
import { embedCode } from '../../core/widget/share/share-links';
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';

const catalogue = demoCatalogue();
const firstOf = {
  album: catalogue.albums[0]!.id,
  artist: catalogue.artists[0]!.id,
  playlist: catalogue.playlists[0]!.id,
  track: catalogue.tracks[0]!.id,
  show: catalogue.shows[0]!.id,
  episode: catalogue.episodes[0]!.id,
};

const jsonBlock = (html: string): unknown => {
  const match = /<script id="resource" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no JSON block in the page');
  return JSON.parse(match[1]!);
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('GET /embed?uri= (spec 000 §7 Copy embed code: the embed page with the uri as a parameter)', () => {
  it.each(Object.entries(firstOf))('renders the %s embed named by its uri, the same page as the path form', async (type, id) => {
    const uri = `spotify:${type}:${id}`;
    const response = await fetch(server.url(`/embed?uri=${encodeURIComponent(uri)}&embed-api=1`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    const data = EmbedData.decode(jsonBlock(html));
    expect(isRight(data) && data.right.resource.uri).toBe(uri);
    expect(html).toContain('data-testid="play-button"');
    const pathForm = await (await fetch(server.url(`/embed/${type}/${id}`))).text();
    expect(jsonBlock(html)).toEqual(jsonBlock(pathForm));
  });

  it('reads the uri as the URI grammar does (spec 000 §3): colons unescaped, a URL form, a playlist under its owner', async () => {
    const album = firstOf.album;
    for (const uri of [`spotify:album:${album}`, `https://open.spotify.com/album/${album}?si=abc`, `/embed/album/${album}`]) {
      const response = await fetch(server.url(`/embed?uri=${uri.replace(/[?&]/g, encodeURIComponent)}`));
      expect([uri, response.status]).toEqual([uri, 200]);
    }
    const playlist = await fetch(server.url(`/embed?uri=spotify:user:someone:playlist:${firstOf.playlist}`));
    expect(playlist.status).toBe(200);
  });

  it('keeps the embed page options: locale and the mini-player variant', async () => {
    const html = await (await fetch(server.url(`/embed?uri=spotify:album:${firstOf.album}&locale=sv&variant=mini`))).text();
    const data = jsonBlock(html) as { locale: string; config: { variant?: string } };
    expect([data.locale, data.config.variant]).toEqual(['sv', 'mini']);
  });

  it('answers a missing, empty, repeated, over-long or invalid uri with a readable 400 that says so (spec 000 §8), never a 5xx', async () => {
    const album = `spotify:album:${firstOf.album}`;
    const cases: Array<[string, string]> = [
      ['/embed', 'names no item'],
      ['/embed?uri=', 'names no item'],
      ['/embed?uri', 'names no item'],
      ['/embed?embed-api=1', 'names no item'],
      [`/embed?uri=${album}&uri=${album}`, 'more than one item'],
      ['/embed?uri[a]=1', 'names no item'],
      [`/embed?uri=spotify:album:${'a'.repeat(5000)}`, 'too long'],
      ['/embed?uri=spotify:album:aaaaaaaaaaaaaaaaaaaaaaa', 'does not name an item'],
      ['/embed?uri=spotify:album:abc!', 'does not name an item'],
      ['/embed?uri=spotify:bogus:abc', 'does not name an item'],
      ['/embed?uri=album', 'does not name an item'],
      ['/embed?uri=%E0%A4%A', 'does not name an item'],
      ['/embed?uri=spotify%3Auser%3Ab%25zz', 'does not name an item'],
      ['/embed?uri=%00', 'does not name an item'],
      ['/embed?uri=javascript:alert(1)', 'does not name an item'],
    ];
    for (const [path, reason] of cases) {
      const response = await fetch(server.url(path));
      const text = await response.text();
      expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 400, expect.stringMatching(/text\/html/)]);
      expect([path, text.includes('Invalid Spotify URI!'), text.includes(reason)]).toEqual([path, true, true]);
    }
  });

  it('answers a uri of a type that cannot be embedded, or an unknown id, with a readable 404', async () => {
    const user = await fetch(server.url('/embed?uri=spotify:user:someone'));
    expect(user.status).toBe(404);
    expect(await user.text()).toContain('cannot be embedded');
    const unknown = await fetch(server.url('/embed?uri=spotify:album:0000000000000000000000'));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This album could not be found');
  });

  it('is frameable by every site, as every embed page is (issue 12 security headers)', async () => {
    for (const path of [`/embed?uri=spotify:album:${firstOf.album}&embed-api=1`, '/embed']) {
      const response = await fetch(server.url(path));
      expect([path, response.headers.get('content-security-policy'), response.headers.get('x-frame-options')]).toEqual([path, null, null]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("the share dialog's embed code points at this page, with embed-api=1 (spec 000 §7, §2 Routes)", async () => {
    const snippet = embedCode({ open: server.url('') }, `spotify:episode:${firstOf.episode}`);
    const src = new URL((/src="([^"]*)"/.exec(snippet)?.[1] ?? '').replace(/&amp;/g, '&'));
    expect(src.searchParams.get('embed-api')).toBe('1');
    const response = await fetch(src);
    expect(response.status).toBe(200);
    expect((jsonBlock(await response.text()) as { resource: { uri: string } }).resource.uri).toBe(`spotify:episode:${firstOf.episode}`);
  });
});
