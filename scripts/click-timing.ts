import type { Browser, Page } from 'puppeteer';

/** One load in a fresh browser context (no cache, cookies or storage from earlier loads), at the widget's size. */
export async function withContext<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 400, height: 380 });
    return await use(page);
  } finally {
    await context.close();
  }
}

/**
 * From the pointer press on a play control to an audio element's `playing` event, two ways: when
 * this listener hears the event (the figure the budgets are on), and by the events' own
 * timestamps (when the browser created them; printed beside it).
 */
export interface ClickTiming {
  readonly stamp: number;
  readonly listener: number;
}

/** Which element's `playing` ends the timing: the page's first <audio>, or the engine's own (not the preview's). */
export type TimedAudio = 'first' | 'engine';

/** Clicks `selector` and times it to `playing`; fails after 30 s without one. */
export async function timeClick(page: Page, selector: string, audio: TimedAudio): Promise<ClickTiming> {
  await page.evaluate((which: TimedAudio) => {
    const element =
      which === 'first'
        ? document.querySelector('audio')!
        : [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio')!;
    (window as unknown as { __bench: Promise<ClickTiming> }).__bench = new Promise<ClickTiming>((resolvePlaying) => {
      let pressed = { stamp: 0, now: 0 };
      document.addEventListener('pointerdown', (event) => (pressed = { stamp: event.timeStamp, now: performance.now() }), { capture: true, once: true });
      element.addEventListener('playing', (event) => resolvePlaying({ stamp: event.timeStamp - pressed.stamp, listener: performance.now() - pressed.now }), {
        once: true,
      });
    });
  }, audio);
  await page.click(selector);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      page.evaluate(() => (window as unknown as { __bench: Promise<ClickTiming> }).__bench),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no playing within 30 s on ${page.url()}`)), 30_000))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
