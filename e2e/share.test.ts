// Issue 3: the share dialog in Debian Chromium (spec 000 §2 Share dialog, §7 Copy link / Copy
// embed code): open it, copy the link to the real clipboard, see the confirmation, close it.
// Issue 13: the copied embed code names the uri and says so; at every common height the close
// button covers neither the share button nor a share icon (screenshots in e2e/artifacts/share/).
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';
import { checkRecordedSession, keepRecordedSession } from './recorded-session';

jest.setTimeout(60_000);

const ROOT = resolve(__dirname, '..');
const ARTIFACTS = join(ROOT, 'e2e/artifacts/share');
const albumId = demoCatalogue().albums[0]!.id;
const en = JSON.parse(readFileSync(join(ROOT, 'fixtures/translations/en.json'), 'utf8')) as Record<string, string>;

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  // The page reads the clipboard back; Chromium asks for these permissions otherwise.
  await browser.defaultBrowserContext().overridePermissions(server.origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  page = await newPageCollectingErrors(browser, pageErrors);
  await page.setViewport({ width: 300, height: 380 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const readClipboard = () => page.evaluate(() => navigator.clipboard.readText());
const shareView = () => page.evaluate(() => (window as unknown as { __embedDebug: { state(): { share: { view: string } } } }).__embedDebug.state().share.view);

describe('share dialog (spec 000 §2, §7)', () => {
  it('opens, copies the link and the embed code to the clipboard, confirms, and closes back to hidden', async () => {
    await page.goto(`${server.origin}/embed/album/${albumId}?debug=1`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]');

    // The share button is a real button with a translated name; the dialog chunk loads on click.
    const label = await page.$eval('[data-testid="share-button"]', (el) => `${el.tagName} ${el.getAttribute('aria-label')}`);
    expect(label).toBe(`BUTTON ${en.share}`);
    await page.click('[data-testid="share-button"]');
    await page.waitForSelector('[data-testid="share-dialog"][data-view="share"]');
    await page.screenshot({ path: join(ARTIFACTS, 'share-view.png') });
    const names = await page.$$eval('[data-testid="share-dialog"] button', (buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toEqual([
      en.share_close,
      en.share_on_facebook,
      en.share_on_messenger,
      en.share_on_twitter,
      en.share_on_whatsapp,
      en.copy_link,
      en.copy_embed_code,
    ]);

    // spec 000 §7 Copy link puts the URL on the clipboard; the dialog shows the confirmation view.
    await page.click('[data-testid="share-copy-link"]');
    await page.waitForSelector('[data-testid="share-copied"]');
    expect(await page.$eval('[data-testid="share-copied"]', (el) => el.textContent)).toBe(en.successful_link_share);
    expect(await readClipboard()).toBe(`${server.origin}/album/${albumId}`);
    expect(await shareView()).toBe('copied');
    await page.screenshot({ path: join(ARTIFACTS, 'copied-view.png') });

    // spec 000 §2: the close button hides the dialog and resets it to the share view.
    await page.click('[data-testid="share-close"]');
    await page.waitForSelector('[data-testid="share-dialog"]', { hidden: true });
    expect(await shareView()).toBe('hidden');

    // Reopened (by keyboard: the close moved focus back to the share button), it shows the share view;
    // copy embed code gives the iframe snippet of spec 000 §7 (300 x 380, encrypted media).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="share-dialog"][data-view="share"]');
    await page.click('[data-testid="share-copy-embed"]');
    await page.waitForSelector('[data-testid="share-copied"]');
    // spec 000 §7: the embed page with the uri as a parameter; embed-api=1 so the parent-page client can drive it.
    expect(await readClipboard()).toBe(
      `<iframe src="${server.origin}/embed?uri=spotify:album:${albumId}&amp;embed-api=1" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>`,
    );
    // The confirmation says what was copied (spec 000 §2's link-share text is for the link).
    expect(await page.$eval('[data-testid="share-copied"]', (el) => el.textContent)).toBe(en.successful_embed_code_share);
    expect(en.successful_embed_code_share).not.toBe(en.successful_link_share);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="share-dialog"]', { hidden: true });
    await page.screenshot({ path: join(ARTIFACTS, 'closed.png') });
    expect(pageErrors).toEqual([]);

    // The session replays in both modes to the live state (ARCHITECTURE.md §3); RECORD_SESSIONS=1
    // keeps it as a fixture (fixtures/sessions/sessions.test.ts replays it to its golden state).
    const session = await checkRecordedSession(page);
    const { file } = session;
    expect(file.entries.filter((e) => e.action.type.startsWith('share/')).map((e) => `${e.src} ${e.action.type}`)).toEqual([
      'ui share/openRequested',
      'ui share/copyLinkClicked',
      'epic share/copied',
      'ui share/closeRequested',
      'ui share/openRequested',
      'ui share/copyEmbedCodeClicked',
      'epic share/copied',
      'ui share/closeRequested',
    ]);
    keepRecordedSession('share-copy', session);
  });

  /** A box of the page, from getBoundingClientRect. */
  interface Box {
    readonly id: string;
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  }
  const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  /** Each element's box, and whether it is what a click at its centre reaches (elementFromPoint). */
  const boxesAndHits = (selector: string) =>
    page.$$eval(selector, (elements) =>
      elements.map((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return { id: el.getAttribute('data-testid') ?? '', x: r.x, y: r.y, width: r.width, height: r.height, clickable: hit !== null && el.contains(hit) };
      }),
    );

  it.each([
    [300, 380],
    [300, 232],
    [300, 152],
    [300, 80],
    [800, 380],
  ])(
    'at %ix%i the close button covers neither the share button nor a share icon, and every one is inside the viewport and clickable (issue 13)',
    async (width, height) => {
      await page.setViewport({ width, height });
      await page.goto(`${server.origin}/embed/album/${albumId}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated="true"]');
      const [shareButton] = await boxesAndHits('[data-testid="share-button"]');
      expect(shareButton?.clickable).toBe(true);
      await page.click('[data-testid="share-button"]');
      await page.waitForSelector('[data-testid="share-dialog"][data-view="share"]');
      await page.screenshot({ path: join(ARTIFACTS, `share-view-${width}x${height}.png`) });
      const [close, ...icons] = await boxesAndHits('[data-testid="share-close"], [data-testid="share-dialog"] .share-option');
      expect(close?.id).toBe('share-close');
      expect(icons.map((icon) => icon.id)).toEqual([
        'share-facebook',
        'share-messenger',
        'share-twitter',
        'share-whatsapp',
        'share-copy-link',
        'share-copy-embed',
      ]);
      if (close === undefined || shareButton === undefined) throw new Error('no close or share button');
      // The close button's box is apart from the share button's (under the dialog's 90% black the
      // two glyphs would cross) and from every share icon.
      for (const other of [shareButton, ...icons]) expect([other.id, overlap(close, other)]).toEqual([other.id, false]);
      // Every button of the dialog is whole inside the viewport and is what a click at its centre reaches.
      for (const box of [close, ...icons]) {
        const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
        expect([box.id, inside, box.clickable]).toEqual([box.id, true, true]);
      }
      // The confirmation too: its text inside the viewport, apart from the close button, which still closes.
      await page.click('[data-testid="share-copy-link"]');
      await page.waitForSelector('[data-testid="share-copied"]');
      await page.screenshot({ path: join(ARTIFACTS, `copied-view-${width}x${height}.png`) });
      const [text] = await boxesAndHits('[data-testid="share-copied"]');
      const [closeAgain] = await boxesAndHits('[data-testid="share-close"]');
      if (text === undefined || closeAgain === undefined) throw new Error('no confirmation or close button');
      expect([overlap(text, closeAgain), closeAgain.clickable, text.y >= 0 && text.y + text.height <= height]).toEqual([false, true, true]);
      await page.click('[data-testid="share-close"]');
      await page.waitForSelector('[data-testid="share-dialog"]', { hidden: true });
      // Closed, the share button is reachable again.
      expect((await boxesAndHits('[data-testid="share-button"]'))[0]?.clickable).toBe(true);
      expect(pageErrors).toEqual([]);
    },
  );
});
