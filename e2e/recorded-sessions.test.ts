// Issue 3 recorded sessions: flows whose logs are kept as fixtures (RECORD_SESSIONS=1) and replayed
// in both modes by fixtures/sessions/sessions.test.ts. Each flow runs in Debian Chromium with real
// audio; the timings themselves are tested on virtual time in core/ (prompt.epic.test.ts, the cap
// in preview-player tests), here only what a visitor sees and what the log holds.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { artifactPath } from './artifacts';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { firstAlbumId, type RunningServer, startServerAndPage, stopServerAndPage } from './harness';
import { checkRecordedSession, keepRecordedSession } from './recorded-session';

jest.setTimeout(90_000);

const ROOT = resolve(__dirname, '..');

const pageErrors: string[] = [];
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startServerAndPage(pageErrors));
});
afterAll(() => stopServerAndPage({ server, browser }));

const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });

describe('recorded sessions', () => {
  it('preview cap: the preview stops at 30000 ms, the sign-up prompt shows and the next preview follows (spec 000 §4 Preview mode, Play rules)', async () => {
    await page.setViewport({ width: 400, height: 380 });
    await page.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}?debug=1`, { waitUntil: 'load' });
    await hydrated();
    await page.click('[data-testid="play-button"]');
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5, { timeout: 15_000 });
    // Dismiss the 3000 ms prompt if it came, so the one seen at the end is the cap's.
    await page.waitForSelector('[data-testid="prompt-modal"]', { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.modal') === null, { timeout: 5_000 });

    // Seek to 25 s with the keyboard (the slider's arrow step is 5 s), then let the preview run out.
    const firstSrc = await page.evaluate(() => document.querySelector('audio')!.currentSrc);
    await page.focus('[data-testid="progress"]');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'progress', { timeout: 5_000 });
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    // The seek landed past 24 s (or, asked at the very end, the cap already moved on to the next preview).
    await page.waitForFunction(
      (src: string) => {
        const audio = document.querySelector('audio')!;
        return audio.currentTime >= 24 || audio.currentSrc !== src;
      },
      { timeout: 10_000 },
      firstSrc,
    );
    // At the cap the preview stops and the prompt shows (progress above 29500 ms); the album's
    // next preview follows, as the preview player plays a list (spec 001 §4 Preview player).
    await page.waitForFunction(
      () => (window as unknown as { __embedDebug: { actionLog(): string } }).__embedDebug.actionLog().includes('"preview/capReached"'),
      { timeout: 20_000 },
    );
    await page.waitForSelector('[data-testid="prompt-modal"].modal--visible', { timeout: 5_000 });
    await page.waitForFunction((src: string) => document.querySelector('audio')!.currentSrc !== src, { timeout: 10_000 }, firstSrc);
    expect(await page.evaluate(() => document.querySelector('audio')!.error)).toBeNull();

    const session = await checkRecordedSession(page);
    const types = session.file.entries.map((e) => e.action.type);
    expect(types).toContain('preview/capReached');
    // spec 000 §4: the second prompt comes from progress above 29500 ms, after the first was closed.
    expect(types.lastIndexOf('modal/promptShown')).toBeGreaterThan(types.indexOf('modal/closeRequested'));
    expect(pageErrors).toEqual([]);
    keepRecordedSession('preview-cap-prompt', session);
  });

  it("unavailable episode: a click on an episode not sold in the visitor's market shows the notice and plays nothing (spec 000 §4, §5)", async () => {
    const en = JSON.parse(readFileSync(join(ROOT, 'fixtures/translations/en.json'), 'utf8')) as Record<string, string>;
    const { shows, episodes } = demoCatalogue();
    const show = shows[0]!;
    // The demo's episode 3 is not available in SE (the server's country), nor is its show.
    const unavailable = episodes.find((e) => e.showId === show.id && !e.availableMarkets.includes('SE'))!;
    expect(show.availableMarkets).not.toContain('SE');
    await page.setViewport({ width: 400, height: 380 });
    await page.goto(`${server.origin}/embed/show/${show.id}?debug=1`, { waitUntil: 'load' });
    await hydrated();
    const rows = await page.$$('[data-testid="track-row"]');
    const names = await Promise.all(rows.map((row) => row.evaluate((el) => el.textContent ?? '')));
    const index = names.findIndex((text) => text.includes(unavailable.name));
    expect(index).toBeGreaterThanOrEqual(0);
    await rows[index]!.click();
    await page.waitForSelector('[data-testid="unavailable-modal"]', { timeout: 10_000 });
    expect(await page.$eval('[data-testid="unavailable-modal"]', (el) => el.textContent)).toContain(en.embed_episode_preview_not_available);
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.modal')!).opacity === '1', { timeout: 5_000 });
    await page.screenshot({ path: artifactPath('unavailable-episode.png') });

    const session = await checkRecordedSession(page);
    expect(session.file.entries.map((e) => e.action.type)).toContain('preview/trackUnavailable');
    expect(pageErrors).toEqual([]);
    keepRecordedSession('unavailable-episode', session);
  });
});
