// Issue 17 "Must show", the web player's first slice, in Debian Chromium logged in as the demo user:
// search finds a track; saving it (through the request layer's collection service) puts it under /collection/tracks; there, with nothing loaded, the
// player bar's play starts that list (spec 001 §2 default playback context) and the engine's media
// element plays. Each page is axe-clean (WCAG 2 A/AA) and keyboard-driven; screenshots at 1280x800
// and 400x800 go to e2e/artifacts/webplayer/.
import type { Browser, Page } from 'puppeteer-core';
import { artifactPath } from './artifacts';
import { axeViolations, hydrated } from './axe';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';
import { demoCatalogue } from '../server/testing/demo-catalogue';

const track = demoCatalogue().tracks[0]!;

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = await newPageCollectingErrors(browser, pageErrors);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function screenshots(name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [400, 800],
  ] as const) {
    await page.setViewport({ width, height });
    await page.screenshot({ path: artifactPath('webplayer', `${name}-${width}x${height}.png`) });
  }
  await page.setViewport({ width: 1280, height: 800 });
}

describe('the web player (issue 17, spec 001 §2)', () => {
  it('an anonymous visitor who saves from search results is offered the log-in page, not an error', async () => {
    await page.goto(`${server.origin}/search/${encodeURIComponent(track.name)}`, { waitUntil: 'load' });
    await hydrated(page);
    await page.click(`button[aria-label="Save ${track.name} to Liked Songs"]`);
    const offer = await page.waitForSelector('.wp-offer[role="alert"] a', { timeout: 10_000 });
    expect(await offer!.evaluate((a) => a.getAttribute('href'))).toBe(`/login?continue=${encodeURIComponent(`/search/${encodeURIComponent(track.name)}`)}`);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('logged in as demo: search by keyboard finds the track, saving it lists it under /collection/tracks, play there starts that list', async () => {
    await page.goto(`${server.origin}/login?continue=${encodeURIComponent('/collection/tracks')}`, { waitUntil: 'load' });
    await page.type('#username', 'demo');
    await page.type('#password', 'demo');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
    expect(new URL(page.url()).pathname).toBe('/collection/tracks');
    await hydrated(page);

    // Search from the box, by keyboard: the form's submit lands on /search/{query}.
    await page.focus('#wp-q');
    await page.keyboard.type(track.name);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/search/${track.name}`);
    await hydrated(page);
    const save = `button[aria-label="Save ${track.name} to Liked Songs"]`;
    expect(await page.$eval(save, (b) => b.getAttribute('aria-pressed'))).toBe('false');
    await page.focus(save);
    const [written] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.includes('/collection/tracks/')),
      page.keyboard.press('Enter'),
    ]);
    expect(written.ok()).toBe(true);
    expect(await page.$eval(save, (b) => b.getAttribute('aria-pressed'))).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots('search');

    await page.goto(`${server.origin}/collection/tracks`, { waitUntil: 'load' });
    await hydrated(page);
    expect(await page.$$eval('.wp-title > a', (links) => links.map((a) => a.textContent))).toContain(track.name);
    expect(await axeViolations(page)).toEqual([]);

    // Nothing loaded: the player bar's play starts this list, through the widget's engine.
    await page.focus('.wp-toggle');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLMediaElement>('audio, video')].some((a) => !a.paused && a.currentTime > 0.3), {
      timeout: 30_000,
    });
    await page.waitForSelector('.wp-toggle[aria-label="Pause"]', { timeout: 10_000 });
    expect(await page.$eval('.wp-now', (n) => n.textContent)).toBe(track.name);
    await screenshots('collection-playing');
  }, 120_000);
});
