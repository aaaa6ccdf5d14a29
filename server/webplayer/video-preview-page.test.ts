import { startTestServer, type TestServer } from '../test-server';
import { logInCookie } from '../accounts/login-client';
import type { WebTrack } from '../../core/webplayer';
import { PAGE_DATA_ID, type WebPlayerPageData } from '../../ui/webplayer/page-data';
import { storedVideoEpisode } from '../testing/video-episode';

/*
 * Issue 18 "Anonymous visitors get a 30 s unprotected preview of a video episode": the web player's
 * pages give an anonymous visitor's row of a video episode its clear progressive preview (the embed
 * data's video_preview, server/embed/video-preview.test.ts), which preview mode plays in the
 * now-playing panel; a listener's rows carry none (the engine plays the video). The demo show has
 * one video episode, sold in SE (the test server's market). The video is ingested in the SQLite run only.
 */

let server: TestServer;
let showId: string;
let episodeId: string;
let mediaDir: string;
beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  ({ showId, episodeId, mediaDir } = await storedVideoEpisode(server.app.database));
});
afterAll(() => server.stop());

const rowsOf = async (path: string, cookie?: string): Promise<WebTrack[]> => {
  const response = await fetch(server.url(path), { headers: cookie === undefined ? {} : { cookie } });
  expect(response.status).toBe(200);
  const json = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(await response.text())?.[1];
  const data = JSON.parse(json!) as WebPlayerPageData;
  return data.state.page.sections.flatMap((s) => (s.kind === 'tracks' ? s.rows : []));
};

describe("the web player's anonymous preview of a video episode (issue 18)", () => {
  const expected = () => ({
    url: expect.stringMatching(new RegExp(`/media/${mediaDir}/preview\\.mp4\\?market=SE$`)),
    width: 426,
    height: 240,
    subtitles: [
      { language: 'en', url: expect.stringMatching(new RegExp(`/media/${mediaDir}/subtitles/en\\.vtt$`)) },
      { language: 'sv', url: expect.stringMatching(new RegExp(`/media/${mediaDir}/subtitles/sv\\.vtt$`)) },
    ],
  });

  it.each(['show', 'episode'])('the %s page gives the video episode its video preview, and only it', async (kind) => {
    const rows = await rowsOf(kind === 'show' ? `/show/${showId}` : `/episode/${episodeId}`);
    const video = rows.find((r) => r.uri === `spotify:episode:${episodeId}`);
    expect(video?.videoPreview).toEqual(expected());
    // The MP3 preview stays beside it.
    expect(video?.previewUrl).toMatch(/\.mp3\?market=SE$/);
    expect(rows.filter((r) => r.videoPreview !== undefined)).toHaveLength(1);
  });

  it("a listener's show page has none: the engine plays the video", async () => {
    const rows = await rowsOf(`/show/${showId}`, await logInCookie(server.url(''), 'demo', 'demo'));
    expect(rows.some((r) => r.uri === `spotify:episode:${episodeId}`)).toBe(true);
    expect(rows.filter((r) => r.videoPreview !== undefined)).toEqual([]);
  });
});
