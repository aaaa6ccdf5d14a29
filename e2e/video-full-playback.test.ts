// Issue 18 Must show (engine), in Debian Chromium against the real server on loopback: a logged-in premium
// listener's widget for the video show plays the video episode through the real engine (device with
// manifest_ids_video, state machine with the episode's source, video manifest, streamVideo on the engine's
// <video> element, ClearKey licence under the source id): frames are decoded (getVideoPlaybackQuality), no
// media error, a seek lands, and the tracking record sent names the video codec and its bitrates.
import type { Browser, Page } from 'puppeteer';
import { queryRows } from '../server/testing/sql';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { logIn, waitFor } from './engine-page';
import { watchPageProblems } from './page-problems';
import { until } from './until';

jest.setTimeout(180_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(() => stopServerAndPage({ server, browser }));

const rows = <T>(sql: string, ...params: unknown[]): Promise<T[]> => queryRows<T>(server.app.database, sql, ...params);

/** The engine's video element: its frames, position, error and whether it plays, read in one evaluate. */
const videoElement = (p: Page) =>
  p.evaluate(() => {
    // Not the preview player's element: a video episode's list makes it a <video> too (the clear preview), and the
    // engine's element goes back after it in <body> once the widget's frame lets it go.
    const video = document.querySelector<HTMLVideoElement>('video:not(#preview-audio)');
    return {
      present: video !== null,
      frames: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
      time: video?.currentTime ?? 0,
      error: video?.error?.code ?? null,
      paused: video?.paused ?? true,
      width: video?.videoWidth ?? 0,
    };
  });

const waitForVideo = (p: Page, what: string, test: (v: Awaited<ReturnType<typeof videoElement>>) => boolean, timeoutMs = 30_000) =>
  until(what, () => videoElement(p), test, timeoutMs);

describe('the engine plays a video episode (issue 18; spec 001 §3 manifest_ids_video, §7 video manifest, §9 Video quality)', () => {
  const episode = demoCatalogue().episodes.find((e) => e.name.startsWith('Ep. 1: A Harbour'))!;

  it('a premium listener: frames advance on the engine element, no media error, a seek lands, and the licence is the source id', async () => {
    const [source] = await rows<{ source_id: string }>('SELECT source_id FROM video_sources WHERE episode_id = ?', episode.id);
    expect(source).toBeDefined();
    await logIn(page, server.origin, 'demo', 'demo');
    await page.goto(`${server.origin}/embed/show/${episode.showId}?debug=1`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');

    const playing = await waitFor(page, 'the engine playing the video episode', (h) => h.time > 1 && h.widget.isPlaying);
    expect(playing.error).toBeNull();
    expect(playing.widget.trackUri).toBe(`spotify:episode:${episode.id}`);
    expect(playing.preview.time).toBe(0);
    const started = playing.engineLog.find((a) => a.type === 'video/started');
    expect(started).toMatchObject({ sourceId: source!.source_id, videoCodec: 'avc1.4d401f' });
    // The ClearKey licence of spec 001 §7, content id substituted: the source id (one key for every profile).
    expect(playing.engineActions).toEqual(expect.arrayContaining(['drm/licenceUpdated']));

    const first = await waitForVideo(page, 'decoded frames', (v) => v.frames > 0 && !v.paused);
    const later = await waitForVideo(page, 'more frames', (v) => v.frames > first.frames + 10);
    expect(later.error).toBeNull();
    expect(later.width).toBeGreaterThan(0);

    // The widget's state has the video: its size and both subtitle languages (core/contract/events.ts videoChanged).
    const video = await page.evaluate(() => (window as unknown as { __embedDebug: { state(): { video?: unknown } } }).__embedDebug.state().video);
    expect(video).toMatchObject({ subtitles: [expect.objectContaining({ language: 'en' }), expect.objectContaining({ language: 'sv' })] });

    // A click on the progress bar at 16 s (spec 000 §2) seeks the engine: the element lands there and plays on.
    const box = await (await page.$('[data-testid=progress]'))?.boundingBox();
    if (box === null || box === undefined) throw new Error('no progress bar');
    await page.mouse.click(box.x + (box.width * 16_000) / episode.durationMs, box.y + box.height / 2);
    const landed = await waitForVideo(page, 'the seek landing at 16 s and playing on', (v) => v.time > 16.5 && !v.paused);
    expect(landed.error).toBeNull();
  });

  it('the tracking record sent for the video episode names the video codec, its start and time-weighted bitrate', async () => {
    // The episode plays to its end (the show has one episode: the list ends there), which finalises the playback and sends its record.
    await waitForVideo(page, 'the end of the episode', (v) => v.paused && v.time > 21, 30_000);
    const stats = await until(
      'the playback stats record of the episode',
      async () =>
        (await rows<{ body: string }>("SELECT body FROM logging_events WHERE kind = 'jssdk_playback_stats'"))
          .map((r) => JSON.parse(r.body) as Record<string, unknown>)
          .filter((s) => s.play_track === `spotify:episode:${episode.id}`),
      (found) => found.length > 0,
    );
    expect(stats[0]).toMatchObject({ video_codec: 'avc1.4d401f', start_bitrate: expect.any(Number), time_weighted_bitrate: expect.any(Number) });
    // The video's bitrate (a video profile plus the 128 kbit/s audio profile), not the audio file's.
    expect(stats[0]!.start_bitrate).toBeGreaterThan(128000);
  });
});
