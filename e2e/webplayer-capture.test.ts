// Issue 19 Capture on the web player (issue 17) in Debian Chromium against the real server on loopback: a logged-in
// listener plays an album page through the widget's engine and presses Alt+Shift+R; the dialog of the top bar's
// overflow menu ("More", the widget's Report a problem) sends the page's session and shows a /replay link. The
// capture holds the web player's own action log (app 'web-player', from its first action), the engine's log and
// transcript, no access token in clear; it opens for its listener (the replay viewer lists the web player's actions)
// and not with another listener's token (403). The menu and the dialog are axe-clean. An anonymous visitor's capture opens with its link's key.
import type { Browser, HTTPResponse, Page } from 'puppeteer';
import type { StoredCapture } from '../core/model/capture';
import { keepWebPlayerCapture } from './recorded-session';
import { parseActionLog } from '../core/store/action-log';
import { logInCookie } from '../server/accounts/login-client';
import { WEB_PLAYER_APP } from '../ui/webplayer/page-store';
import { artifactPath } from './artifacts';
import { axeViolations, hydrated } from './axe';
import { logIn } from './engine-page';
import { firstAlbumId, launchChromium, startServer, stopServerAndPage, type RunningServer } from './harness';
import { watchPageProblems } from './page-problems';

jest.setTimeout(180_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let page: Page;
/** Every access token the server gave the browser (the web player page's data, its token route, /access_token). */
const tokens = new Set<string>();

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
  page.on('response', (response: HTTPResponse) => {
    if (response.request().method() !== 'GET' || !/\/album\/|\/webplayer\/token|\/access_token/.test(response.url())) return;
    response.text().then(
      (text) => {
        for (const match of text.matchAll(/"accessToken":"([^"]+)"/g)) tokens.add(match[1] ?? '');
      },
      () => undefined,
    );
  });
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(() => stopServerAndPage({ server, browser }));

const tokenOf = async (cookie: string): Promise<string> =>
  ((await (await fetch(`${server.origin}/access_token?reason=transport&productType=web_player`, { headers: { cookie } })).json()) as { accessToken: string })
    .accessToken;

const focused = (p: Page, testId: string) => p.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, {}, testId);

describe('"Report a problem" on a web player page (issue 19 Capture)', () => {
  let link: string;
  let capture: StoredCapture;

  it('a logged-in listener plays an album page, presses Alt+Shift+R, sends, and gets a /replay link; menu and dialog axe-clean', async () => {
    await logIn(page, server.origin, 'demo', 'demo');
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(`${server.origin}/album/${firstAlbumId(server.dataDir)}`);
    await hydrated(page);

    // The overflow menu in the top bar's user area.
    await page.click('[data-testid=overflow-menu]');
    await focused(page, 'report-problem');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: artifactPath('webplayer-capture', 'menu-1280x800.png') });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=report-problem]', { hidden: true });

    // Full playback through the widget's engine, so that the capture has the engine's log too.
    await page.click('.wp-bigplay');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLMediaElement>('audio, video')].some(
          (m) => !m.classList.contains('wp-preview-audio') && !m.paused && m.currentTime > 0.5,
        ),
      { timeout: 30_000 },
    );
    await page.waitForSelector('.wp-toggle[aria-label="Pause"]', { timeout: 10_000 });

    await page.keyboard.down('Alt');
    await page.keyboard.down('Shift');
    await page.keyboard.press('KeyR');
    await page.keyboard.up('Shift');
    await page.keyboard.up('Alt');
    await focused(page, 'report-description');
    await page.keyboard.type('the album page stalled');
    expect(await axeViolations(page)).toEqual([]);
    await page.click('[data-testid=report-send]');
    const anchor = await page.waitForSelector('[data-testid=capture-link]', { timeout: 30_000 });
    link = (await anchor?.evaluate((a) => (a as HTMLAnchorElement).href)) ?? '';
    expect(link).toMatch(new RegExp(`^${server.origin}/replay/[A-Za-z0-9_-]{22}\\?key=[A-Za-z0-9_-]{22}$`));
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: artifactPath('webplayer-capture', 'sent-1280x800.png') });
  });

  it("holds the web player's log (its actions), the engine's, no token in clear; another listener's token gets 403", async () => {
    const url = new URL(link);
    const api = `${server.origin}/api/captures/${url.pathname.split('/').pop() ?? ''}${url.search}`;
    const freeToken = await tokenOf(await logInCookie(server.origin, 'free', 'free'));
    expect((await fetch(api, { headers: { authorization: `Bearer ${freeToken}` } })).status).toBe(403);
    const demoToken = await tokenOf(await logInCookie(server.origin, 'demo', 'demo'));
    const answer = await fetch(api, { headers: { authorization: `Bearer ${demoToken}` } });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    capture = JSON.parse(text) as StoredCapture;
    expect(capture).toMatchObject({ owner: 'listener', description: 'the album page stalled', environment: { viewport: { width: 1280, height: 800 } } });
    const log = parseActionLog(capture.widget.actionLog);
    expect(log.header.app).toBe(WEB_PLAYER_APP);
    expect(log.entries.map((e) => e.action.type)).toContain('webplayer/pagePlayToggled');
    // The engine's events enter the page's log as facts from outside (adapter), the listener's presses as ui.
    const sources = (type: string) => [...new Set(log.entries.filter((e) => e.action.type === type).map((e) => e.src))];
    expect([sources('webplayer/engineEventReceived'), sources('webplayer/pagePlayToggled')]).toEqual([['adapter'], ['ui']]);
    expect(parseActionLog(capture.engine?.actionLog ?? '').header.app).toBe('embed-engine');
    expect(capture.engine?.transcript).not.toBe('');
    // The page records its own port transcript beside its log (its epics' HTTP answers, timers, inputs).
    expect(capture.widget.transcript?.split('\n')[0]).toContain('"app":"web-player"');
    expect(tokens.size).toBeGreaterThan(0);
    for (const token of tokens) expect(text).not.toContain(token);
    // Issue 19 regression corpus: the web player's session (fixtures/sessions/webplayer-album{,.engine}.* with RECORD_SESSIONS=1).
    keepWebPlayerCapture('webplayer-album', capture);
  });

  it("an anonymous visitor's capture (narrow page, the menu beside Log in) is anonymous and opens with its link's key", async () => {
    const context = await browser.createBrowserContext();
    try {
      const p = problems.watch(await context.newPage());
      await p.setViewport({ width: 380, height: 700 });
      await p.goto(`${server.origin}/album/${firstAlbumId(server.dataDir)}`);
      await hydrated(p);
      await p.click('[data-testid=overflow-menu]');
      await focused(p, 'report-problem');
      await p.keyboard.press('Enter');
      await focused(p, 'report-description');
      // The dialog opens under the button, inside the narrow window.
      const box = await p.$eval('[role=dialog]', (d) => {
        const r = d.getBoundingClientRect();
        return { left: r.left, right: r.right, width: window.innerWidth };
      });
      await p.screenshot({ path: artifactPath('webplayer-capture', 'anonymous-dialog-380x700.png') });
      expect([box.left >= 0, box.right <= box.width]).toEqual([true, true]);
      await p.click('[data-testid=report-send]');
      const anchor = await p.waitForSelector('[data-testid=capture-link]', { timeout: 30_000 });
      const href = (await anchor?.evaluate((a) => (a as HTMLAnchorElement).href)) ?? '';
      const url = new URL(href);
      const stored = await fetch(`${server.origin}/api/captures/${url.pathname.split('/').pop() ?? ''}${url.search}`);
      expect(stored.status).toBe(200);
      const anonymous = (await stored.json()) as StoredCapture;
      expect(anonymous).toMatchObject({ owner: 'anonymous', description: null, engine: null });
      expect(parseActionLog(anonymous.widget.actionLog).header.app).toBe(WEB_PLAYER_APP);
    } finally {
      await context.close();
    }
  });

  it("the link opens in the viewer for the listener, listing the web player's actions", async () => {
    const viewer = problems.watch(await browser.newPage());
    try {
      await viewer.setViewport({ width: 1280, height: 800 });
      await viewer.goto(link);
      await viewer.waitForSelector('[data-testid="timeline-row"]', { timeout: 15_000 });
      const types = await viewer.$$eval('[data-testid="timeline-row"] .rv-type', (cells) => cells.map((cell) => cell.textContent ?? ''));
      const logged = parseActionLog(capture.widget.actionLog).entries.map((e) => e.action.type);
      // The rows drawn (the list is windowed) are the web player log's first actions, in order.
      expect(types.length).toBeGreaterThan(0);
      expect(types).toEqual(logged.slice(0, types.length));
      expect(types).toContain('webplayer/pagePlayToggled');
      // The widget's renderer draws widget states only: the page's state is shown as its tree.
      expect(await viewer.$('[data-testid="replay-widget-frame"]')).toBeNull();
      expect(await viewer.$eval('[data-testid="state-tree"]', (el) => el.textContent)).toContain('webplayer');
      // The page's log is checked in engine mode over the port transcript the page recorded beside it (its epics re-run).
      await viewer.waitForSelector('[data-testid="transcript-pane"]');
      await viewer.click('[data-testid="check"]');
      await viewer.waitForFunction(
        () => document.querySelector('[data-testid="check-result"]')?.textContent?.startsWith('Replays the same on today’s code') === true,
        {
          timeout: 15_000,
        },
      );
      expect(await viewer.$eval('[data-testid="check-result"]', (el) => el.textContent)).toContain('engine replay over the port transcript');
      await viewer.screenshot({ path: artifactPath('webplayer-capture', 'viewer-1280x800.png') });
    } finally {
      await viewer.close();
    }
  });
});
