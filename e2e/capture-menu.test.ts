// Issue 19 Capture, the widget's overflow menu ("More", Report a problem) in Debian Chromium: at every size a site
// owner embeds (80, 152, 232 and 380 px high; 300 and 800 px wide and a full-width 1280) the More button lies inside
// the cover art's box (at 800 px wide it hung past the cover's top-left edge: it sat in the panel's corner, the
// cover 12 px in); the menu opens from it. Screenshots of each under e2e/artifacts/capture-menu/. On a Swedish page
// the menu and the dialog speak Swedish (spec 000 §3: the page's translations); both axe-clean.
import type { Browser, Page } from 'puppeteer';
import { artifactPath } from './artifacts';
import { join, resolve } from 'node:path';
import { firstAlbumId, launchChromium, startServer, stopServerAndPage, type RunningServer } from './harness';
import { watchPageProblems } from './page-problems';

jest.setTimeout(120_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(() => stopServerAndPage({ server, browser }));

async function openEmbed(width: number, height: number, query = ''): Promise<Page> {
  const p = problems.watch(await browser.newPage());
  await p.setViewport({ width, height });
  await p.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}${query}`);
  await p.waitForSelector('[data-testid=overflow-menu]');
  return p;
}

const AXE_PATH = join(resolve(__dirname, '..'), 'node_modules', 'axe-core', 'axe.min.js');

/**
 * axe-core's WCAG 2.x A/AA violations in the overflow menu and its dialog (the rest of the embed is
 * e2e/accessibility.test.ts's, with its exception for the track rows' spec-given heights).
 */
async function menuViolations(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: AXE_PATH });
  return p.evaluate(async () => {
    type Run = (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    const result = await axe.run({ include: [['.report-problem']] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

const SIZES = [300, 800, 1280].flatMap((width) => [80, 152, 232, 380].map((height) => [width, height] as const));

describe("the widget's overflow menu (issue 19 Capture)", () => {
  it.each(SIZES)('at %i x %i px the More button lies inside the cover art, and opens its menu (screenshot)', async (width, height) => {
    const p = await openEmbed(width, height);
    try {
      const boxes = await p.evaluate(() => {
        const box = (selector: string) => {
          const r = document.querySelector(selector)?.getBoundingClientRect();
          return r === undefined ? null : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        return { more: box('[data-testid=overflow-menu]'), cover: box('.embed__header .play-button') };
      });
      const { more, cover } = boxes;
      if (more === null || cover === null) throw new Error(`missing: ${JSON.stringify(boxes)}`);
      expect([more.left >= cover.left, more.top >= cover.top, more.right <= cover.right, more.bottom <= cover.bottom]).toEqual([true, true, true, true]);
      await p.click('[data-testid=overflow-menu]');
      await p.waitForSelector('[data-testid=report-problem]');
      await p.screenshot({ path: artifactPath('capture-menu', `widget-${width}x${height}.png`) });
    } finally {
      await p.close();
    }
  });

  it('on a Swedish page the menu and the dialog are in Swedish, and axe-clean', async () => {
    const p = await openEmbed(300, 380, '?locale=sv');
    try {
      expect(await p.$eval('[data-testid=overflow-menu]', (b) => b.getAttribute('aria-label'))).toBe('Mer');
      await p.click('[data-testid=overflow-menu]');
      await p.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'report-problem');
      expect(await p.$eval('[data-testid=report-problem]', (b) => b.textContent)).toBe('Rapportera ett problem Alt+Shift+R');
      expect(await menuViolations(p)).toEqual([]);
      await p.keyboard.press('Enter');
      await p.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'report-description');
      const dialog = await p.$eval('[role=dialog]', (d) => ({
        label: d.getAttribute('aria-label'),
        input: d.querySelector('input')?.getAttribute('placeholder'),
        send: d.querySelector('[data-testid=report-send]')?.textContent,
      }));
      expect(dialog).toEqual({ label: 'Rapportera ett problem', input: 'Vad gick fel? (valfritt)', send: 'Skicka' });
      expect(await menuViolations(p)).toEqual([]);
      await p.screenshot({ path: artifactPath('capture-menu', 'widget-sv-dialog-300x380.png') });
    } finally {
      await p.close();
    }
  });
});
