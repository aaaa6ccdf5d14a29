import { isRight } from 'fp-ts/Either';
import { EmbedData } from '../../core/model/embed-data';
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

describe('GET /embed/{type}/{id} (spec 000 §2 The embed screen, §3 the JSON block)', () => {
  it.each(Object.entries(firstOf))('renders the %s embed with a JSON block the widget decodes', async (type, id) => {
    const response = await fetch(server.url(`/embed/${type}/${id}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    const data = EmbedData.decode(jsonBlock(html));
    expect(isRight(data)).toBe(true);
    if (!isRight(data)) return;
    expect(data.right.resource.uri).toBe(`spotify:${type}:${id}`);
    expect(data.right.config).toMatchObject({ countryCode: 'SE', features: {} });
    expect(data.right.locale).toBe('en');
    // The server-rendered first frame and the widget script are in the page.
    expect(html).toContain('data-testid="play-button"');
    // The widget's module is evaluated after the first paint (bootScript).
    expect(html).toContain('import("/widget/main.js")');
    expect(html).toContain('<style>.embed{color:#fff}</style>');
    // The first preview is prefetched (metadata only) while the page parses.
    // An episode's preview names the market it was judged sold in (spec 000 §5, server/static/preview-markets.ts).
    expect(html).toMatch(/<audio id="preview-audio" hidden preload="metadata" src="\/media\/audio\/[\w-]+\.mp3(\?market=[A-Z]{2})?"><\/audio>/);
  });

  it('answers an invalid URI with 400 and the spec text (spec 000 §8)', async () => {
    const longId = 'a'.repeat(500);
    for (const path of ['/embed/album/abc!', '/embed/album/aaaaaaaaaaaaaaaaaaaaaaa', '/embed/bogus/abc', `/embed/album/${longId}`, '/embed/album/%E0%A4%A']) {
      const response = await fetch(server.url(path));
      expect([path, response.status]).toEqual([path, 400]);
      expect(await response.text()).toContain('Invalid Spotify URI!');
    }
  });

  it('answers an unknown id, or a type that cannot be embedded, with a readable 404', async () => {
    const unknown = await fetch(server.url('/embed/album/0000000000000000000000'));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This album could not be found');
    const user = await fetch(server.url('/embed/user/someone'));
    expect(user.status).toBe(404);
    expect(await user.text()).toContain('cannot be embedded');
  });

  it('escapes catalogue text so that it cannot end the script element (ARCHITECTURE.md §4)', async () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028';
    await server.app.database.kysely.updateTable('albums').set({ name: hostile }).where('id', '=', firstOf.album).execute();
    const html = await (await fetch(server.url(`/embed/album/${firstOf.album}`))).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the JSON block's and the widget script's
    const data = jsonBlock(html) as { resource: { name: string } };
    expect(data.resource.name).toBe(hostile);
  });

  it('marks an episode playable only in its markets (spec 000 §5), so no preview is prefetched elsewhere', async () => {
    const elsewhere = await startTestServer(undefined, { country: 'JP' });
    try {
      const here = jsonBlock(await (await fetch(server.url(`/embed/episode/${firstOf.episode}`))).text()) as { resource: { is_playable: boolean } };
      const html = await (await fetch(elsewhere.url(`/embed/episode/${firstOf.episode}`))).text();
      const there = jsonBlock(html) as { resource: { is_playable: boolean }; config: { countryCode: string } };
      expect([here.resource.is_playable, there.resource.is_playable, there.config.countryCode]).toEqual([true, false, 'JP']);
      expect(html).not.toContain('<audio');
    } finally {
      await elsewhere.stop();
    }
  });
});
