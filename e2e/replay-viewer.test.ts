// Issue 19 The viewer, in Debian Chromium against the real server on loopback: the logged-in album
// fixture (fixtures/sessions/logged-in-album.*) uploaded as a capture (POST /capture) and opened at the
// link the provider answers, and the same log dropped as a local file on /replay. Selecting the skip's
// track change renders the widget (its own components, from the replayed state) with track 2 playing;
// one step back, track 1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'puppeteer';
import type { CaptureLink } from '../core/model/capture';
import { parseActionLog, serializeActionLog } from '../core/store/action-log';
import { artifactPath } from './artifacts';
import { launchChromium, startServer, stopServerAndPage, type RunningServer } from './harness';
import { watchPageProblems } from './page-problems';

jest.setTimeout(120_000);

const SESSIONS = join(__dirname, '..', 'fixtures', 'sessions');
const read = (name: string) => readFileSync(join(SESSIONS, name), 'utf8');
const widgetLog = read('logged-in-album.jsonl');
const album = parseActionLog(widgetLog);
// Found by type, not by seq: the fixture is re-recorded from time to time.
const skip = album.entries.find((entry) => entry.action.type === 'widget/skipNextRequested');
const trackChanges = album.entries.filter((entry) => entry.action.type === 'playback/trackChanged');
// The album's first two tracks, in its order.
const [firstTrack, secondTrack] = trackChanges.map((entry) => (entry.action as { uri?: string }).uri);
/** The skip's effect: the first track change after it. */
const skipped = trackChanges.find((entry) => skip !== undefined && entry.seq > skip.seq);

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

async function widgetFrame(p: Page): Promise<Frame> {
  const handle = await p.waitForSelector('[data-testid="replay-widget-frame"]');
  const frame = await handle?.contentFrame();
  if (frame === null || frame === undefined) throw new Error('no widget frame');
  return frame;
}

/** Waits until the rendered widget marks row `number` (1-based) as playing (aria-current, the playing icon). */
async function playingRowIs(p: Page, number: number): Promise<void> {
  const frame = await widgetFrame(p);
  await frame.waitForFunction(
    (want) => [...document.querySelectorAll('[data-testid="track-row"]')].findIndex((row) => row.getAttribute('aria-current') === 'true') === want - 1,
    { timeout: 10_000 },
    number,
  );
}

async function selectSeq(p: Page, seq: number): Promise<void> {
  // The list is virtualised: scroll the row into the window first.
  await p.evaluate(
    (rowTop) => {
      const list = document.querySelector('.rv-list');
      if (list !== null) list.scrollTop = rowTop;
    },
    Math.max(0, (seq - 5) * 22),
  );
  const row = await p.waitForSelector(`[data-testid="timeline-row"][data-seq="${seq}"]`);
  await row?.click();
  await p.waitForFunction((want) => document.querySelector('[data-testid="replay-step"]')?.textContent?.startsWith(`seq ${want} `) === true, {}, seq);
}

async function checkSkip(p: Page, shot: string): Promise<void> {
  expect(skipped).toBeDefined();
  expect(secondTrack).toBeDefined();
  expect(firstTrack).not.toBe(secondTrack);
  const seq = skipped?.seq ?? -1;
  await selectSeq(p, seq);
  await playingRowIs(p, 2);
  // The state tree and the diff show the step's change of track.
  expect(await p.$eval('[data-testid="replay-diff"]', (el) => el.textContent)).toContain(secondTrack);
  await p.screenshot({ path: artifactPath('replay-viewer', shot) });
  await p.click('[data-testid="step-back"]');
  await p.waitForFunction((want) => document.querySelector('[data-testid="replay-step"]')?.textContent?.startsWith(`seq ${want} `) === true, {}, seq - 1);
  await playingRowIs(p, 1);
}

describe('replay viewer (issue 19 The viewer)', () => {
  it('an uploaded capture opens at its link: the skip renders track 2 playing, a step back track 1', async () => {
    const response = await fetch(`${server.origin}/capture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        description: 'viewer e2e',
        widget: { actionLog: widgetLog },
        engine: { actionLog: read('logged-in-album.engine.jsonl'), transcript: read('logged-in-album.engine.transcript.jsonl') },
        environment: { userAgent: 'e2e', language: 'en', viewport: { width: 400, height: 380 } },
      }),
    });
    expect(response.status).toBe(201);
    const link = (await response.json()) as CaptureLink;
    await page.goto(`${server.origin}${link.url}`);
    await page.waitForSelector('[data-testid="timeline-row"]');
    // Every action of the widget's log is listed (the count beside the filters), the engine's log is the other choice.
    expect(await page.$eval('.rv-toolbar', (el) => el.textContent)).toContain(`${album.entries.length} of ${album.entries.length} actions`);
    expect(await page.$$eval('.rv-toolbar select option', (options) => options.map((o) => o.textContent))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^engine: engine/)]),
    );
    // The widget is shown at the captured size.
    expect(await page.$eval('[data-testid="replay-widget-frame"]', (el) => [el.getAttribute('width'), el.getAttribute('height')])).toEqual(['400', '380']);
    await checkSkip(page, 'capture-1280x800.png');
    // The skip's causal chain: the engine command the epic decided, caused by the listener's click.
    const decided = album.entries.find((entry) => entry.cause === skip?.seq);
    if (decided !== undefined) {
      await selectSeq(page, decided.seq);
      expect(await page.$$eval('[data-testid="causal-chain"] li', (items) => items.map((li) => li.textContent))).toEqual([
        expect.stringContaining(`seq ${decided.seq}`),
        expect.stringContaining(`seq ${skip?.seq} ui widget/skipNextRequested`),
      ]);
    }
  });

  it('the list filters by domain and source, and the engine log of the capture folds with the engine reducer', async () => {
    const playback = album.entries.filter((entry) => entry.action.type.startsWith('playback/'));
    await page.select('[data-testid="domain-filter"]', 'playback');
    await page.waitForFunction((n) => document.querySelector('.rv-toolbar')?.textContent?.includes(`${n} of `) === true, {}, playback.length);
    const types = await page.$$eval('[data-testid="timeline-row"] .rv-type', (cells) => cells.map((cell) => cell.textContent ?? ''));
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((type) => type.startsWith('playback/'))).toBe(true);
    // Without the adapter's facts, only the playback actions the ui or the epics recorded stay.
    await page.click('[data-testid="source-adapter"]');
    const notAdapter = playback.filter((entry) => entry.src !== 'adapter').length;
    await page.waitForFunction((n) => document.querySelector('.rv-toolbar')?.textContent?.includes(`${n} of `) === true, {}, notAdapter);
    expect(await page.$$('[data-testid="timeline-row"]')).toHaveLength(notAdapter);

    const engineLog = parseActionLog(read('logged-in-album.engine.jsonl'));
    const logSelect = await page.$('.rv-toolbar select');
    const engineOption = await page.$$eval('.rv-toolbar select option', (options) =>
      options.find((o) => o.textContent?.startsWith('engine'))?.getAttribute('value'),
    );
    await logSelect?.select(engineOption ?? '');
    await page.waitForFunction(
      (n) => document.querySelector('.rv-toolbar')?.textContent?.includes(`${n} of ${n} actions`) === true,
      {},
      engineLog.entries.length,
    );
    const last = engineLog.entries.at(-1)?.seq ?? -1;
    await selectSeq(page, last);
    expect(await page.$('[data-testid="replay-widget-frame"]')).toBeNull();
    expect(await page.$eval('[data-testid="state-tree"]', (el) => el.textContent)).toContain('state');
  });

  it('a fixture dropped on /replay opens the same way', async () => {
    await page.goto(`${server.origin}/replay`);
    await page.waitForSelector('[data-testid="replay-drop-zone"]');
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'logged-in-album.jsonl', { type: 'application/x-ndjson' }));
      document
        .querySelector('[data-testid="replay-drop-zone"]')
        ?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, widgetLog);
    await page.waitForSelector('[data-testid="timeline-row"]');
    await checkSkip(page, 'dropped-1280x800.png');
  });
});

describe('replay viewer: checked against today’s code (issue 19 The viewer)', () => {
  it('a dropped log whose epic output today’s code would not produce jumps to its first divergence', async () => {
    const decided = album.entries.find((entry) => entry.cause !== undefined && entry.cause === skip?.seq);
    expect(decided).toBeDefined();
    // As if an older build had decided "previous" for the next button.
    const tampered = serializeActionLog({
      ...album,
      entries: album.entries.map((entry) => (entry === decided ? { ...entry, action: { ...entry.action, command: { kind: 'prev' } } } : entry)),
    });
    await page.goto(`${server.origin}/replay`);
    await page.waitForSelector('[data-testid="replay-drop-zone"]');
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'tampered.jsonl'));
      document
        .querySelector('[data-testid="replay-drop-zone"]')
        ?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, tampered);
    await page.waitForSelector('[data-testid="timeline-row"]');
    await page.click('[data-testid="check"]');
    await page.waitForSelector('[data-testid="jump-divergence"]');
    await page.click('[data-testid="jump-divergence"]');
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="replay-step"]')?.textContent?.startsWith(`seq ${want} `) === true,
      {},
      decided?.seq ?? -1,
    );
    await page.screenshot({ path: artifactPath('replay-viewer', 'divergence-1280x800.png') });
  });
});
