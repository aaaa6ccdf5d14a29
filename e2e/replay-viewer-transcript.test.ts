// Issue 19 The viewer, in Debian Chromium against the real server on loopback: the engine's port
// transcript beside its actions (each answer, frame, timer and clock read linked to the action it
// caused, both ways), the engine's log checked against today's code over its transcript (jump to the
// first divergent seq, with the state paths it changes), and a 1280-wide captured widget scaled down
// to fit its pane. The logged-in album fixtures (fixtures/sessions/logged-in-album.*) are the session.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import type { CaptureLink } from '../core/model/capture';
import { parseActionLog } from '../core/store/action-log';
import { parseTranscript, serializeTranscript } from '../core/store/transcript';
import { artifactPath } from './artifacts';
import { axeViolations } from './axe';
import { launchChromium, startServer, stopServerAndPage, type RunningServer } from './harness';
import { watchPageProblems } from './page-problems';

jest.setTimeout(120_000);

const SESSIONS = join(__dirname, '..', 'fixtures', 'sessions');
const read = (name: string) => readFileSync(join(SESSIONS, name), 'utf8');
const widgetLog = read('logged-in-album.jsonl');
const engineLogText = read('logged-in-album.engine.jsonl');
const transcriptText = read('logged-in-album.engine.transcript.jsonl');
const engineLog = parseActionLog(engineLogText);
const transcript = parseTranscript(transcriptText);
const ROW = 22;

// Found by type, not by seq or line: the fixtures are re-recorded from time to time.
const seqOf = (type: string) => engineLog.entries.find((entry) => entry.action.type === type)?.seq ?? -1;
const tokenRequested = seqOf('session/tokenRefreshRequested');
const tokenReceived = seqOf('session/tokenReceived');
const tokenSub = transcript.entries.findIndex((e) => e.k === 'sub' && e.c === 'http.request' && JSON.stringify(e.a).includes('/access_token'));
const tokenSubId = (transcript.entries[tokenSub] as { id?: number } | undefined)?.id;
const tokenAnswer = transcript.entries.findIndex((e) => e.k === 'next' && e.id === tokenSubId);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
  await page.setViewport({ width: 1280, height: 800 });
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(() => stopServerAndPage({ server, browser }));

const stepIs = (p: Page, seq: number) =>
  p.waitForFunction((want) => document.querySelector('[data-testid="replay-step"]')?.textContent?.startsWith(`seq ${want} `) === true, {}, seq);

/** Scrolls a virtualised list so that row `position` is drawn, then clicks it. */
async function clickRow(p: Page, list: string, position: number, row: string): Promise<void> {
  await p.evaluate(
    (selector, top) => {
      const element = document.querySelector(selector);
      if (element !== null) element.scrollTop = top;
    },
    list,
    Math.max(0, (position - 5) * ROW),
  );
  const handle = await p.waitForSelector(row);
  await handle?.click();
}

async function showEngineLog(p: Page): Promise<void> {
  const value = await p.$$eval('.rv-toolbar select option', (options) => options.find((o) => o.textContent?.startsWith('engine'))?.getAttribute('value'));
  await p.select('.rv-toolbar select', value ?? '');
  await p.waitForSelector('[data-testid="transcript-row"]');
}

async function drop(p: Page, files: ReadonlyArray<{ name: string; text: string }>): Promise<void> {
  await p.goto(`${server.origin}/replay`);
  await p.waitForSelector('[data-testid="replay-drop-zone"]');
  await p.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text], file.name));
    document
      .querySelector('[data-testid="replay-drop-zone"]')
      ?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
  await p.waitForSelector('[data-testid="timeline-row"]');
}

describe("replay viewer: the engine's port transcript (issue 19 The viewer)", () => {
  it('a 1280-wide captured widget is scaled down to its pane, keeping its layout, with the scale shown', async () => {
    expect(tokenSub).toBeGreaterThan(0);
    expect(tokenAnswer).toBeGreaterThan(tokenSub);
    const response = await fetch(`${server.origin}/capture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        description: 'transcript e2e',
        widget: { actionLog: widgetLog },
        engine: { actionLog: engineLogText, transcript: transcriptText },
        environment: { userAgent: 'e2e', language: 'en', viewport: { width: 1280, height: 720 } },
      }),
    });
    expect(response.status).toBe(201);
    const link = (await response.json()) as CaptureLink;
    await page.goto(`${server.origin}${link.url}`);
    await page.waitForSelector('[data-testid="replay-widget-frame"]');
    await page.waitForFunction(() => /shown at \d+%/.test(document.querySelector('[data-testid="replay-widget-scale"]')?.textContent ?? ''));
    const shown = await page.evaluate(() => {
      const frame = document.querySelector('[data-testid="replay-widget-frame"]');
      const pane = document.querySelector('.rv-col--widget');
      const main = document.querySelector('.rv-main');
      const box = frame?.getBoundingClientRect();
      return {
        // The frame lays the widget out at the captured size; the transform only draws it smaller.
        attributes: [frame?.getAttribute('width'), frame?.getAttribute('height')],
        inner: frame instanceof HTMLIFrameElement ? frame.contentWindow?.innerWidth : undefined,
        drawn: box?.width ?? 0,
        pane: pane?.clientWidth ?? 0,
        overflow: (main?.scrollWidth ?? 0) - (main?.clientWidth ?? 0),
        caption: document.querySelector('[data-testid="replay-widget-scale"]')?.textContent ?? '',
      };
    });
    expect(shown.attributes).toEqual(['1280', '720']);
    expect(shown.inner).toBe(1280);
    expect(shown.drawn).toBeLessThanOrEqual(shown.pane + 0.5);
    expect(shown.drawn).toBeLessThan(1280);
    expect(shown.overflow).toBeLessThanOrEqual(0);
    const percent = Number(/shown at (\d+)%/.exec(shown.caption)?.[1]);
    expect(shown.caption).toMatch(/^1280 × 720 · shown at \d+%$/);
    expect(Math.abs(percent / 100 - shown.drawn / 1282)).toBeLessThan(0.01);
    // Scaled, the widget still shows its album rows.
    const frame = await (await page.$('[data-testid="replay-widget-frame"]'))?.contentFrame();
    await frame?.waitForSelector('[data-testid="track-row"]');
    await page.screenshot({ path: artifactPath('replay-viewer', 'scaled-1280-capture-1280x800.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("selecting an action marks its transcript entries (the token's answer), and choosing an entry selects and marks its action", async () => {
    await showEngineLog(page);
    await clickRow(page, '.rv-col--timeline .rv-list', tokenReceived - 1, `[data-testid="timeline-row"][data-seq="${tokenReceived}"]`);
    await stepIs(page, tokenReceived);
    // The answer of GET /access_token caused the token: marked and scrolled into view in the transcript.
    const answerRow = `[data-testid="transcript-row"][data-index="${tokenAnswer}"]`;
    await page.waitForSelector(`${answerRow}[data-linked="true"]`);
    expect(await page.$eval(answerRow, (el) => el.textContent)).toMatch(/answer 200 ← GET \/access_token/);
    expect(await page.$eval('[data-testid="transcript-summary"]', (el) => el.textContent)).toMatch(new RegExp(`^\\d+ linked to seq ${tokenReceived} · `));
    await page.screenshot({ path: artifactPath('replay-viewer', 'transcript-linked-1280x800.png') });

    // The other way: the request entry selects the action it was made during, and marks it in the list.
    await clickRow(page, '[data-testid="transcript-list"]', tokenSub, `[data-testid="transcript-row"][data-index="${tokenSub}"]`);
    await stepIs(page, tokenRequested);
    await page.waitForSelector(`[data-testid="transcript-row"][data-index="${tokenSub}"][aria-selected="true"]`);
    await page.waitForSelector(`[data-testid="timeline-row"][data-seq="${tokenRequested}"][aria-selected="true"]`);
    expect(await page.$eval('[data-testid="transcript-entry"]', (el) => el.textContent)).toContain(
      `Made while seq ${tokenRequested} session/tokenRefreshRequested`,
    );
    expect(await page.$eval('[data-testid="transcript-entry"] pre', (el) => el.textContent)).toContain('/access_token');
    // The answer marks its action among the others.
    await clickRow(page, '[data-testid="transcript-list"]', tokenAnswer, answerRow);
    await stepIs(page, tokenReceived);
    await page.screenshot({ path: artifactPath('replay-viewer', 'transcript-entry-1280x800.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("the engine's log checked against today's code over its transcript replays the same", async () => {
    await page.click('[data-testid="check"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="check-result"]')?.textContent?.startsWith('Replays the same on today’s code') === true,
    );
    expect(await page.$eval('[data-testid="check-result"]', (el) => el.textContent)).toContain('engine replay over the port transcript');
  });
});

describe("replay viewer: the engine's log checked against today's code (issue 19 The viewer)", () => {
  it('a transcript whose token service failed jumps to the first divergent seq and names the state paths', async () => {
    const failing = serializeTranscript({
      ...transcript,
      entries: transcript.entries.map((e, index) => (index === tokenAnswer && e.k === 'next' ? { ...e, v: { status: 500, headers: {}, body: '' } } : e)),
    });
    await drop(page, [
      { name: 'logged-in-album.engine.jsonl', text: engineLogText },
      { name: 'logged-in-album.engine.transcript.jsonl', text: failing },
    ]);
    await page.waitForSelector('[data-testid="transcript-note"]');
    expect(await page.$eval('[data-testid="transcript-note"]', (el) => el.textContent)).toMatch(
      new RegExp(`^Linked up to transcript line \\d+, where today's code replays the log another way \\(at seq ${tokenReceived}, session/tokenReceived\\)`),
    );
    await page.click('[data-testid="check"]');
    await page.waitForSelector('[data-testid="jump-divergence"]');
    expect(await page.$eval('[data-testid="jump-divergence"]', (el) => el.textContent)).toBe(`Jump to the first divergence (seq ${tokenReceived})`);
    expect(await page.$eval('[data-testid="divergence-message"]', (el) => el.textContent)).toMatch(/^Seq \d+ \(session\/tokenReceived\) differs: /);
    const paths = await page.$eval('[data-testid="divergence-paths"]', (el) => el.textContent ?? '');
    expect(paths).toContain('session.lastError: null -> "Request was not successful (status 500)"');
    expect(paths).toContain('session.accessToken');
    await page.click('[data-testid="jump-divergence"]');
    await stepIs(page, tokenReceived);
    await page.waitForSelector(`[data-testid="timeline-row"][data-seq="${tokenReceived}"][aria-selected="true"]`);
    await page.screenshot({ path: artifactPath('replay-viewer', 'engine-divergence-1280x800.png') });
    expect(await axeViolations(page)).toEqual([]);
  });
});
