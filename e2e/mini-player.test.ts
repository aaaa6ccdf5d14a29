// spec 000 §2 Layout variants: "The compact legacy layout of the mini-player variant is a
// placeholder saying it is not implemented." In Debian Chromium: ?variant=mini shows the translated
// text in the server's first frame and after hydration, without the player; without it, the player.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';

jest.setTimeout(60_000);

const ARTIFACTS = join(resolve(__dirname, 'artifacts'), 'layouts');

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

const read = (page: Page) =>
  page.evaluate(() => {
    const mini = document.querySelector<HTMLElement>('[data-testid="mini-player"]');
    const rect = mini?.getBoundingClientRect();
    return {
      layout: document.querySelector('.embed')?.getAttribute('data-layout') ?? null,
      text: mini?.textContent ?? null,
      size: rect === undefined ? null : [Math.round(rect.width), Math.round(rect.height)],
      player: document.querySelector('[data-testid="play-button"]') !== null,
    };
  });

describe('mini-player variant (?variant=mini)', () => {
  it.each([
    ['en', 'The mini player is not implemented yet'],
    ['sv', 'Minispelaren är inte implementerad än'],
  ])('locale %s: the server frame (no script) and the hydrated page show only the translated placeholder', async (locale, text) => {
    const url = `${server.origin}/embed/album/${firstAlbumId(server.dataDir)}?variant=mini&locale=${locale}`;
    const scriptless = await browser.newPage();
    await scriptless.setJavaScriptEnabled(false);
    await scriptless.setViewport({ width: 300, height: 80 });
    await scriptless.goto(url, { waitUntil: 'load' });
    // The compact panel fills the frame.
    expect(await read(scriptless)).toEqual({ layout: 'mini', text, size: [300, 80], player: false });
    await scriptless.close();

    const page = await newPageCollectingErrors(browser, pageErrors);
    await page.setViewport({ width: 300, height: 80 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000, polling: 50 });
    expect(await read(page)).toEqual({ layout: 'mini', text, size: [300, 80], player: false });
    await page.screenshot({ path: join(ARTIFACTS, `mini-player-album-300x80.${locale}.png`) });
    await page.close();
  });

  it('any other variant value is the normal embed', async () => {
    const page = await newPageCollectingErrors(browser, pageErrors);
    await page.setViewport({ width: 300, height: 80 });
    await page.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}?variant=huge`, { waitUntil: 'load' });
    expect(await read(page)).toMatchObject({ text: null, player: true });
    await page.close();
  });
});
