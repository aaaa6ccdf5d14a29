// The widget's lazily loaded scripts failing to load (a network blip, a deploy that swapped the
// files), in Debian Chromium against the real server on loopback: the lazy chunk (ui/widget/extras.ts:
// full playback's epics, the logging channels, share, the modals) and the engine's bundle (engine.js).
// A failure is tried again with backoff (core/widget/lazy-script-retry.ts); a script that cannot be had
// leaves a widget that works: spec 000 §4 Initialization failure, the preview plays. Puppeteer's
// request interception fails the requests; each test declares the failures it provokes (page-problems.ts).
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import { firstAlbumId, launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { logIn, waitFor } from './engine-page';
import { watchPageProblems } from './page-problems';
import { until } from './until';

jest.setTimeout(120_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;

const CHUNK = /\/widget\/chunks\/extras-[A-Z0-9]+\.js$/;
const ENGINE = /\/widget\/engine\.js$/;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  // A logged-in visitor (spec 000 §6): the widget plays in full, so its page needs the chunk and the engine.
  const login = await browser.newPage();
  await logIn(login, server.origin, 'demo', 'demo');
  await login.close();
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(() => stopServerAndPage({ server, browser }));

/**
 * A new page whose requests for `script` fail (net::ERR_FAILED, as a dropped connection) the first
 * `failures` times, or until `heal` (the network is back); counts the requests for it. Unhandled
 * promise rejections are collected too.
 */
async function pageFailing(script: RegExp, failures: number): Promise<{ page: Page; requests: () => number; heal: () => void }> {
  const page = problems.watch(await browser.newPage());
  let requests = 0;
  let healed = false;
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    if (!script.test(new URL(request.url()).pathname)) return void request.continue();
    requests += 1;
    if (requests <= failures && !healed) void request.abort('failed');
    else void request.continue();
  });
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __unhandled: string[] };
    w.__unhandled = [];
    window.addEventListener('unhandledrejection', (event) => w.__unhandled.push(String(event.reason)));
  });
  return {
    page,
    requests: () => requests,
    heal: () => {
      healed = true;
    },
  };
}

/** The widget's action log (debug=1): the actions, in order. */
async function widgetActions(page: Page): Promise<Array<{ type: string; code?: string }>> {
  const log = await page.evaluate(() => (window as unknown as { __embedDebug: { actionLog(): string } }).__embedDebug.actionLog());
  return log
    .split('\n')
    .filter((line) => line.startsWith('{"seq"'))
    .map((line) => (JSON.parse(line) as { action: { type: string; code?: string } }).action);
}

const unhandled = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __unhandled: string[] }).__unhandled);

/** Opens the album embed, waits for the widget to take over the frame, then presses play as a visitor would. */
async function pressPlay(page: Page, query: string): Promise<void> {
  await page.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}${query}`);
  await page.waitForSelector('html[data-hydrated=true]', { timeout: 30_000 });
  await page.hover('[data-testid=play-button]');
  await page.click('[data-testid=play-button]');
}

/** The preview player's element, read in one go. */
const previewAudio = (page: Page): Promise<{ time: number; paused: boolean; engineElements: number }> =>
  page.evaluate(() => {
    const preview = document.querySelector<HTMLAudioElement>('audio#preview-audio');
    return {
      time: preview?.currentTime ?? 0,
      paused: preview?.paused ?? true,
      engineElements: [...document.querySelectorAll('audio, video')].filter((e) => e.id !== 'preview-audio').length,
    };
  });

const expectFailed = (script: RegExp, why: string): void => {
  const name = script.source.replace(/\$$/, '');
  problems.expect(new RegExp(`^request failed: GET ${name} \\(net::ERR_FAILED\\)$`), why);
};

describe("the widget's lazy chunk failing to load (ui/widget/extras-loader.ts)", () => {
  it('fails once: the retry brings it, and a logged-in visitor’s click plays in full through the engine', async () => {
    expectFailed(CHUNK, 'the first request for the lazy chunk fails on purpose (a network blip)');
    const { page, requests } = await pageFailing(CHUNK, 1);
    await pressPlay(page, '?debug=1');
    const playing = await waitFor(page, 'the engine playing', (h) => h.widget.isPlaying && h.time > 1);
    expect(playing.widget.forcePreview).toBe(false);
    expect(playing.preview.time).toBe(0);
    // One failed request, one that brought it: a second import() of the same URL fetches it again.
    expect(requests()).toBe(2);
    expect(await unhandled(page)).toEqual([]);
    await page.close();
  });

  it('cannot be had: the page falls back to the preview (spec 000 §4 Initialization failure) and the click plays it; once the network is back a share click brings the dialog; no unhandled rejection', async () => {
    expectFailed(CHUNK, 'every request for the lazy chunk fails on purpose (it cannot be had)');
    const { page, requests, heal } = await pageFailing(CHUNK, Number.POSITIVE_INFINITY);
    // Without debug=1: that page's debug tools are in the chunk.
    await pressPlay(page, '');
    // The page waited for the first round: the first attempt and its three retries.
    expect(requests()).toBeGreaterThanOrEqual(4);
    const preview = await until(
      'the preview playing',
      () => previewAudio(page),
      (p) => p.time > 0.5 && !p.paused,
    );
    // The engine was never started: the chunk holds the epics that send it commands.
    expect(preview.engineElements).toBe(0);
    // The page's own second round (the logging channels are in the chunk) fails too; the widget plays on.
    await until(
      'the second round of attempts',
      () => Promise.resolve(requests()),
      (n) => n >= 8,
    );
    await until(
      'the preview still playing',
      () => previewAudio(page),
      (p) => p.time > preview.time + 1 && !p.paused,
    );
    expect(await page.$('[data-testid=share-dialog]')).toBeNull();
    // The network is back: the visitor's click on share tries again and the dialog opens (a click that
    // came while that round was still failing closes the dialog again; the next one tries anew).
    heal();
    let opened = false;
    for (let click = 0; click < 3 && !opened; click += 1) {
      await page.click('[data-testid=share-button]');
      opened = await page.waitForSelector('[data-testid=share-dialog]', { timeout: 10_000 }).then(
        () => true,
        () => false,
      );
    }
    expect(opened).toBe(true);
    expect(requests()).toBeGreaterThanOrEqual(9);
    expect(await unhandled(page)).toEqual([]);
    await page.close();
  });
});

describe("the engine's bundle failing to load (ui/engine/engine-port.ts)", () => {
  it('fails once: the retry brings it, and the click plays in full', async () => {
    expectFailed(ENGINE, 'the first request for engine.js fails on purpose (a network blip)');
    const { page, requests } = await pageFailing(ENGINE, 1);
    await pressPlay(page, '?debug=1');
    const playing = await waitFor(page, 'the engine playing', (h) => h.widget.isPlaying && h.time > 1);
    expect(playing.widget.forcePreview).toBe(false);
    expect(requests()).toBe(2);
    // The pointer's initialise and the click's play waited for the retry: neither failed.
    expect((await widgetActions(page)).map((a) => a.type)).not.toContain('full/engineCommandFailed');
    expect(await unhandled(page)).toEqual([]);
    await page.close();
  });

  it('cannot be had: the initialization-failure path (spec 000 §4): the preview plays and, in preview mode, the sign-up prompt shows (spec 000 §4 Play rules)', async () => {
    expectFailed(ENGINE, 'every request for engine.js fails on purpose (it cannot be had)');
    const { page, requests } = await pageFailing(ENGINE, Number.POSITIVE_INFINITY);
    await pressPlay(page, '?debug=1');
    const fallback = await waitFor(page, 'the preview playing', (h) => h.widget.forcePreview && h.preview.time > 0.5 && !h.preview.paused, 30_000);
    expect(fallback.time).toBe(0);
    expect(requests()).toBe(4);
    await page.waitForSelector('[data-testid="prompt-modal"].modal--visible', { timeout: 15_000 });
    const actions = await widgetActions(page);
    expect(actions.find((a) => a.type === 'player/initializationFailed')).toMatchObject({ code: 'LIST_PLAYER_NO_TRACK_PLAYER' });
    expect(actions.map((a) => a.type)).toEqual(expect.arrayContaining(['playback/previewForced', 'full/engineCommandFailed']));
    expect(await unhandled(page)).toEqual([]);
    await page.close();
  });
});
