// Issue 3 Modals: the sign-up prompt of spec 000 §4 in Debian Chromium. An anonymous visitor plays an
// album with a track list; 3000 ms later (spec 000 §4 Play rules) the prompt shows over the bottom
// area (spec 000 §2 Modals), the track list stops scrolling, and Escape hides it. The timing itself
// is tested on virtual time (core/widget/modal/prompt.epic.test.ts); here it is behaviour only.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, type RunningServer, startServerAndPage, stopServerAndPage } from './harness';

jest.setTimeout(60_000);

const ARTIFACTS = join(resolve(__dirname, '..'), 'e2e/artifacts/modals');

const pageErrors: string[] = [];
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startServerAndPage(pageErrors));
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(() => stopServerAndPage({ server, browser }));

describe('prompt modal (spec 000 §2 Modals, §4 Prompt modal)', () => {
  it('shows the sign-up prompt over the track list after play, stops the list scrolling, and hides on Escape', async () => {
    await page.setViewport({ width: 400, height: 380 });
    await page.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}`, { waitUntil: 'load' });
    // The server's first frame never shows a modal.
    expect(await page.$('.modal')).toBeNull();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });

    await page.click('[data-testid="play-button"]');
    await page.waitForSelector('[data-testid="prompt-modal"].modal--visible', { timeout: 15_000 });
    // The fade-in (spec 000 §2) has run its course: a screenshot shows the modal as a person sees it.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.modal')!).opacity === '1', { timeout: 5_000 });

    const seen = await page.evaluate(() => {
      const modal = document.querySelector<HTMLElement>('[data-testid="prompt-modal"]')!;
      const bottom = document.querySelector<HTMLElement>('.embed__bottom')!;
      const box = modal.getBoundingClientRect();
      return {
        className: modal.className,
        background: getComputedStyle(modal).backgroundColor,
        modalTop: Math.round(box.top),
        bottomTop: Math.round(bottom.getBoundingClientRect().top),
        listOverflow: getComputedStyle(bottom).overflowY,
        signUp: modal.querySelector('[data-testid="prompt-sign-up"]')?.getAttribute('target'),
        logIn: modal.querySelector('[data-testid="prompt-log-in"]') !== null,
      };
    });
    // spec 000 §2: with a bottom section, over the bottom area in 90% translucent black.
    expect(seen.className).toContain('modal--bottom');
    expect(seen.background).toBe('rgba(0, 0, 0, 0.9)');
    expect(seen.modalTop).toBe(seen.bottomTop);
    // spec 000 §2: the track list does not scroll while a modal shows.
    expect(seen.listOverflow).toBe('hidden');
    // spec 000 §6: an anonymous visitor is offered sign-up and log-in, opening in a new tab.
    expect(seen.signUp).toBe('_blank');
    expect(seen.logIn).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'prompt-bottom-400x380.png') });

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.modal') === null, { timeout: 5_000 });
    expect(await page.$eval('.embed__bottom', (el) => getComputedStyle(el).overflowY)).toBe('auto');
    expect(pageErrors).toEqual([]);
  });

  it('shows in the top area with a solid black background when the layout has no bottom section (height 150)', async () => {
    await page.setViewport({ width: 400, height: 150 });
    await page.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });
    await page.click('[data-testid="play-button"]');
    await page.waitForSelector('[data-testid="prompt-modal"].modal--visible', { timeout: 15_000 });
    // The fade-in (spec 000 §2) has run its course: a screenshot shows the modal as a person sees it.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.modal')!).opacity === '1', { timeout: 5_000 });
    const seen = await page.$eval('[data-testid="prompt-modal"]', (el) => ({
      className: el.className,
      background: getComputedStyle(el).backgroundColor,
      top: el.getBoundingClientRect().top,
    }));
    expect(seen.className).toContain('modal--top');
    expect(seen.background).toBe('rgb(0, 0, 0)');
    expect(seen.top).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'prompt-top-400x150.png') });
    await page.click('[data-testid="modal-close"]');
    await page.waitForFunction(() => document.querySelector('.modal') === null, { timeout: 5_000 });
    expect(pageErrors).toEqual([]);
  });
});
