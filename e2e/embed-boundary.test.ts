// Issue 12, the widget's boundary with its host page, in Chromium:
// - the widget obeys only its parent: commands posted by a sibling frame, by a pop-up of the page,
//   or to an embed opened as a pop-up (the opener posting) are refused and change nothing, while
//   the embedding page's commands work;
// - a hostile parent cannot make the widget lose its own log: a 5 MB message, a `__proto__` message
//   and a flood of messages just under the old size limit are refused with a short entry, and the
//   widget's real entries reach the server's store (server/log/actions-route.ts);
// - a window the widget opens has no opener.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'puppeteer';
import { parseActionLog } from '../core/store/action-log';
import { firstAlbumId, launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';

jest.setTimeout(150_000);

interface Debug {
  __embedDebug: { state(): { sessionId?: string | null; embedApi: { enabled: boolean; connected: boolean; channelId: string | null } }; actionLog(): string };
}

let server: RunningServer;
let browser: Browser;
/** The host pages: a parent, its sibling frame, its pop-up, all on another origin than the embeds. */
let pages: Server;
let pagesOrigin: string;
let embedUrl: string;
const pageErrors: string[] = [];

function hostPage(path: string): string {
  switch (path) {
    case '/parent':
      return `<!doctype html><meta charset="utf-8"><title>parent</title>
<iframe id="embed" src="${embedUrl}" width="300" height="380" allow="encrypted-media; autoplay"></iframe>
<iframe id="sibling" src="/sibling" width="10" height="10"></iframe>
<script>
  window.heard = [];
  window.addEventListener('message', (event) => {
    if (event.data && event.data.type === 'contextchange') window.heard.push(event.data);
  });
</script>`;
    default:
      return `<!doctype html><meta charset="utf-8"><title>${path.slice(1)}</title><p>${path.slice(1)}</p>`;
  }
}

beforeAll(async () => {
  server = await startServer();
  const embedOrigin = server.origin.replace('127.0.0.1', 'localhost');
  embedUrl = `${embedOrigin}/embed/album/${firstAlbumId(server.dataDir)}?embed-api=1&debug=1`;
  pages = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(new URL(request.url ?? '/', 'http://x').pathname));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pages?.close(resolve));
  await server?.close();
});

const embedFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(embedUrl.split('?')[0] ?? ''));
  if (frame === undefined) throw new Error('no embed frame');
  return frame;
};

const debugState = (target: Page | Frame) => target.evaluate(() => (window as unknown as Debug).__embedDebug.state());
const actionLog = async (target: Page | Frame) => parseActionLog(await target.evaluate(() => (window as unknown as Debug).__embedDebug.actionLog()));

/** The embed listens to the page (hydrated, its embed API bound). */
async function listening(target: Page | Frame): Promise<void> {
  await target.waitForFunction(
    () => document.documentElement.dataset.hydrated === 'true' && (window as unknown as Partial<Debug>).__embedDebug?.state().embedApi.enabled === true,
    { timeout: 20_000 },
  );
}

/** Waits until the embed's action log holds `count` refusals whose reason matches. */
async function refusals(target: Page | Frame, reason: RegExp, count: number): Promise<Array<{ origin: string; reason: string }>> {
  await target.waitForFunction(
    (source: string, n: number) => {
      const pattern = new RegExp(source);
      const lines = (window as unknown as Debug).__embedDebug.actionLog().split('\n');
      const reasons = lines
        .filter((line) => line.includes('"embedApi/messageRefused"'))
        .map((line) => (JSON.parse(line) as { action?: { reason?: string } }).action?.reason ?? '');
      return reasons.filter((r) => pattern.test(r)).length >= n;
    },
    { timeout: 20_000 },
    reason.source,
    count,
  );
  return (await actionLog(target)).entries
    .map((e) => e.action as { type: string; origin?: string; reason?: string })
    .filter((a) => a.type === 'embedApi/messageRefused' && reason.test(a.reason ?? ''))
    .map((a) => ({ origin: a.origin ?? '', reason: a.reason ?? '' }));
}

/** Stored rows of the action log of one session, read from the server's database. */
function storedRows(sessionId: string): Promise<Array<{ type: string; payload: string }>> {
  return server.app.database.kysely.selectFrom('action_log_entries').select(['type', 'payload']).where('session_id', '=', sessionId).orderBy('id').execute();
}

const connect = (channelId: string) => ({ type: 'api/connect', source: 'embed-api', channelId });
const PLAY = { type: 'api/play', source: 'embed-api' };

describe('issue 12: the widget obeys only its parent, keeps its log whatever the parent posts, and opens windows without opener', () => {
  let page: Page;
  let frame: Frame;

  it("refuses commands from a sibling frame and from a pop-up of the page; the parent's work", async () => {
    page = await newPageCollectingErrors(browser, pageErrors);
    await page.goto(`${pagesOrigin}/parent`, { waitUntil: 'load' });
    frame = embedFrame(page);
    await listening(frame);

    // A sibling frame of the embed posts to it (window.parent.frames[0] is the embed).
    const sibling = page.frames().find((f) => f.url() === `${pagesOrigin}/sibling`);
    if (sibling === undefined) throw new Error('no sibling frame');
    await sibling.evaluate(
      (c: unknown, p: unknown) => {
        const embed = window.parent.frames[0];
        embed?.postMessage(c, '*');
        embed?.postMessage(p, '*');
      },
      connect('sibling'),
      PLAY,
    );
    // A pop-up the page opened posts to the embed through its opener.
    const popupOpened = new Promise<Page | null>((resolve) => page.once('popup', resolve));
    await page.evaluate((origin: string) => void window.open(`${origin}/popup`, 'popup', 'width=200,height=200'), pagesOrigin);
    const popup = await popupOpened;
    if (popup === null) throw new Error('no pop-up');
    await popup.waitForFunction(() => document.readyState === 'complete', { timeout: 10_000 });
    await popup.evaluate(
      (c: unknown, p: unknown) => {
        const embed = (window.opener as Window).frames[0];
        embed?.postMessage(c, '*');
        embed?.postMessage(p, '*');
      },
      connect('popup'),
      PLAY,
    );

    const refused = await refusals(frame, /^not from the parent window$/, 4);
    expect(refused).toEqual(Array(4).fill({ origin: pagesOrigin, reason: 'not from the parent window' }));
    // Nothing they asked for happened: not connected, nothing playing, nothing posted to the page.
    expect((await debugState(frame)).embedApi).toEqual({ enabled: true, connected: false, channelId: null });
    expect(await frame.evaluate(() => document.querySelector('audio')?.paused ?? true)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
    // Their data was not recorded: no raw message entered the log.
    expect((await actionLog(frame)).entries.filter((e) => e.action.type === 'embedApi/messageReceived')).toEqual([]);
    await popup.close();

    // The parent's own connect works.
    await page.evaluate((c: unknown) => document.querySelector<HTMLIFrameElement>('#embed')?.contentWindow?.postMessage(c, '*'), connect('parent'));
    await page.waitForFunction(() => (window as unknown as { heard: Array<{ channelId: string }> }).heard.some((m) => m.channelId === 'parent'), {
      timeout: 10_000,
    });
    expect((await debugState(frame)).embedApi).toEqual({ enabled: true, connected: true, channelId: 'parent' });
  });

  it('refuses a 5 MB message, a __proto__ message and a flood of large ones with short entries; the real entries reach the server', async () => {
    await page.evaluate(() => {
      const embed = document.querySelector<HTMLIFrameElement>('#embed')?.contentWindow;
      if (embed == null) throw new Error('no embed window');
      embed.postMessage({ type: 'api/play', source: 'embed-api', text: 'x'.repeat(5 * 1024 * 1024) }, '*');
      embed.postMessage(JSON.parse('{"type":"api/play","source":"embed-api","__proto__":{"polluted":true}}'), '*');
      // Each under the size limit the widget had before (16384 characters of JSON), but 48 KB of
      // UTF-8: fifty of them made one logging batch of 2.4 MB, over the server's 1 MiB body limit.
      for (let i = 0; i < 60; i += 1) embed.postMessage({ type: 'api/context', source: 'embed-api', text: '€'.repeat(16_000) }, '*');
    });
    const huge = await refusals(frame, /string of 5242880 characters/, 1);
    expect(huge).toEqual([{ origin: pagesOrigin, reason: 'larger than 4096 bytes as JSON (the message.text is a string of 5242880 characters)' }]);
    expect(await refusals(frame, /has a key named __proto__/, 1)).toEqual([{ origin: pagesOrigin, reason: 'the message has a key named __proto__' }]);
    expect(await refusals(frame, /string of 16000 characters/, 60)).toHaveLength(60);
    expect(await frame.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
    // No entry of the widget's log is anywhere near the size of what was posted.
    const log = await actionLog(frame);
    expect(Math.max(...log.entries.map((e) => JSON.stringify(e).length))).toBeLessThan(8192);

    // The parent is still obeyed: api/play plays, and the page hears it.
    await page.evaluate((p: unknown) => document.querySelector<HTMLIFrameElement>('#embed')?.contentWindow?.postMessage(p, '*'), PLAY);
    await page.waitForFunction(() => (window as unknown as { heard: Array<{ context: { isPlaying: boolean } }> }).heard.some((m) => m.context.isPlaying), {
      timeout: 20_000,
    });

    // The logging channel's batches, with the widget's real entries, are stored by the server.
    const sessionId = (await debugState(frame)).sessionId ?? '';
    expect(sessionId).not.toBe('');
    const deadline = Date.now() + 45_000;
    let rows = await storedRows(sessionId);
    const stored = (type: string, text: string) => rows.some((r) => r.type === type && r.payload.includes(text));
    while (!(stored('embedApi/commandReceived', '"api/play"') && stored('embedApi/messageRefused', '__proto__')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      rows = await storedRows(sessionId);
    }
    expect(stored('embedApi/enabled', '')).toBe(true);
    expect(stored('embedApi/commandReceived', '"channelId":"parent"')).toBe(true);
    expect(stored('embedApi/commandReceived', '"api/play"')).toBe(true);
    expect(stored('embedApi/messageRefused', 'string of 5242880 characters')).toBe(true);
    expect(stored('embedApi/messageRefused', 'has a key named __proto__')).toBe(true);
    expect(rows.filter((r) => r.type === 'embedApi/messageRefused' && r.payload.includes('string of 16000 characters')).length).toBeGreaterThanOrEqual(50);
    expect(Math.max(...rows.map((r) => r.payload.length))).toBeLessThan(8192);
  });

  it('windows the widget opens (a share window, the item link) have no opener', async () => {
    // Chromium's own account of each new window: can it reach the window that opened it?
    const cdp = await browser.target().createCDPSession();
    const openedWindow = async (urlPart: string) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { targetInfos } = (await cdp.send('Target.getTargets')) as {
          targetInfos: Array<{ type: string; url: string; canAccessOpener?: boolean; openerId?: string }>;
        };
        const found = targetInfos.find((t) => t.type === 'page' && t.url.includes(urlPart));
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`no window at ${urlPart}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    // spec 000 §7 Share windows: window.open from the share dialog.
    await frame.click('[data-testid="share-button"]');
    await frame.waitForSelector('[data-testid="share-dialog"][data-view="share"]', { timeout: 10_000 });
    await frame.click('[data-testid="share-facebook"]');
    const share = await openedWindow('facebook.com/sharer');
    expect(share.canAccessOpener).toBe(false);
    // The item link (target=_blank).
    await frame.click('[data-testid="share-close"]');
    await frame.waitForSelector('[data-testid="share-dialog"]', { hidden: true, timeout: 10_000 });
    await frame.click('[data-testid="title"]');
    const item = await openedWindow(`${new URL(embedUrl).origin}/album/`);
    expect(item.canAccessOpener).toBe(false);
    await cdp.detach();
    for (const opened of await browser.pages()) {
      if (/facebook\.com|\/album\//.test(opened.url()) && !opened.url().includes('/embed/')) await opened.close();
    }
  });

  it('an embed opened as a pop-up is not driven by its opener', async () => {
    const attacker = await newPageCollectingErrors(browser, pageErrors);
    await attacker.goto(`${pagesOrigin}/attacker`, { waitUntil: 'load' });
    const popupOpened = new Promise<Page | null>((resolve) => attacker.once('popup', resolve));
    await attacker.evaluate((url: string) => {
      (window as unknown as { embed: Window | null }).embed = window.open(url, 'embed', 'width=300,height=380');
    }, embedUrl);
    const embed = await popupOpened;
    if (embed === null) throw new Error('no embed pop-up');
    await listening(embed);
    await attacker.evaluate(
      (c: unknown, p: unknown) => {
        const target = (window as unknown as { embed: Window }).embed;
        target.postMessage(c, '*');
        target.postMessage(p, '*');
      },
      connect('opener'),
      PLAY,
    );
    expect(await refusals(embed, /^not from the parent window$/, 2)).toEqual(Array(2).fill({ origin: pagesOrigin, reason: 'not from the parent window' }));
    expect((await debugState(embed)).embedApi).toEqual({ enabled: true, connected: false, channelId: null });
    expect(await embed.evaluate(() => document.querySelector('audio')?.paused ?? true)).toBe(true);
    await embed.close();
    await attacker.close();
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
