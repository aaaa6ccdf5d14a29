// spec 000 §2 Progress bar and §5, with a real mouse in Debian Chromium: a primary press on the bar
// seeks the audio and starts a drag with its time tooltip and thumb; leaving the window releases
// the drag with a seek; a right-button press does nothing. Saves e2e/artifacts/progress-drag.png.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { parseActionLog } from '../core/store/action-log';
import { firstAlbumId, type RunningServer, startServerAndPage, stopServerAndPage } from './harness';

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

const visibility = (selector: string) =>
  page.$eval(selector, (el) => getComputedStyle(el).visibility).catch(() => 'absent');

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

    // spec 000 §5: a right-button press does not start a drag or seek (paused, so the position holds still).
    await page.click('[data-testid="play-button"]');
    await page.waitForFunction(() => document.querySelector('audio')?.paused === true, { timeout: 10_000 });
    const before = await audioTime();
    await page.mouse.move(xAt(0.1), box.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(xAt(0.2), box.y);
    await page.mouse.up({ button: 'right' });
    expect(await page.$('[data-testid="progress-tooltip"]')).toBeNull();
    expect(await seeks()).toEqual([15000, 24000]);
    expect(await audioTime()).toBe(before);

    expect(pageErrors).toEqual([]);
  });
});
