// Issue 3 Modals: the sign-up prompt of spec 000 §4 in Debian Chromium. An anonymous visitor plays an
// album with a track list; 3000 ms later (spec 000 §4 Play rules) the prompt shows over the bottom
// area (spec 000 §2 Modals), the track list stops scrolling, and Escape hides it. The timing itself
// is tested on virtual time (core/widget/modal/prompt.epic.test.ts); here it is behaviour only.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, HTTPResponse, Page } from 'puppeteer';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { logIn } from './engine-page';
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

const demo = demoCatalogue();

/** The prompt's heading, text and buttons (their test ids), once it has faded in. */
const promptSeen = async () => {
  await page.waitForSelector('[data-testid="prompt-modal"].modal--visible', { timeout: 30_000 });
  // The fade-in (spec 000 §2) has run its course: a screenshot shows the modal as a person sees it.
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.modal')!).opacity === '1', { timeout: 5_000 });
  return page.$eval('[data-testid="prompt-modal"]', (modal) => ({
    heading: modal.querySelector('.modal__header')?.textContent ?? null,
    text: modal.querySelector('.modal__text')?.textContent ?? null,
    buttons: Array.from(
      modal.querySelectorAll('.modal__button'),
      (b) => `${b.getAttribute('data-testid')}${b.classList.contains('modal__button--primary') ? ' (primary)' : ''}`,
    ),
  }));
};

const openAndPlay = async (path: string) => {
  await page.setViewport({ width: 300, height: 380 });
  await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });
  await page.hover('[data-testid="play-button"]');
  await page.click('[data-testid="play-button"]');
};

describe('issue 13: the prompt fits the resource and the visitor', () => {
  it('an episode is not a "track": the heading and text speak of the episode', async () => {
    await openAndPlay(`/embed/episode/${demo.episodes[0]!.id}`);
    const seen = await promptSeen();
    expect(seen.heading).toBe('Hear the full episode');
    expect(seen.text).toBe('This is a preview. Sign up free to listen to whole episodes.');
    expect(seen.buttons).toEqual(['prompt-sign-up (primary)', 'prompt-log-in', 'prompt-play-on-desktop']);
    await page.screenshot({ path: join(ARTIFACTS, 'prompt-episode-300x380.png') });
    expect(pageErrors).toEqual([]);
  });

  it('a resume after pause brings no new prompt (spec 000 §4 Play rules: only a fresh start does, 3000 ms later)', async () => {
    await openAndPlay(`/embed/album/${firstAlbumId(server.dataDir)}`);
    await promptSeen();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.modal') === null, { timeout: 5_000 });
    const state = () => page.$eval('[data-testid="play-button"]', (b) => b.getAttribute('data-state'));
    await page.click('[data-testid="play-button"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="play-button"]')?.getAttribute('data-state') !== 'playing', { timeout: 5_000 });
    await page.click('[data-testid="play-button"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="play-button"]')?.getAttribute('data-state') === 'playing', { timeout: 5_000 });
    // Longer than the 3000 ms of a start (spec 000 §9), far from the 29500 ms progress prompt.
    await new Promise((r) => setTimeout(r, 4_000));
    expect(await state()).toBe('playing');
    expect(await page.$('.modal')).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('a logged-in free listener (refused full playback, so hearing the preview) is offered the web player, not "Sign up" or "Log in"', async () => {
    await logIn(page, server.origin, 'free', 'free');
    // The track-playback service refuses the free listener's device with 403 "Premium required"
    // (spec 001 §6, §8): the one console error this step expects, each from such an answer.
    const refused: string[] = [];
    const onResponse = (response: HTTPResponse) => {
      if (response.status() === 403 && response.url().includes('/track-playback/')) refused.push(response.url());
    };
    page.on('response', onResponse);
    try {
      await openAndPlay(`/embed/album/${firstAlbumId(server.dataDir)}`);
      const seen = await promptSeen();
      const forbidden = pageErrors.filter((e) => e.includes('status of 403'));
      expect(refused.length).toBeGreaterThanOrEqual(forbidden.length);
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 403')));
      expect(seen.heading).toBe('Hear the full album');
      expect(seen.text).toBe('This is a preview. Play it in the web player to hear it in full.');
      expect(seen.buttons).toEqual(['prompt-play-on-desktop (primary)']);
      await page.screenshot({ path: join(ARTIFACTS, 'prompt-free-listener-300x380.png') });
      expect(pageErrors).toEqual([]);
    } finally {
      page.off('response', onResponse);
      await page.goto(`${server.origin}/logout`);
    }
  });
});
