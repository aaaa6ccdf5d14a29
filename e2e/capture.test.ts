// Issue 19 Capture, in Debian Chromium against the real server on loopback: a logged-in listener plays an
// album embed (no debug=1: every page keeps its logs), skips, and chooses "Report a problem" in the overflow
// menu; the provider answers a /replay link. The capture opens for them (and not with another user's token:
// 403), holds no access token in clear, and its logs pass the replay check (scripts/replay-cli.ts `check`):
// the widget's in fold and engine mode, the engine's over its port transcript.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, HTTPResponse, Page } from 'puppeteer';
import { createFakePorts } from '../adapters/fake';
import { engineReducer } from '../core/engine/player';
import { engineReplayBuild } from '../core/engine/player/tapped-deps';
import type { StoredCapture } from '../core/model/capture';
import { widgetEpics } from '../core/widget/all-epics';
import { widgetReducer } from '../core/widget/reducer';
import { runReplayCli } from '../scripts/replay-cli';
import { logInCookie } from '../server/accounts/login-client';
import { artifactPath } from './artifacts';
import { logIn } from './engine-page';
import { firstAlbumId, launchChromium, startServer, stopServerAndPage, type RunningServer } from './harness';
import { watchPageProblems } from './page-problems';

jest.setTimeout(180_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let page: Page;
/** Every access token the server gave the page (embed page, /access_token). */
const tokens = new Set<string>();

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
  page.on('response', (response: HTTPResponse) => {
    if (!/\/access_token|\/embed\//.test(response.url())) return;
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

const engineTime = (p: Page): Promise<number> =>
  p.evaluate(() => [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio')?.currentTime ?? 0);

async function until(what: string, test: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const tokenOf = async (cookie: string): Promise<string> =>
  ((await (await fetch(`${server.origin}/access_token?reason=transport&productType=web_player`, { headers: { cookie } })).json()) as { accessToken: string })
    .accessToken;

describe('"Report a problem" (issue 19 Capture)', () => {
  let link: string;
  let capture: StoredCapture;

  it('a logged-in listener plays an album, skips, and "Report a problem" from the overflow menu answers a /replay link', async () => {
    await logIn(page, server.origin, 'demo', 'demo');
    const albumId = firstAlbumId(server.dataDir);
    await page.setViewport({ width: 400, height: 380 });
    await page.goto(`${server.origin}/embed/album/${albumId}`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    await until('the engine playing track 1', async () => (await engineTime(page)) > 1);
    await page.click('[data-testid=skip-forward]');
    const playingRow = () => page.$$eval('[data-testid=track-row]', (rows) => rows.findIndex((row) => row.getAttribute('aria-current') === 'true'));
    await until('track 2 marked as playing', async () => (await playingRow()) === 1);
    await until('the engine playing track 2', async () => (await engineTime(page)) > 1);

    await page.click('[data-testid=overflow-menu]');
    await page.click('[data-testid=report-problem]');
    await page.type('[data-testid=report-description]', 'the skip stuttered');
    await page.click('[data-testid=report-send]');
    const anchor = await page.waitForSelector('[data-testid=capture-link]', { timeout: 30_000 });
    link = (await anchor?.evaluate((a) => (a as HTMLAnchorElement).href)) ?? '';
    expect(link).toMatch(new RegExp(`^${server.origin}/replay/[A-Za-z0-9_-]{22}\\?key=[A-Za-z0-9_-]{22}$`));
    await page.screenshot({ path: artifactPath('capture', 'sent-380.png') });
  });

  it("the capture opens for its listener, not with another user's token (403); no access token is in it in clear", async () => {
    const url = new URL(link);
    const id = url.pathname.split('/').pop() ?? '';
    const api = `${server.origin}/api/captures/${id}?key=${url.searchParams.get('key') ?? ''}`;
    const demoToken = await tokenOf(await logInCookie(server.origin, 'demo', 'demo'));
    const freeToken = await tokenOf(await logInCookie(server.origin, 'free', 'free'));
    expect((await fetch(api, { headers: { authorization: `Bearer ${freeToken}` } })).status).toBe(403);
    const answer = await fetch(api, { headers: { authorization: `Bearer ${demoToken}` } });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    capture = JSON.parse(text) as StoredCapture;
    expect(capture).toMatchObject({ owner: 'listener', description: 'the skip stuttered', environment: { viewport: { width: 400, height: 380 } } });
    expect(capture.engine).not.toBeNull();
    expect(capture.widget.actionLog).toContain('"skip');
    expect(tokens.size).toBeGreaterThan(0);
    for (const token of tokens) expect(text).not.toContain(token);
  });

  it('the capture passes the replay check: the widget log in both modes, the engine log over its transcript', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-replay-'));
    try {
      writeFileSync(join(dir, 'capture.jsonl'), capture.widget.actionLog);
      writeFileSync(join(dir, 'capture.engine.jsonl'), capture.engine?.actionLog ?? '');
      writeFileSync(join(dir, 'capture.engine.transcript.jsonl'), capture.engine?.transcript ?? '');
      const read = (path: string) => readFileSync(path, 'utf8');
      const widget = runReplayCli(['check', join(dir, 'capture.jsonl')], read, {
        name: 'embed-player',
        reducer: widgetReducer,
        epics: widgetEpics,
        makeDeps: (scheduler) => createFakePorts(scheduler),
      });
      expect(widget).toMatchObject({ exitCode: 0, stderr: '' });
      const engine = runReplayCli(['check', join(dir, 'capture.engine.jsonl')], read, {
        name: 'embed-engine',
        reducer: engineReducer,
        overTranscript: engineReplayBuild,
      });
      expect(engine).toMatchObject({ exitCode: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the parent page's client asks an embed for a capture and gets its link, which opens for the listener only (requestCapture)", async () => {
    const p = problems.watch(await browser.newPage());
    try {
      await p.goto(`${server.origin}/`);
      await p.waitForSelector('iframe');
      // A string, so that the test's transform leaves the page's dynamic import alone.
      const url = (await p.evaluate(`(async () => {
        const client = await import('/embed-api/client.js');
        const player = client.connectEmbed(document.querySelector('iframe'));
        await player.ready;
        return (await player.requestCapture('from the support form')).url;
      })()`)) as string;
      expect(url).toMatch(new RegExp(`^${server.origin}/replay/[A-Za-z0-9_-]{22}\\?key=[A-Za-z0-9_-]{22}$`));
      const parsed = new URL(url);
      // The browser is logged in as demo (the first test): the capture is the listener's, so the page that
      // asked holds a link it cannot open itself; the listener can.
      const api = `${server.origin}/api/captures/${parsed.pathname.split('/').pop() ?? ''}${parsed.search}`;
      expect((await fetch(api)).status).toBe(403);
      const demoToken = await tokenOf(await logInCookie(server.origin, 'demo', 'demo'));
      const stored = await fetch(api, { headers: { authorization: `Bearer ${demoToken}` } });
      expect(stored.status).toBe(200);
      expect(await stored.json()).toMatchObject({ owner: 'listener', description: 'from the support form' });
    } finally {
      await p.close();
    }
  });

  it.each([80, 152, 232, 380])('the overflow menu at %i px high (screenshot)', async (height) => {
    const p = problems.watch(await browser.newPage());
    try {
      await p.setViewport({ width: 300, height });
      await p.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}`);
      await p.waitForSelector('[data-testid=overflow-menu]');
      await p.click('[data-testid=overflow-menu]');
      await p.waitForSelector('[data-testid=report-problem]');
      await p.screenshot({ path: artifactPath('capture', `menu-${height}.png`) });
      // The shortcut opens the dialog from anywhere on the page.
      await p.keyboard.press('Escape');
      await p.keyboard.down('Alt');
      await p.keyboard.down('Shift');
      await p.keyboard.press('KeyR');
      await p.keyboard.up('Shift');
      await p.keyboard.up('Alt');
      await p.waitForSelector('[data-testid=report-description]');
      await p.screenshot({ path: artifactPath('capture', `dialog-${height}.png`) });
    } finally {
      await p.close();
    }
  });
});
