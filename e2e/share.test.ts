// Issue 3: the share dialog in Debian Chromium (spec 000 §2 Share dialog, §7 Copy link / Copy
// embed code): open it, copy the link to the real clipboard, see the confirmation, close it.
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
    expect(names).toEqual([en.share_close, en.share_on_facebook, en.share_on_messenger, en.share_on_twitter, en.share_on_whatsapp, en.copy_link, en.copy_embed_code]);

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
    expect(await readClipboard()).toBe(
      `<iframe src="${server.origin}/embed/album/${albumId}" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>`,
    );
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
});
