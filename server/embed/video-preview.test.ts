import { startTestServer, type TestServer } from '../test-server';
import { queryRows } from '../testing/sql';
import { storedVideoEpisode } from '../testing/video-episode';

/*
 * Issue 18 "Anonymous visitors get a 30 s unprotected preview of a video episode, as for audio": the embed data of
 * a video episode names its clear progressive preview (server/ingest/transcode-video.ts PREVIEW_FILE_NAME), picture
 * size and subtitles; the page's preview element is a <video>; the file is served as the other previews are (byte
 * ranges, caching). The demo show "Window on the Harbour" has one video episode, sold in SE.
 */

interface EpisodeJson {
  readonly uri: string;
  readonly audio_preview_url: string | null;
  readonly video_preview?: { url: string; width: number; height: number; subtitles: Array<{ language: string; url: string }> };
}

const jsonBlock = (html: string): { resource: { episodes: { items: EpisodeJson[] } } } => {
  const match = /<script id="resource" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no JSON block in the page');
  return JSON.parse(match[1]!) as { resource: { episodes: { items: EpisodeJson[] } } };
};

let server: TestServer;
let showId: string;
let episodeId: string;
let mediaDir: string;
beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  ({ showId, episodeId, mediaDir } = await storedVideoEpisode(server.app.database));
});
afterAll(() => server.stop());

describe("a video episode's anonymous preview (issue 18)", () => {
  let html: string;
  let item: EpisodeJson;
  beforeAll(async () => {
    const response = await fetch(server.url(`/embed/show/${showId}`));
    expect(response.status).toBe(200);
    html = await response.text();
    item = jsonBlock(html).resource.episodes.items.find((e) => e.uri === `spotify:episode:${episodeId}`)!;
  });

  it('the embed data names the preview file (for the market), its picture size and its subtitles', () => {
    expect(item.video_preview).toEqual({
      url: expect.stringMatching(new RegExp(`/media/${mediaDir}/preview\\.mp4\\?market=SE$`)),
      width: 426,
      height: 240,
      subtitles: [
        { language: 'en', url: expect.stringMatching(new RegExp(`/media/${mediaDir}/subtitles/en\\.vtt$`)) },
        { language: 'sv', url: expect.stringMatching(new RegExp(`/media/${mediaDir}/subtitles/sv\\.vtt$`)) },
      ],
    });
    // The MP3 preview stays (the Web API's audio_preview_url); only the widget's preview player reads video_preview.
    expect(item.audio_preview_url).toMatch(/\.mp3\?market=SE$/);
  });

  it("the page's preview element is a <video> prefetching the video preview", () => {
    const src = item.video_preview!.url.replace(/&/g, '&amp;');
    expect(html).toContain(`<video id="preview-audio" hidden playsinline preload="metadata" src="${src}"></video>`);
  });

  it('serves the file with byte ranges and caching, as the other previews', async () => {
    const url = new URL(item.video_preview!.url, server.url('/'));
    const path = url.pathname + url.search;
    const whole = await fetch(server.url(path));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=3600');
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await fetch(server.url(path), { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${size}`);
    // An MP4 starts with its ftyp box: bytes 4–11 are its type and major brand.
    expect(new TextDecoder().decode(await part.arrayBuffer()).slice(0, 4)).toBe('ftyp');
  });

  it('serves it only where the episode is sold, as the MP3 preview (spec 000 §5)', async () => {
    const url = new URL(item.video_preview!.url, server.url('/'));
    const elsewhere = await fetch(server.url(`${url.pathname}?market=JP`));
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toMatch(/Restriction violated/);
    // HEAD: a 785 KB body left unread held its connection, and the server's close waited for it (afterAll timed out in CI).
    expect((await fetch(server.url(`${url.pathname}?market=NO`), { method: 'HEAD' })).status).toBe(200);
  });

  it('an audio episode has no video preview; a show without one keeps the <audio> preview element', async () => {
    const others = await queryRows<{ id: string }>(
      server.app.database,
      'SELECT id FROM shows WHERE id NOT IN (SELECT e.show_id FROM episodes e JOIN video_sources v ON v.episode_id = e.id)',
    );
    const response = await fetch(server.url(`/embed/show/${others[0]!.id}`));
    const page = await response.text();
    expect(jsonBlock(page).resource.episodes.items.every((e) => e.video_preview === undefined)).toBe(true);
    expect(page).not.toContain('<video');
  });
});
