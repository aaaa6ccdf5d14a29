// spec 000 §5 Image choice in Debian Chromium: "the smallest image at least as wide as the requested
// width times the pixel ratio (2 on high-density devices, else 1)". The server's markup offers the
// ratio-1 and ratio-2 choices of core/widget/image-choice.ts as a srcset (1x, 2x), so the browser
// reads the device's pixel ratio and fetches one of them; the markup itself does not depend on the
// device, so the server's first frame and hydration agree. Checked at deviceScaleFactor 1 and 2.
import type { Browser, Page } from 'puppeteer';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';

jest.setTimeout(60_000);

// A track of the demo catalogue: its album's images are 640, 300 and 64 px wide.
const demo = demoCatalogue();
const track = demo.tracks[0]!;
const TRACK_PATH = `/embed/track/${track.id}`;
const IMAGE = (width: number) => {
  const image = demo.albums.find((a) => a.id === track.albumId)!.images.find((i) => i.width === width);
  if (image === undefined) throw new Error(`the demo album has no ${width} px image`);
  return `/media/${image.file}`;
};

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
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

/** Opens the track at 300 x 380 (legacy-extended: 80 px header cover, big cover art asked at 300 px). */
async function open(deviceScaleFactor: number): Promise<{ page: Page; fetched: string[] }> {
  const page = await newPageCollectingErrors(browser, pageErrors);
  const fetched: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/media/images/')) fetched.push(path);
  });
  await page.setViewport({ width: 300, height: 380, deviceScaleFactor });
  await page.goto(`${server.origin}${TRACK_PATH}`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000, polling: 50 });
  return { page, fetched };
}

const currentSources = (page: Page) =>
  page.evaluate(() => ({
    header: new URL(document.querySelector<HTMLImageElement>('[data-testid="play-button"] img')?.currentSrc ?? 'x:').pathname,
    big: new URL(document.querySelector<HTMLImageElement>('[data-testid="big-cover-art"] img')?.currentSrc ?? 'x:').pathname,
  }));

describe('image choice by pixel ratio (spec 000 §5)', () => {
  it('at pixel ratio 1: the 300 px image for both the 80 px header (>= 80) and the 300 px big cover (>= 300)', async () => {
    const { page, fetched } = await open(1);
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(1);
    expect(await currentSources(page)).toEqual({ header: IMAGE(300), big: IMAGE(300) });
    expect(fetched).not.toContain(IMAGE(640));
    await page.close();
  });

  it('at pixel ratio 2: the header still needs 160 px (300 px image), the big cover 600 px (the 640 px image)', async () => {
    const { page, fetched } = await open(2);
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(2);
    expect(await currentSources(page)).toEqual({ header: IMAGE(300), big: IMAGE(640) });
    expect(fetched).toContain(IMAGE(640));
    await page.close();
  });

  it('the markup is the same at both ratios (so server frame and hydration agree): 1x and 2x candidates', async () => {
    const markup = async (ratio: number) => {
      const { page } = await open(ratio);
      const attrs = await page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="big-cover-art"] img');
        return { src: img?.getAttribute('src'), srcset: img?.getAttribute('srcset') };
      });
      await page.close();
      return attrs;
    };
    const one = await markup(1);
    expect(one.srcset).toMatch(/-300\.jpg 1x, .*-640\.jpg 2x$/);
    expect(await markup(2)).toEqual(one);
  });
});
