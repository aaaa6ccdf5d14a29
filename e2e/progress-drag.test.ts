// spec 000 §2 Progress bar and §5, with a real mouse in Debian Chromium: a primary press on the bar
// seeks the audio and starts a drag with its time tooltip and thumb; leaving the window releases
// the drag with a seek; a paused drag released on the bar seeks there and the bar never shows the
// old position again; a right-button press does nothing. The drag is store state (issue 15): its
// actions are in the action log, and the session is kept as fixtures/sessions/progress-drag.jsonl
// (RECORD_SESSIONS=1), which replays in both modes (fixtures/sessions/sessions.test.ts). Saves
// e2e/artifacts/progress-drag.png.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { parseActionLog } from '../core/store/action-log';
import { firstAlbumId, type RunningServer, startServerAndPage, stopServerAndPage } from './harness';
import { checkRecordedSession, keepRecordedSession } from './recorded-session';

jest.setTimeout(60_000);

const ARTIFACTS = resolve(__dirname, 'artifacts');
const VIEWPORT = { width: 400, height: 380 };

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** The seeks the store received, in ms (from the debug=1 action log). */
async function seeks(): Promise<number[]> {
  const jsonl = await page.evaluate(() => (window as unknown as { __embedDebug: { actionLog(): string } }).__embedDebug.actionLog());
  return parseActionLog(jsonl).entries.flatMap((e) =>
    e.action.type === 'widget/seekRequested' ? [(e.action as unknown as { positionMs: number }).positionMs] : [],
  );
}

const audioTime = () => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);

/** Waits until the audio element's position is within [from, to] seconds. */
const waitForAudioBetween = (from: number, to: number) =>
  page.waitForFunction(
    (a: number, b: number) => {
      const t = document.querySelector('audio')?.currentTime ?? -1;
      return t >= a && t <= b;
    },
    { timeout: 10_000 },
    from,
    to,
  );

const visibility = (selector: string) => page.$eval(selector, (el) => getComputedStyle(el).visibility).catch(() => 'absent');

beforeAll(async () => {
  ({ server, browser, page } = await startServerAndPage(pageErrors));
});
afterAll(() => stopServerAndPage({ server, browser }));

describe('progress bar drag with a real mouse (spec 000 §2 Progress bar, §5)', () => {
  it('a primary press seeks and shows tooltip and thumb; leaving the window releases with a seek; a right press does nothing', async () => {
    await page.setViewport(VIEWPORT);
    await page.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}?debug=1`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });
    await page.click('[data-testid="play-button"]');
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3, { timeout: 20_000 });

    const box = await page.$eval('[data-testid="progress"]', (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, width: r.width, y: r.top + r.height / 2, max: Number(el.getAttribute('aria-valuemax')) };
    });
    expect(box.max).toBe(30000); // the preview's cap (spec 000 §4) is the bar's maximum
    const xAt = (ratio: number) => box.left + ratio * box.width;

    // The thumb is hidden until the pointer is over the bar (thumb-on-hover is on by default).
    await page.mouse.move(xAt(0.5), VIEWPORT.height - 5);
    expect(await visibility('[data-testid="progress-thumb"]')).toBe('hidden');

    // Primary press at 50%: the seek is reported on drag start and the audio goes there.
    await page.mouse.move(xAt(0.5), box.y);
    expect(await visibility('[data-testid="progress-thumb"]')).toBe('visible');
    await page.mouse.down();
    expect(await seeks()).toEqual([15000]);
    await waitForAudioBetween(14.5, 17);
    expect(await visibility('[data-testid="progress-tooltip"]')).toBe('visible');

    // Drag to 80% (moves report no seek by default): tooltip and thumb follow the pointer.
    await page.mouse.move(xAt(0.8), box.y - 20, { steps: 8 });
    await page.waitForFunction(() => document.querySelector('[data-testid="progress-tooltip"]')?.textContent === '0:24');
    expect(await visibility('[data-testid="progress-thumb"]')).toBe('visible');
    const thumbLeft = await page.$eval('[data-testid="progress-thumb"]', (el) => el.getBoundingClientRect().left + el.getBoundingClientRect().width / 2);
    expect(Math.abs(thumbLeft - xAt(0.8))).toBeLessThan(3);
    expect(await seeks()).toEqual([15000]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'progress-drag.png') });

    // Out of the window's bounds (above its top edge) counts as release: a seek there, no tooltip.
    await page.mouse.move(xAt(0.8), -10);
    await page.waitForSelector('[data-testid="progress-tooltip"]', { hidden: true, timeout: 5_000 });
    expect(await seeks()).toEqual([15000, 24000]);
    await waitForAudioBetween(23.5, 26);
    // The real release outside adds nothing.
    await page.mouse.up();
    expect(await seeks()).toEqual([15000, 24000]);

    // Paused, a drag from 30% to 60% released on the bar: seeks on press and release (moves none by
    // default), and from the release on the bar shows 18000 ms, never the old position again.
    await page.click('[data-testid="play-button"]');
    await page.waitForFunction(() => document.querySelector('audio')?.paused === true, { timeout: 10_000 });
    await page.mouse.move(xAt(0.3), box.y);
    await page.mouse.down();
    await page.mouse.move(xAt(0.6), box.y, { steps: 6 });
    await page.waitForFunction(() => document.querySelector('[data-testid="progress-tooltip"]')?.textContent === '0:18');
    await page.evaluate(() => {
      // Every value the slider shows from the release on.
      const w = window as unknown as { __shown: number[] };
      w.__shown = [];
      const bar = document.querySelector('[data-testid="progress"]')!;
      new MutationObserver(() => w.__shown.push(Number(bar.getAttribute('aria-valuenow')))).observe(bar, { attributeFilter: ['aria-valuenow'] });
    });
    await page.mouse.up();
    await page.waitForSelector('[data-testid="progress-tooltip"]', { hidden: true, timeout: 5_000 });
    expect(await seeks()).toEqual([15000, 24000, 9000, 18000]);
    await waitForAudioBetween(17.9, 18.1);
    // The player confirms the asked position (its time update lands on it): the bar shows the player's again.
    await page.waitForFunction(
      () => (window as unknown as { __embedDebug: { state(): { seekTarget?: unknown } } }).__embedDebug.state().seekTarget === undefined,
      {
        timeout: 10_000,
      },
    );
    expect(await page.$eval('[data-testid="progress"]', (el) => el.getAttribute('aria-valuenow'))).toBe('18000');
    const shown = await page.evaluate(() => (window as unknown as { __shown: number[] }).__shown);
    expect(shown.filter((ms) => ms !== 18000)).toEqual([]);

    // spec 000 §5: a right-button press does not start a drag or seek (paused, so the position holds still).
    const before = await audioTime();
    await page.mouse.move(xAt(0.1), box.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(xAt(0.2), box.y);
    await page.mouse.up({ button: 'right' });
    expect(await page.$('[data-testid="progress-tooltip"]')).toBeNull();
    expect(await seeks()).toEqual([15000, 24000, 9000, 18000]);
    expect(await audioTime()).toBe(before);

    // The drag is in the action log, each seek caused by a drag action, and the session replays
    // (fold and epic replay) to the live state, whose player position is the last drag's seek.
    const session = await checkRecordedSession(page);
    const bySeq = new Map(session.file.entries.map((e) => [e.seq, e.action.type]));
    const drags = session.file.entries.filter((e) => e.action.type.startsWith('widget/progressDrag'));
    expect(drags.every((e) => e.src === 'ui')).toBe(true);
    expect(drags.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'widget/progressDragStarted', button: 0 }),
        expect.objectContaining({ type: 'widget/progressDragMoved' }),
        expect.objectContaining({ type: 'widget/progressDragEnded', via: 'leftWindow' }),
        expect.objectContaining({ type: 'widget/progressDragEnded', via: 'release' }),
        expect.objectContaining({ type: 'widget/progressDragStarted', button: 2 }),
      ]),
    );
    const seekCauses = session.file.entries
      .filter((e) => e.action.type === 'widget/seekRequested')
      .map((e) => (e.src === 'epic' && e.cause !== undefined ? bySeq.get(e.cause) : e.src));
    expect(seekCauses).toEqual(['widget/progressDragStarted', 'widget/progressDragEnded', 'widget/progressDragStarted', 'widget/progressDragEnded']);
    expect(session.liveState).toMatchObject({ playback: { progress: 18000, isPaused: true } });
    expect(pageErrors).toEqual([]);
    keepRecordedSession('progress-drag', session);
  });
});
