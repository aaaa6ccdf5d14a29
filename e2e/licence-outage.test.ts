// Issue 12 Faults: a licence server answering 500. The provider runs as a real child process (node
// dist/server/main.js); the fault sits between the browser and it: Chromium's request interception
// answers the licence POST with a 500 while the fault is on, so the product code carries no test
// hook and the engine sees exactly what a failing licence server sends. The licence request is
// retried as spec 001 §7 Media and §9 say; while no licence has been granted the widget never
// claims to be playing (no sound can come out of a protected track without its key); once the
// licence server answers again, playback starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import { firstAlbumId, freePort, launchChromium, newPageCollectingErrors, spawnServer, type ChildServer } from './harness';
import { heard, logIn, waitFor } from './engine-page';

jest.setTimeout(180_000);

const pageErrors: string[] = [];
let dataDir: string;
let server: ChildServer;
let browser: Browser;

/** The licence route's fault: how the next licence POSTs are answered, and what was answered so far. */
const fault = { failing: true, answered500: 0, passed: 0, delayMs: 0 };
const isLicencePost = (request: HTTPRequest) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/licence/');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'embed-licence-outage-'));
  server = await spawnServer({ port: await freePort(), dataDir });
  browser = await launchChromium();
  const login = await browser.newPage();
  await logIn(login, server.origin, 'demo', 'demo');
  await login.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

async function pageWithFault(): Promise<Page> {
  const page = await newPageCollectingErrors(browser, pageErrors);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (!isLicencePost(request)) return void request.continue();
    if (!fault.failing) {
      fault.passed += 1;
      return void request.continue();
    }
    setTimeout(() => {
      fault.answered500 += 1;
      void request.respond({ status: 500, contentType: 'application/json', body: '{"error":{"status":500,"message":"licence server down"}}' });
    }, fault.delayMs);
  });
  return page;
}

/** The play button's label and the widget's state: what the visitor is told. */
const claimsPlaying = async (page: Page): Promise<boolean> => {
  const label = await page.$eval('[data-testid=play-button]', (b) => b.getAttribute('aria-label'));
  return label === 'Pause' || (await heard(page)).widget.isPlaying;
};

/** Polls the widget while no licence has been granted; fails at the first claim of playing. */
async function neverPlayingWhile(page: Page, stillFailing: () => boolean, maxMs: number): Promise<number> {
  const end = Date.now() + maxMs;
  let samples = 0;
  while (stillFailing() && Date.now() < end) {
    // Read before sampling: a licence granted after this point may rightly start playback.
    const noLicence = fault.passed === 0;
    const claims = await claimsPlaying(page);
    if (noLicence) {
      expect({ sample: samples, claimsPlaying: claims }).toEqual({ sample: samples, claimsPlaying: false });
      samples += 1;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return samples;
}

async function pressPlay(page: Page): Promise<void> {
  await page.goto(`${server.origin}/embed/album/${firstAlbumId(dataDir)}?debug=1`);
  await page.waitForSelector('html[data-hydrated=true]');
  await page.hover('[data-testid=play-button]');
  await page.click('[data-testid=play-button]');
}

describe('a licence server answering 500 (issue 12 Faults; spec 001 §7 Media, §9)', () => {
  it('a short outage: the 500s are retried, the widget does not claim to play meanwhile, and playback starts once the licence comes', async () => {
    const page = await pageWithFault();
    Object.assign(fault, { failing: true, answered500: 0, passed: 0, delayMs: 1500 });
    await pressPlay(page);
    // Two 500s, each after a slow 1.5 s: the widget is watched the whole time; then the server recovers.
    const samples = await neverPlayingWhile(page, () => fault.answered500 < 2, 60_000);
    expect(fault.answered500).toBe(2);
    expect(samples).toBeGreaterThan(0);
    fault.failing = false;
    const playing = await waitFor(page, 'playback after the licence server recovered', (h) => h.time > 1 && h.widget.isPlaying, 30_000);
    expect(playing.error).toBeNull();
    expect(playing.engineActions.filter((t) => t === 'drm/licenceRequestRetried')).toHaveLength(2);
    expect(playing.engineActions).toContain('drm/licenceUpdated');
    expect(playing.engineActions).not.toContain('drm/failed');
    await page.close();
  });

  it('a long outage: past the retries the licence failure is shown, never playing; once the server is back, play starts playback', async () => {
    const page = await pageWithFault();
    Object.assign(fault, { failing: true, answered500: 0, passed: 0, delayMs: 0 });
    await pressPlay(page);
    await page.waitForSelector('[data-testid=playback-not-supported-modal]', { timeout: 30_000 });
    await neverPlayingWhile(page, () => true, 3000);
    const failed = await heard(page);
    expect(failed.engineLog.find((a) => a.type === 'drm/failed')).toMatchObject({ code: expect.any(String) });
    expect(failed.time).toBe(0);
    fault.failing = false;
    await page.keyboard.press('Escape');
    await page.click('[data-testid=play-button]');
    await waitFor(page, 'playback after the licence server recovered', (h) => h.time > 1 && h.widget.isPlaying, 30_000);
    expect(pageErrors.filter((e) => !/status of 500/.test(e))).toEqual([]);
    await page.close();
  });
});
