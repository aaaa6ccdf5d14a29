// Issue 2 "Must show": an anonymous visitor opens an album's embed page in Debian Chromium and
// hears the 30-second preview of its first track (spec 000 §2, §4 Preview mode; spec 001 §4 Preview player).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, type RunningServer, startServerAndPage, stopServerAndPage } from './harness';
import { checkRecordedSession, keepRecordedSession } from './recorded-session';
import { parseActionLog } from '../core/store/action-log';

jest.setTimeout(60_000);

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

interface AudioReading {
  currentTime: number;
  paused: boolean;
  error: number | null;
  src: string;
}

const readAudio = (): Promise<AudioReading> =>
  page.evaluate(() => {
    const audio = document.querySelector('audio');
    if (audio === null) throw new Error('no audio element');
    return { currentTime: audio.currentTime, paused: audio.paused, error: audio.error?.code ?? null, src: audio.currentSrc };
  });

/** Waits until the audio element has played past `seconds` (the browser's own clock, not ours). */
const waitForCurrentTimeAbove = (seconds: number) =>
  page.waitForFunction(
    (s: number) => {
      const audio = document.querySelector('audio');
      return audio !== null && audio.error === null && !audio.paused && audio.currentTime > s;
    },
    { timeout: 20_000 },
    seconds,
  );

const waitForPaused = () => page.waitForFunction(() => document.querySelector('audio')?.paused === true, { timeout: 10_000 });

/** Chromium writes a download under a temporary name first; the final name appears when it is complete. */
async function waitForFile(path: string): Promise<void> {
  for (let i = 0; i < 100 && !existsSync(path); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(path)) throw new Error(`no download at ${path}`);
}

beforeAll(async () => {
  ({ server, browser, page } = await startServerAndPage(pageErrors));
});
afterAll(() => stopServerAndPage({ server, browser }));

describe('album embed, anonymous visitor (spec 000 §4 Preview mode)', () => {
  it('plays the preview, pauses, toggles with the space bar, logs the impression and records a replayable session', async () => {
    const albumId = firstAlbumId(server.dataDir);
    await page.setViewport({ width: 400, height: 380 });
    await page.goto(`${server.origin}/embed/album/${albumId}?debug=1`, { waitUntil: 'load' });
    // The server-rendered frame shows the cover and the title before any script runs.
    await page.waitForSelector('[data-testid="play-button"]');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });

    // Click play: the preview of the first track plays (currentTime passes 1 s, no media error).
    await page.click('[data-testid="play-button"]');
    await waitForCurrentTimeAbove(1);
    const playing = await readAudio();
    expect(playing.error).toBeNull();
    expect(playing.src).toMatch(/\/media\/audio\/.+\.mp3$/);
    expect(await page.$eval('[data-testid="play-button"]', (b) => b.getAttribute('data-state'))).toBe('playing');

    // Pause stops it: the position no longer moves.
    await page.click('[data-testid="play-button"]');
    await waitForPaused();
    const pausedAt = (await readAudio()).currentTime;
    await new Promise((r) => setTimeout(r, 600));
    expect((await readAudio()).currentTime).toBe(pausedAt);
    expect(await page.$eval('[data-testid="play-button"]', (b) => b.getAttribute('data-state'))).toBe('paused');

    // The space bar toggles playback (spec 000 §2), with focus away from the button.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await waitForCurrentTimeAbove(pausedAt + 0.5);
    await page.keyboard.press('Space');
    await waitForPaused();

    // The impression (spec 000 §7) reached the provider's database.
    await page.waitForFunction(
      () => (window as unknown as { __embedDebug: { state(): { impression: string } } }).__embedDebug.state().impression !== 'pending',
    );
    const rows = await server.app.database.kysely
      .selectFrom('analytics_events')
      .select(['category', 'action', 'label', 'product', 'session_id'])
      .where('category', '=', 'impression')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'impression', action: 'render', label: 'logged-in=false', product: 'embed_v2' });
    expect(rows[0]?.session_id).toMatch(/^[0-9a-f]{32}$/);

    expect(pageErrors).toEqual([]);

    // The session's action log replays in both modes to the same final state (ARCHITECTURE.md §3).
    const session = await checkRecordedSession(page);
    const { file } = session;

    // debug=1 offers the same log as a download (ARCHITECTURE.md §3), ending with the download itself.
    const downloads = mkdtempSync(join(tmpdir(), 'embed-downloads-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.click('[data-testid="download-log"]');
    const downloaded = join(downloads, `embed-session-${rows[0]?.session_id}.jsonl`);
    await waitForFile(downloaded);
    const downloadedLog = parseActionLog(readFileSync(downloaded, 'utf8'));
    expect(downloadedLog.entries.slice(0, file.entries.length)).toEqual(file.entries);
    expect(downloadedLog.entries.at(-1)?.action.type).toBe('widget/actionLogDownloadRequested');
    rmSync(downloads, { recursive: true, force: true });

    keepRecordedSession('album-preview', session);
  });
});
