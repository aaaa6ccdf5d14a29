// Issue 15 (spec 001 §4 can-preload), in Debian Chromium against the real server on loopback: a
// logged-in visitor plays an album's protected tracks; in the last 10 s of track 1 the engine
// fetches track 2's file ahead (storage-resolve, seek table, init segment, fragment 0) and its
// ClearKey licence, and at track 1's end track 2 starts from them: no resolve, seek table, init
// segment or licence request at the transition, its action log showing the preload used, and no
// page problem.
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { logIn, waitFor, type Heard } from './engine-page';
import { watchPageProblems } from './page-problems';

jest.setTimeout(180_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let page: Page;
/** Every request the page made, in order: its path and Range header. */
const requests: Array<{ readonly path: string; readonly range: string | undefined }> = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
  page.on('request', (request) => requests.push({ path: new URL(request.url()).pathname, range: request.headers()['range'] }));
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(() => stopServerAndPage({ server, browser }));

/** From the server's own database (SQLite, or Postgres in the Postgres run). */
function albumTracks(app: RunningServer['app'], albumId: string): Promise<Array<{ id: string; duration_ms: number }>> {
  return app.database.kysely.selectFrom('tracks').select(['id', 'duration_ms']).where('album_id', '=', albumId).orderBy('track_number').execute();
}

/** Clicks the progress bar where `ms` of a `durationMs` track is (spec 000 §2: a click seeks). */
async function clickProgressAt(p: Page, ms: number, durationMs: number): Promise<void> {
  const box = await (await p.$('[data-testid=progress]'))?.boundingBox();
  if (box === null || box === undefined) throw new Error('no progress bar');
  await p.mouse.click(box.x + (box.width * ms) / durationMs, box.y + box.height / 2);
}

/** The actions of this type in the engine's log, with their place in it. */
const found = (h: Heard, type: string) => h.engineLog.map((action, at) => ({ action, at })).filter(({ action }) => action.type === type);

describe('the next track starts from what was fetched ahead (issue 15, spec 001 §4 can-preload)', () => {
  it("fetches track 2 and its licence in track 1's last 10 s, and at track 1's end plays track 2 with no resolve, seek table, init segment or licence request", async () => {
    await logIn(page, server.origin, 'demo', 'demo');
    const albumId = firstAlbumId(server.dataDir);
    const [first, second] = await albumTracks(server.app, albumId);
    if (first === undefined || second === undefined) throw new Error('the demo album has fewer than two tracks');
    await page.goto(`${server.origin}/embed/album/${albumId}?debug=1`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    await waitFor(page, 'track 1 playing', (h) => h.time > 1 && h.widget.isPlaying && h.widget.trackUri === `spotify:track:${first.id}`);

    // 13 s before the end: the can-preload signal comes 3 s later (10 s or less remain).
    await clickProgressAt(page, first.duration_ms - 13_000, first.duration_ms);
    const ahead = await waitFor(
      page,
      'track 2 fetched ahead and licensed',
      (h) => {
        const started = found(h, 'drm/licencePreloadStarted')[0];
        return started !== undefined && found(h, 'drm/licenceUpdated').some(({ at }) => at > started.at);
      },
      30_000,
    );
    const [preloaded] = found(ahead, 'mediaPlayer/preloaded');
    expect(preloaded?.action).toMatchObject({ initData: expect.any(String) as unknown });
    const fileId = String(preloaded?.action['fileId']);
    expect(found(ahead, 'drm/licencePreloadStarted').map(({ action }) => action['contentId'])).toEqual([fileId]);
    const mark = requests.length;

    const playing = await waitFor(
      page,
      'track 2 playing',
      (h) => h.widget.trackUri === `spotify:track:${second.id}` && h.time > 1 && h.widget.isPlaying,
      40_000,
    );
    expect(playing.error).toBeNull();
    // Track 2's load is the file fetched ahead, started from it.
    const loads = found(playing, 'mediaPlayer/loadRequested');
    const last = loads[loads.length - 1];
    expect(last?.action['fileId']).toBe(fileId);
    expect(found(playing, 'mediaPlayer/preloadUsed').map(({ action }) => action['fileId'])).toEqual([fileId]);
    expect(found(playing, 'list/trackLoadRequested').map(({ action }) => action['reason'])).toContain('trackdone');
    // At the transition: no storage-resolve, seek table or licence request, and no init segment (bytes=0-) fetched.
    const after = requests.slice(mark);
    expect(after.filter((r) => r.path.includes('/storage-resolve/') || r.path.includes('/seektable/') || r.path.includes('/licence'))).toEqual([]);
    expect(after.filter((r) => r.path.startsWith('/cdn/audio/') && r.range?.startsWith('bytes=0-') === true)).toEqual([]);
    // After the load, no new key session either: track 2's init data was licensed ahead.
    expect(found(playing, 'drm/licenceSessionCreated').filter(({ at }) => at > (last?.at ?? 0))).toEqual([]);
  });
});
