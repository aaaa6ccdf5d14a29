import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { openUrl } from '../../core/model/uri';

const catalogue = demoCatalogue();
const album = catalogue.albums[0]!;
const playlist = catalogue.playlists[0]!;
const show = catalogue.shows[0]!;
const episode = catalogue.episodes[0]!;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = async (path: string) => {
  const response = await fetch(server.url(path));
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
};

describe('open pages (spec 000 §7 "Open URL: the public web player host plus the item\'s type and id")', () => {
  it("the widget's open URL of an album is a page with its name, artists, tracks and its own player", async () => {
    const page = await get(openUrl('', { type: 'album', id: album.id }));
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.html).toContain(`<h1>${album.name}</h1>`);
    expect(page.html).toContain(`src="/embed/album/${album.id}"`);
    expect(page.html).toMatch(/<a href="\/artist\/[0-9A-Za-z]+">/);
    expect(page.html).toMatch(/<li><a href="\/track\/[0-9A-Za-z]+">[^<]+<\/a><span class="dur">\d+:\d\d<\/span><\/li>/);
  });

  it.each([
    ['playlist', playlist.id, playlist.name],
    ['show', show.id, show.name],
    ['episode', episode.id, episode.name],
  ])('a %s has its page too', async (type, id, name) => {
    const page = await get(`/${type}/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${name.replace(/&/g, '&amp;')}</h1>`);
  });

  it('the universal link form (query string and bo=1 added, spec 000 §7) opens the same page', async () => {
    const page = await get(`/album/${album.id}?utm_source=embed&bo=1`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${album.name}</h1>`);
  });

  it('an unknown id is a readable 404 and a malformed one a 400, never a 500', async () => {
    expect((await get('/album/0000000000000000000000')).status).toBe(404);
    expect((await get(`/album/${'x'.repeat(40)}`)).status).toBe(400);
  });
});
