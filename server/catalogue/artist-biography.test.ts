import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';

const catalogue = demoCatalogue();
const artist = catalogue.artists.find((a) => a.biography !== undefined);

const jsonBlock = (html: string): { resource: { biography?: string } } => {
  const match = /<script id="resource" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no JSON block in the page');
  return JSON.parse(match[1]!) as { resource: { biography?: string } };
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('artist biography (catalogue → SQLite → embed page; spec 000 §5 Bio text)', () => {
  it('the demo catalogue has an artist biography with line breaks and link markup', () => {
    expect(artist?.biography).toMatch(/\n/);
    expect(artist?.biography).toMatch(/<a href="spotify:artist:\w+">/);
  });

  it('the artist embed carries the biography as written, and its first frame shows the split paragraphs', async () => {
    if (artist === undefined) throw new Error('no artist with a biography');
    const html = await (await fetch(server.url(`/embed/artist/${artist.id}`))).text();
    expect(jsonBlock(html).resource.biography).toBe(artist.biography);
    // Server-rendered: one <p> per non-empty line, the link reduced to its text.
    const frame = html.slice(0, html.indexOf('<script id="resource"'));
    const paragraphs = [...frame.matchAll(/<p class="artist-bio__paragraph">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(paragraphs.length).toBe(artist.biography!.split('\n').filter((l) => l.trim() !== '').length);
    expect(frame).not.toContain('href="spotify:artist:');
  });

  it('other resources carry no biography', async () => {
    const album = catalogue.albums[0]!;
    const html = await (await fetch(server.url(`/embed/album/${album.id}`))).text();
    expect(jsonBlock(html).resource.biography).toBeUndefined();
    expect(html).not.toContain('artist-bio');
  });
});
