// Issue 13 (initial-JS budget): the widget's logging channels (impression, action batches, error
// reports, their outbox) are in the lazy chunk (ui/widget/extras.ts), which a page fetches after
// booting. On a page without debug=1 they must still hear the session from its first action
// (core/store/deferred-epic.ts deferredEpicHearingAll): what the widget did before the chunk
// arrived reaches the provider, in order, once, as spec 000 §7 "every dispatched action except
// progress updates is logged" and issue 12's exactly-once logging require.
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { queryRows } from '../server/testing/sql';
import { watchPageProblems } from './page-problems';

jest.setTimeout(90_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
});
afterAll(() => stopServerAndPage({ server, browser }));
afterEach(() => {
  expect(problems.take()).toEqual([]);
});

/** Rows of the server's own database (SQLite, or Postgres in the Postgres run). */
const query = <T>(sql: string, ...params: unknown[]): Promise<T[]> => queryRows<T>(server.app.database, sql, ...params);

/** Polls `read` until `done` holds (at most 30 s: a batch goes 10 s after its first action). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

describe('the lazily loaded logging channels hear the whole session (no debug=1)', () => {
  it("the provider stores the impression and every logged action from the session's first, once and in order", async () => {
    await page.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}`);
    await page.waitForSelector('html[data-hydrated=true]');
    // No debug log on such a page (ui/widget/main.tsx): the chunk is not loaded before booting.
    expect(await page.evaluate(() => 'window.__embedDebug' in window && (window as { __embedDebug?: unknown }).__embedDebug !== undefined)).toBe(false);
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5, { timeout: 20_000 });
    // Leaving the page sends what waits (spec 000 §7: the batch goes when the page is hidden).
    await page.goto('about:blank');

    const impressions = await until(
      () => query<{ session_id: string }>("SELECT session_id FROM analytics_events WHERE category = 'impression'"),
      (rows) => rows.length > 0,
    );
    expect(impressions).toHaveLength(1);
    const sessionId = impressions[0]?.session_id ?? '';
    const entries = await until(
      () =>
        query<{ type: string; t: number; event_id: string }>('SELECT type, t, event_id FROM action_log_entries WHERE session_id = ? ORDER BY id', sessionId),
      (rows) => rows.some((row) => row.type === 'widget/pageHidden'),
    );
    const types = entries.map((entry) => entry.type);
    // The session's first actions came before the chunk (boot dispatches them synchronously).
    expect(types).toEqual(expect.arrayContaining(['widget/sessionStarted', 'widget/viewportMeasured', 'widget/errorReporterContextRead']));
    expect(types.at(-1)).toBe('widget/pageHidden');
    // Once each, at the times they came (not all at the chunk's arrival), in order.
    expect(new Set(entries.map((entry) => entry.event_id)).size).toBe(entries.length);
    const times = entries.map((entry) => entry.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
