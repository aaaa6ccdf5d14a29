// Issue 3: the rules of spec 000 §4 that hand playback elsewhere, in Debian Chromium against the real
// server. On a phone (a mobile user agent) the prompt's button hands off to the mobile app: the
// hand-off cookie (yes, 5000 days) is set and the top window navigates to the transfer-playback URI
// (the universal link of spec 000 §7); with the cookie, the play button hands off at once (Play
// rules). On desktop the prompt's "play in the web player" pauses and opens the /go window (spec
// 000 §4 PLAY_ON_DESKTOP, §7 Desktop hand-off). Timings and the pause order are tested on virtual
// time (core/widget/platform/mobile-handoff.epic.test.ts, core/widget/share/share.epic.test.ts).
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';

jest.setTimeout(60_000);

const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const DAY_S = 24 * 60 * 60;

let server: RunningServer;
let browser: Browser;
let albumId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  albumId = firstAlbumId(server.dataDir);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Records every cookie string the page's documents write (Chromium caps stored lifetimes at 400 days). */
async function recordCookieWrites(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    if (descriptor?.set === undefined || descriptor.get === undefined) return;
    // Called with .call on the descriptor itself: the native accessors need the document as `this`.
    const native = descriptor as PropertyDescriptor & { get(this: Document): string; set(this: Document, value: string): void };
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get(this: Document) {
        return native.get.call(this);
      },
      set(this: Document, value: string) {
        const w = window as unknown as { __cookieWrites?: string[] };
        (w.__cookieWrites ??= []).push(value);
        // Kept across the navigation away (same origin): the test reads it on the next page.
        sessionStorage.setItem('e2e-cookie-writes', JSON.stringify(w.__cookieWrites));
        native.set.call(this, value);
      },
    });
  });
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });

describe('hand-off to the mobile app (spec 000 §4 PLAY_IN_MOBILE_APP, Hand-off to the mobile app, Play rules)', () => {
  it('from an embed in a page: the prompt button sets the cookie and navigates the top window; then play hands off at once', async () => {
    const errors: string[] = [];
    const page = await newPageCollectingErrors(browser, errors);
    await page.setUserAgent(ANDROID);
    await recordCookieWrites(page);
    // A site owner's page on the provider's site, embedding the player in an iframe.
    const hostPage = `${server.origin}/e2e-host-page`;
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.url() === hostPage) {
        void request.respond({
          contentType: 'text/html',
          body: `<!doctype html><title>host</title><link rel="icon" href="data:,"><iframe src="/embed/album/${albumId}?utm_source=e2e" width="360" height="380" allow="encrypted-media"></iframe>`,
        });
      } else if (url.searchParams.get('bo') === '1') {
        // Where the phone's operating system would open the app: a stand-in page, so the test does not
        // depend on what the web player's page loads.
        void request.respond({ contentType: 'text/html', body: '<!doctype html><title>app</title><link rel="icon" href="data:,">' });
      } else void request.continue();
    });
    await page.setViewport({ width: 400, height: 420 });
    await page.goto(hostPage, { waitUntil: 'load' });
    const frame = page.frames().find((f) => f.url().includes('/embed/album/'));
    if (frame === undefined) throw new Error('no embed frame');
    await frame.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });

    // On a phone the preview plays (preview is forced on mobile) and the upsell prompt follows it.
    await frame.click('[data-testid="play-button"]');
    await frame.waitForSelector('[data-testid="prompt-play-in-app"]', { timeout: 15_000 });
    expect(await frame.$eval('[data-testid="prompt-modal"] h2', (h) => h.textContent)).toBe('Get the app to hear the full track');

    const navigation = page.waitForNavigation({ waitUntil: 'load' });
    await frame.click('[data-testid="prompt-play-in-app"]');
    await navigation;
    // The top window (not the frame) went to the transfer-playback URI: the item's universal link.
    expect(page.url()).toBe(`${server.origin}/album/${albumId}?utm_source=e2e&bo=1`);

    // The hand-off cookie was written with value yes for 5000 days (spec 000 §9) ...
    const writes = JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-cookie-writes'))) ?? '[]') as string[];
    const handoff = writes.filter((w) => w.startsWith('sp_handoff='));
    expect(handoff).toHaveLength(1);
    const expires = Date.parse(/expires=([^;]+)/.exec(handoff[0] ?? '')?.[1] ?? '');
    expect(Math.abs(expires - Date.now() - 5000 * DAY_S * 1000)).toBeLessThan(DAY_S * 1000);
    // ... on the provider's domain (here the embed's own host: an IP address takes no Domain attribute).
    expect(handoff[0]).not.toContain('domain=');
    // ... and the browser keeps it (Chromium caps a stored cookie's lifetime at 400 days).
    const stored = (await page.cookies(server.origin)).find((c) => c.name === 'sp_handoff');
    expect(stored?.value).toBe('yes');
    expect(stored?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * DAY_S);

    // The next embed reads the cookie: the app was detected, so the play button hands off at once,
    // with no prompt and no cookie written again (spec 000 §4 Play rules).
    await page.goto(`${server.origin}/embed/album/${albumId}`, { waitUntil: 'load' });
    await hydrated(page);
    await page.evaluate(() => sessionStorage.removeItem('e2e-cookie-writes'));
    expect(await page.$('[data-testid="prompt-modal"]')).toBeNull();
    const second = page.waitForNavigation({ waitUntil: 'load' });
    await page.click('[data-testid="play-button"]');
    await second;
    expect(page.url()).toBe(`${server.origin}/album/${albumId}?bo=1`);
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-cookie-writes'))).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('universal link (spec 000 §7: opened in the top window when metadata is clicked on mobile)', () => {
  it("on a phone the title opens the item's universal link in the top window; on a desktop it opens a new tab", async () => {
    const errors: string[] = [];
    const page = await newPageCollectingErrors(browser, errors);
    await page.setUserAgent(ANDROID);
    const hostPage = `${server.origin}/e2e-metadata-host`;
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url() === hostPage) {
        void request.respond({
          contentType: 'text/html',
          body: `<!doctype html><title>host</title><link rel="icon" href="data:,"><iframe src="/embed/album/${albumId}?utm_source=site" width="360" height="380"></iframe>`,
        });
      } else void request.continue();
    });
    await page.goto(hostPage, { waitUntil: 'load' });
    const frame = page.frames().find((f) => f.url().includes('/embed/album/'));
    if (frame === undefined) throw new Error('no embed frame');
    await frame.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });
    const navigation = page.waitForNavigation({ waitUntil: 'load' });
    await frame.click('[data-testid="title"]');
    await navigation;
    expect(page.url()).toBe(`${server.origin}/album/${albumId}?utm_source=site&bo=1`);
    expect(errors).toEqual([]);
    await page.close();

    // A desktop browser keeps the plain link: the item opens in a new tab and the embed stays.
    const desktop = await newPageCollectingErrors(browser, errors);
    await desktop.goto(`${server.origin}/embed/album/${albumId}`, { waitUntil: 'load' });
    await hydrated(desktop);
    const tab = new Promise<Page | null>((resolve) => desktop.once('popup', resolve));
    await desktop.click('[data-testid="title"]');
    const opened = await tab;
    expect(opened?.url()).toBe(`${server.origin}/album/${albumId}`);
    expect(desktop.url()).toBe(`${server.origin}/embed/album/${albumId}`);
    await opened?.close();
    await desktop.close();
    expect(errors).toEqual([]);
  });
});

describe('desktop hand-off (spec 000 §4 PLAY_ON_DESKTOP, §7 Desktop hand-off)', () => {
  it('the prompt\'s "play in the web player" pauses the preview and opens the /go window with uri, product and the sign-up redirect', async () => {
    const errors: string[] = [];
    const page = await newPageCollectingErrors(browser, errors);
    await page.setViewport({ width: 400, height: 380 });
    await page.goto(`${server.origin}/embed/album/${albumId}`, { waitUntil: 'load' });
    await hydrated(page);
    await page.click('[data-testid="play-button"]');
    await page.waitForFunction(() => document.querySelector('audio')?.paused === false, { timeout: 10_000 });
    await page.waitForSelector('[data-testid="prompt-play-on-desktop"]', { timeout: 15_000 });

    const popup = new Promise<Page | null>((resolve) => page.once('popup', resolve));
    await page.click('[data-testid="prompt-play-on-desktop"]');
    const opened = await popup;
    if (opened === null) throw new Error('no /go window');
    await opened.waitForFunction(() => document.readyState === 'complete', { timeout: 10_000 });
    const go = new URL(opened.url());
    expect(go.origin + go.pathname).toBe(`${server.origin}/go`);
    expect(go.searchParams.get('uri')).toBe(`spotify:album:${albumId}`);
    expect(go.searchParams.get('product')).toBe('embed_v2');
    // An anonymous visitor: the sign-up link, with the open URL to come back to.
    const redirect = go.searchParams.get('redirect') ?? '';
    expect(redirect).toMatch(/\/signup\?/);
    expect(redirect).toContain(encodeURIComponent(`/album/${albumId}`));
    // The /go page offers the sign-up first, then the item in the web player.
    expect(await opened.$$eval('main a', (links) => links.map((a) => a.textContent))).toEqual(['Sign up to listen', 'Open in the web player']);

    // Playback was paused.
    await page.waitForFunction(() => document.querySelector('audio')?.paused === true, { timeout: 10_000 });
    expect(await page.$eval('[data-testid="play-button"]', (b) => b.getAttribute('data-state'))).toBe('paused');
    expect(errors).toEqual([]);
    await opened.close();
    await page.close();
  });
});
