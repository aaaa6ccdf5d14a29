// Issue 17, the web player's browse, genre, collection and search pages (spec 001 §2 paths) in Debian
// Chromium, logged in as the demo user: /browse/featured → a genre's card → a playlist's card on the
// genre page opens the playlist; an album saved from its page is listed under /collection/albums;
// /search/{query}/artists finds the artist and its card leads to the artist's page. Each page is
// axe-clean (WCAG 2 A/AA); screenshots at 1280x800 and 380x800 go to e2e/artifacts/webplayer-browse/.
import type { Browser, Page } from 'puppeteer-core';
import { artifactPath } from './artifacts';
import { axeViolations, hydrated } from './axe';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { genreIdOf } from '../server/ingest/genres';

const cat = demoCatalogue();
const playlist = cat.playlists[0]!;
const album = cat.albums.find((a) => a.name === 'Harbour Lights')!;
const artist = cat.artists.find((a) => a.name === 'Marlow Tide')!;
// The demo sources' genre holding every kind (scripts/make-demo-sources.ts).
const CHILL = genreIdOf('Chill');

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

const heading = (p: Page) => p.$eval('h1', (h) => h.textContent);
const path = (p: Page) => new URL(p.url()).pathname;

async function screenshots(name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [380, 800],
  ] as const) {
    await page.setViewport({ width, height });
    await page.screenshot({ path: artifactPath('webplayer-browse', `${name}-${width}x${height}.png`), fullPage: false });
  }
  await page.setViewport({ width: 1280, height: 800 });
}

/**
 * The listener accepts the licence in force through the terms service (spec 001 §7 Terms), so its
 * reacceptance prompt (a modal that makes the page inert until accepted) is not what these pages test.
 */
async function acceptTerms(): Promise<void> {
  const status = await page.evaluate(async () => {
    const grant = (await (await fetch('/access_token?reason=init&productType=web_player')).json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${grant.accessToken}`, 'app-platform': 'WebPlayer' };
    const metadata = (await (await fetch('/reaccept-my-legal/v1/reacceptance-metadata?language=en', { headers })).json()) as { license: string };
    return (await fetch(`/reaccept-my-legal/v1/license/${encodeURIComponent(metadata.license)}`, { method: 'PUT', headers })).status;
  });
  expect(status).toBe(204);
}

/** Follows a link of the page as a listener does: focus it and press Enter. */
async function follow(selector: string): Promise<void> {
  await page.focus(selector);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
  await hydrated(page);
}

describe('the web player’s browse, collection and search pages (issue 17, spec 001 §2)', () => {
  it('logged in as demo: featured → a genre → a playlist card opens the playlist', async () => {
    await page.goto(`${server.origin}/login?continue=${encodeURIComponent('/browse/featured')}`, { waitUntil: 'load' });
    await page.type('#username', 'demo');
    await page.type('#password', 'demo');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
    expect(path(page)).toBe('/browse/featured');
    await acceptTerms();
    await page.reload({ waitUntil: 'load' });
    await hydrated(page);
    expect(await heading(page)).toBe('Featured');
    expect(await page.$eval('.wp-tabs a[aria-current="page"]', (a) => a.textContent)).toBe('Featured');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots('featured');

    await follow(`.wp-card-name[href="/genre/${CHILL}"]`);
    expect(path(page)).toBe(`/genre/${CHILL}`);
    expect(await heading(page)).toBe('Chill');
    expect(await page.$$eval('.wp-card-name', (links) => links.map((a) => a.getAttribute('href')))).toEqual(
      expect.arrayContaining([`/album/${album.id}`, `/artist/${artist.id}`, `/playlist/${playlist.id}`]),
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshots('genre');

    await follow(`.wp-card-name[href="/playlist/${playlist.id}"]`);
    expect(path(page)).toBe(`/playlist/${playlist.id}`);
    expect(await heading(page)).toBe(playlist.name);
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);

  it('an album saved from its page is listed under /collection/albums', async () => {
    await page.goto(`${server.origin}/collection/albums`, { waitUntil: 'load' });
    await hydrated(page);
    expect(await page.$(`.wp-card-name[href="/album/${album.id}"]`)).toBeNull();
    expect(await page.$eval('.wp-empty', (p) => p.textContent)).toContain('Albums you save show up here.');

    await page.goto(`${server.origin}/album/${album.id}`, { waitUntil: 'load' });
    await hydrated(page);
    const save = 'button[aria-label="Save to Your Library"]';
    await page.focus(save);
    const [written] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && /\/(v1\/me\/albums|collection\/albums\/)/.test(new URL(r.url()).pathname)),
      page.keyboard.press('Enter'),
    ]);
    expect(written.ok()).toBe(true);
    await page.waitForSelector('button[aria-label="Remove from Your Library"]', { timeout: 10_000 });

    await follow('.wp-side a[href="/collection/albums"]');
    expect(await page.$eval('.wp-side a[aria-current="page"]', (a) => a.textContent)).toBe('Albums');
    expect(await page.$eval(`.wp-card-name[href="/album/${album.id}"]`, (a) => a.textContent)).toBe(album.name);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots('collection-albums');
  }, 120_000);

  it('/search/{query}/artists finds the artist, and its card leads to the artist’s page', async () => {
    await page.goto(`${server.origin}/search/${encodeURIComponent(artist.name)}`, { waitUntil: 'load' });
    await hydrated(page);
    await follow('.wp-tabs a[href$="/artists"]');
    expect(decodeURIComponent(path(page))).toBe(`/search/${artist.name}/artists`);
    expect(await page.$eval('.wp-tabs a[aria-current="page"]', (a) => a.textContent)).toBe('Artists');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots('search-artists');

    await follow(`.wp-card-name[href="/artist/${artist.id}"]`);
    expect(path(page)).toBe(`/artist/${artist.id}`);
    expect(await heading(page)).toBe(artist.name);
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);
});
