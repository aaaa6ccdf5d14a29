// spec 000 §3: "Every resource: ... a big-cover-art flag", sent in the embed page's JSON block, and
// with the layout rule (spec 000 §2) it decides big cover art; the server's first frame follows it.
import { BIG_COVER_ART_MIN_IMAGE_PX } from '../../core/widget/big-cover-art';
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

interface Block {
  readonly resource: { readonly has_big_cover_art?: unknown; readonly album?: { readonly uri: string } };
}

const page = async (server: TestServer, path: string) => {
  const html = await (await fetch(server.url(path))).text();
  const match = /<script id="resource" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no JSON block in the page');
  return { html, block: JSON.parse(match[1]!) as Block };
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the big-cover-art flag in the embed data (spec 000 §3)', () => {
  it.each(Object.entries(firstOf))('the %s carries it: true, the demo covers are 640 px wide', async (type, id) => {
    const { block } = await page(server, `/embed/${type}/${id}`);
    expect(block.resource.has_big_cover_art).toBe(true);
  });

  it('a track whose album has no cover of 300 px or more: false, and the first frame has no big cover art (the bottom section is empty)', async () => {
    const own = await startTestServer();
    try {
      const before = await page(own, `/embed/track/${firstOf.track}`);
      expect(before.html).toContain('data-testid="big-cover-art"');
      const albumId = before.block.resource.album!.uri.split(':')[2]!;
      const removed = await own.app.database.kysely
        .deleteFrom('images')
        .where('owner_type', '=', 'album')
        .where('owner_id', '=', albumId)
        .where('width', '>=', BIG_COVER_ART_MIN_IMAGE_PX)
        .executeTakeFirst();
      expect(Number(removed.numDeletedRows)).toBeGreaterThan(0);
      const after = await page(own, `/embed/track/${firstOf.track}`);
      expect(after.block.resource.has_big_cover_art).toBe(false);
      expect(after.html).not.toContain('data-testid="big-cover-art"');
      // The header keeps its (small) cover.
      expect(after.html).toContain('data-testid="cover"');
    } finally {
      await own.stop();
    }
  });
});
