// Issue 15, gapless (spec 001 §4 can-preload, §9), in Debian Chromium against the real server on
// loopback: a logged-in visitor plays an album's protected tracks; in track 1's last 10 s track 2's
// file, fetched ahead, is chained behind it in the same MediaSource and source buffer. Across the
// boundary no MediaSource is opened (the page counts every MediaSource handed to an element), track
// 2's position starts again at 0, a seek in track 2 lands where asked, and a skip back plays track 1
// again; no page problem.
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { logIn, waitFor, type Heard } from './engine-page';
import { watchPageProblems } from './page-problems';

jest.setTimeout(240_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
  // Every MediaSource the page points an element at goes through URL.createObjectURL.
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __mediaSourcesOpened: number };
    w.__mediaSourcesOpened = 0;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource): string => {
      if (object instanceof MediaSource) w.__mediaSourcesOpened += 1;
      return create(object);
    };
  });
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(() => stopServerAndPage({ server, browser }));

function albumTracks(app: RunningServer['app'], albumId: string): Promise<Array<{ id: string; duration_ms: number }>> {
  return app.database.kysely.selectFrom('tracks').select(['id', 'duration_ms']).where('album_id', '=', albumId).orderBy('track_number').execute();
}

async function clickProgressAt(p: Page, ms: number, durationMs: number): Promise<void> {
  const box = await (await p.$('[data-testid=progress]'))?.boundingBox();
  if (box === null || box === undefined) throw new Error('no progress bar');
  await p.mouse.click(box.x + (box.width * ms) / durationMs, box.y + box.height / 2);
}

/** MediaSources opened so far, and the widget's position (ms). */
const pageFacts = (p: Page): Promise<{ opened: number; position: number }> =>
  p.evaluate(() => {
    const w = window as unknown as { __mediaSourcesOpened: number; __embedDebug: { state(): { playback: { progress: number } } } };
    return { opened: w.__mediaSourcesOpened, position: w.__embedDebug.state().playback.progress };
  });

const found = (h: Heard, type: string) => h.engineLog.filter((action) => action.type === type);

describe('gapless: the next track chained in the same MediaSource (issue 15, spec 001 §4 can-preload)', () => {
  it('plays across the boundary without a new MediaSource; track 2 starts at 0, seeks within itself, and a skip back plays track 1', async () => {
    await logIn(page, server.origin, 'demo', 'demo');
    const albumId = firstAlbumId(server.dataDir);
    const [first, second] = await albumTracks(server.app, albumId);
    if (first === undefined || second === undefined) throw new Error('the demo album has fewer than two tracks');
    await page.goto(`${server.origin}/embed/album/${albumId}?debug=1`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    await waitFor(page, 'track 1 playing', (h) => h.time > 1 && h.widget.isPlaying && h.widget.trackUri === `spotify:track:${first.id}`);
    await clickProgressAt(page, first.duration_ms - 13_000, first.duration_ms);

    const chained = await waitFor(page, 'track 2 chained behind track 1', (h) => found(h, 'mediaPlayer/chainRequested').length > 0, 30_000);
    const before = await pageFacts(page);
    expect(found(chained, 'mediaPlayer/ended')).toEqual([]);
    // One buffered range runs on across track 1's end into track 2: no hole in the element's time line there.
    const spanning = await page.waitForFunction(
      (boundaryS: number) => {
        const element = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio');
        if (element === undefined) return false;
        for (let i = 0; i < element.buffered.length; i += 1)
          if (element.buffered.start(i) <= boundaryS - 1 && element.buffered.end(i) >= boundaryS + 1) return true;
        return false;
      },
      { timeout: 20_000, polling: 100 },
      first.duration_ms / 1000,
    );
    expect(await spanning.jsonValue()).toBe(true);

    const playing = await waitFor(
      page,
      'track 2 playing',
      (h) => h.widget.trackUri === `spotify:track:${second.id}` && h.widget.isPlaying && h.time > first.duration_ms / 1000 + 1,
      40_000,
    );
    const across = await pageFacts(page);
    // No MediaSource opened at the boundary: the element's time line went on from track 1's.
    expect(across.opened).toBe(before.opened);
    expect(found(playing, 'mediaPlayer/sourceOpened')).toHaveLength(1);
    expect(found(playing, 'mediaPlayer/preloadUsed').map((a) => a['fileId'])).toEqual([found(chained, 'mediaPlayer/chainRequested')[0]?.['fileId']]);
    expect(found(playing, 'list/trackLoadRequested').map((a) => a['reason'])).toContain('trackdone');
    // Track 2's position counts from 0 (the element is past track 1's length).
    expect(across.position).toBeGreaterThanOrEqual(0);
    expect(across.position).toBeLessThan(first.duration_ms / 2);
    expect(playing.error).toBeNull();

    // A seek in track 2: to 20 s of it (the element's track 1 length + 20 s).
    await clickProgressAt(page, 20_000, second.duration_ms);
    const sought = await waitFor(
      page,
      'track 2 playing after the seek',
      (h) => h.widget.trackUri === `spotify:track:${second.id}` && h.widget.isPlaying && h.time > (first.duration_ms + 20_500) / 1000,
      30_000,
    );
    const afterSeek = await pageFacts(page);
    expect(afterSeek.position).toBeGreaterThanOrEqual(19_000);
    expect(afterSeek.position).toBeLessThan(30_000);
    expect(Math.abs(sought.time * 1000 - first.duration_ms - afterSeek.position)).toBeLessThan(2000);
    expect(sought.error).toBeNull();

    // A skip back (smart previous: a restart past 3 s, then the track before): track 1 again, from 0, in a new MediaSource.
    await page.click('[data-testid=skip-back]');
    await waitFor(page, 'track 2 restarted', (h) => h.widget.trackUri === `spotify:track:${second.id}` && h.time < (first.duration_ms + 3000) / 1000, 20_000);
    await page.click('[data-testid=skip-back]');
    const back = await waitFor(
      page,
      'track 1 playing again',
      (h) => h.widget.trackUri === `spotify:track:${first.id}` && h.widget.isPlaying && h.time > 0.5 && h.time < first.duration_ms / 1000,
      30_000,
    );
    const afterBack = await pageFacts(page);
    expect(afterBack.opened).toBe(across.opened + 1);
    expect(afterBack.position).toBeLessThan(10_000);
    expect(back.error).toBeNull();
  });
});
