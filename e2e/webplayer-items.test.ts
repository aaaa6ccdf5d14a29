// Issue 17 item pages and the player bar, in Debian Chromium: logged in as the demo user, the widget's link opens the
// album's web player page (spec 000 §7 Open URL); the header's play plays the album through the engine (spec 001 §2:
// the path's item), next skips, a click on the progress bar seeks, saving the album holds across a reload. An anonymous
// visitor hears a 30 s preview of an album track (spec 000 §4 preview mode). Each page axe-clean (WCAG 2 A/AA);
// screenshots at 1280x800 and 380x800 in e2e/artifacts/webplayer-items/.
import type { Browser, Page } from 'puppeteer-core';
import { artifactPath } from './artifacts';
import { axeViolations, hydrated } from './axe';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';
import { demoCatalogue } from '../server/testing/demo-catalogue';

const catalogue = demoCatalogue();
// An album of at least three tracks sold in the demo market, so next has somewhere to go.
const album = catalogue.albums.find((a) => catalogue.tracks.filter((t) => t.albumId === a.id && t.availableMarkets.includes('SE')).length >= 3)!;
const albumTracks = catalogue.tracks.filter((t) => t.albumId === album.id).sort((a, b) => a.trackNumber - b.trackNumber);

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
  pageErrors.length = 0;
});

async function screenshots(p: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [380, 800],
  ] as const) {
    await p.setViewport({ width, height });
    await p.screenshot({ path: artifactPath('webplayer-items', `${name}-${width}x${height}.png`) });
  }
  await p.setViewport({ width: 1280, height: 800 });
}

/** The media element that plays (the engine's, or the preview element), its position in seconds; null when none plays. */
const playingAt = (p: Page) =>
  p.evaluate(() => {
    const playing = [...document.querySelectorAll('audio,video')].find((m) => !(m as HTMLMediaElement).paused) as HTMLMediaElement | undefined;
    return playing === undefined ? null : playing.currentTime;
  });

/** A page whose errors are collected, and which failed request caused a console error (to read a failure). */
async function newPage(target: Pick<Browser, 'newPage'>): Promise<Page> {
  const page = await newPageCollectingErrors(target, pageErrors);
  // An aborted load is a media element changing its source (the widget's prefetched preview); any other failure is a fault.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') pageErrors.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) pageErrors.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  await page.setViewport({ width: 1280, height: 800 });
  return page;
}

const nowPlaying = (p: Page) => p.$eval('.wp-now', (n) => n.textContent);

describe('item pages and the player bar (issue 17, spec 000 §7 Open URL, spec 001 §2)', () => {
  it("logged in as demo: the widget's link opens the album page; header play, next, seek; saving the album survives a reload", async () => {
    const page = await newPage(browser);
    await page.goto(`${server.origin}/login?continue=${encodeURIComponent(`/embed/album/${album.id}`)}`, { waitUntil: 'load' });
    await page.type('#username', 'demo');
    await page.type('#password', 'demo');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);

    // The widget's title link is the album's open URL: the web player's album page.
    const href = await page.$eval('a.track-info', (a) => a.href);
    expect(new URL(href).pathname).toBe(`/album/${album.id}`);
    await page.goto(href, { waitUntil: 'load' });
    await hydrated(page);
    // A listener asked to reaccept the terms (spec 001 §7 Terms) accepts them first; that dialog is tested elsewhere.
    const terms = await page.$('.wp-terms-accept');
    if (terms !== null) {
      await terms.click();
      await page.waitForSelector('.wp-terms-accept', { hidden: true, timeout: 10_000 });
    }
    expect(await page.$eval('h1', (h) => h.textContent)).toBe(album.name);
    expect(await axeViolations(page)).toEqual([]);

    // The header's play plays the album from its first track, through the widget's engine (full tracks).
    await page.click('.wp-bigplay');
    await page.waitForFunction(
      () => [...document.querySelectorAll('audio,video')].some((m) => !(m as HTMLMediaElement).paused && (m as HTMLMediaElement).currentTime > 0.3),
      {
        timeout: 30_000,
      },
    );
    await page.waitForSelector('.wp-toggle[aria-label="Pause"]', { timeout: 10_000 });
    await page.waitForFunction((name: string) => document.querySelector('.wp-now')?.textContent === name, { timeout: 10_000 }, albumTracks[0]!.name);
    expect(await page.$eval(`.wp-bigplay`, (b) => b.getAttribute('aria-label'))).toBe(`Pause ${album.name}`);

    // Next: the engine plays the album's second track and the bar names it.
    await page.click('button[aria-label="Next"]');
    await page.waitForFunction((name: string) => document.querySelector('.wp-now')?.textContent === name, { timeout: 20_000 }, albumTracks[1]!.name);
    await page.waitForFunction(
      () => [...document.querySelectorAll('audio,video')].some((m) => !(m as HTMLMediaElement).paused && (m as HTMLMediaElement).currentTime > 0.3),
      {
        timeout: 30_000,
      },
    );

    // Seek: a click at 60 % of the progress bar moves playback there; the shown position advances from it.
    const bar = (await page.$('.wp-progress .wp-range'))!;
    const box = (await bar.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
    const durationS = albumTracks[1]!.durationMs / 1000;
    await page.waitForFunction(
      (min: number) => [...document.querySelectorAll('audio,video')].some((m) => !(m as HTMLMediaElement).paused && (m as HTMLMediaElement).currentTime > min),
      { timeout: 30_000 },
      durationS * 0.5,
    );
    const shownAfterSeek = await page.$eval('.wp-progress .wp-range', (r) => Number((r as HTMLInputElement).value));
    expect(shownAfterSeek).toBeGreaterThan(albumTracks[1]!.durationMs * 0.5);
    await page.waitForFunction(
      (from: number) => Number((document.querySelector('.wp-progress .wp-range') as HTMLInputElement).value) > from,
      { timeout: 10_000 },
      shownAfterSeek,
    );
    await screenshots(page, 'album-playing');

    // Save the album: through the request layer's collection service; the button's state survives a reload.
    const save = '.wp-actions .wp-heart';
    expect(await page.$eval(save, (b) => b.getAttribute('aria-pressed'))).toBe('false');
    const [written] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.includes('/collection/albums/')),
      page.click(save),
    ]);
    expect(written.ok()).toBe(true);
    expect(await page.$eval(save, (b) => b.getAttribute('aria-pressed'))).toBe('true');
    await page.reload({ waitUntil: 'load' });
    await hydrated(page);
    expect(await page.$eval(save, (b) => b.getAttribute('aria-pressed'))).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it('an anonymous visitor plays a 30 s preview of an album track; the page offers the log-in page, never an error', async () => {
    const context = await browser.createBrowserContext();
    const page = await newPage(context);
    await page.goto(`${server.origin}/album/${album.id}`, { waitUntil: 'load' });
    await hydrated(page);
    const second = albumTracks[1]!;
    await page.click(`button[aria-label="Play ${second.name}"]`);
    await page.waitForFunction(
      () => {
        const preview = document.querySelector<HTMLAudioElement>('audio.wp-preview-audio');
        return preview !== null && !preview.paused && preview.currentTime > 0.3;
      },
      { timeout: 30_000 },
    );
    expect(await nowPlaying(page)).toBe(second.name);
    // The preview is capped at 30 s (spec 000 §4): the bar's length says so.
    expect(await page.$eval('.wp-progress .wp-range', (r) => (r as HTMLInputElement).max)).toBe(String(Math.min(30_000, second.durationMs)));
    expect(await playingAt(page)).not.toBeNull();
    // The position advances from the preview element's time updates.
    await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>('.wp-progress .wp-range')?.value) >= 1000, { timeout: 15_000 });
    await page.waitForSelector('.wp-toggle[aria-label="Pause"]', { timeout: 10_000 });

    // Saving offers the log-in page, back here.
    await page.click('.wp-actions .wp-heart');
    const offer = await page.waitForSelector('.wp-offer[role="alert"] a', { timeout: 10_000 });
    expect(await offer!.evaluate((a) => a.getAttribute('href'))).toBe(`/login?continue=${encodeURIComponent(`/album/${album.id}`)}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'album-anonymous-preview');
    await context.close();
  }, 120_000);
});
