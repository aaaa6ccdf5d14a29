// Issue 12, "During a 20 s server outage nothing is lost", in Debian Chromium against the real
// server: an anonymous visitor plays a preview and a logged-in one a full track through the engine;
// the server then goes away for 20 s (its listener closed: a real outage, connections refused), the
// pages go on making log events (a pause, a skip, the engine's metrics batch, the preview page left
// and opened again), and a new server comes up on the same port over the same data directory.
// Every event id the pages sent must then be stored exactly once.
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page, HTTPRequest } from 'puppeteer';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../server/app';
import { firstAlbumId, launchChromium, startServer, type RunningServer } from './harness';
import { rowsOfDataDir, storeOptionsFor } from '../server/testing/stores';
import { logIn, waitFor } from './engine-page';

jest.setTimeout(240_000);

const OUTAGE_MS = 20_000;
const root = resolve(__dirname, '..');

/** The log endpoints of spec 000 §7 (widget) and spec 001 §7 (engine). */
const isLogPost = (request: HTTPRequest): boolean =>
  request.method() === 'POST' && /\/(log\/(analytics|actions|errors)|v1\/logging\/[a-z_]+|v1\/metric)$/.test(new URL(request.url()).pathname);

/** The event ids of one log request's body: an action batch's entries, or the event's own. */
function eventIdsOf(request: HTTPRequest): string[] {
  const body = JSON.parse(request.postData() ?? 'null') as { event_id?: string; entries?: Array<{ event_id?: string }> } | null;
  if (body === null) return [];
  const ids = body.entries !== undefined ? body.entries.map((e) => e.event_id) : [body.event_id];
  return ids.map((id) => {
    if (typeof id !== 'string') throw new Error(`a log event without an id: ${request.url()} ${request.postData()}`);
    return id;
  });
}

interface Watched {
  readonly ids: Set<string>;
  /** Events the provider refused for good (4xx), as `status path`: the client drops them rather than retry. There must be none. */
  readonly refused: Map<string, string>;
  /** Log requests that got no answer (the outage), by path. */
  readonly failed: string[];
  readonly errors: string[];
  /** Console errors of refused log requests ('the server responded with a status of 401'), and those responses. */
  readonly refusedConsole: string[];
  readonly refusedResponses: string[];
}

/** A page whose log requests are watched; console errors other than refused connections (the outage) are collected. */
async function watchedPage(context: BrowserContext, watched: Watched): Promise<Page> {
  const page = await context.newPage();
  page.on('request', (request) => {
    if (isLogPost(request)) for (const id of eventIdsOf(request)) watched.ids.add(id);
  });
  page.on('response', (response) => {
    const request = response.request();
    // A 503 (the log queue full, server/log/log-writer.ts) is not refused: it comes with Retry-After and the client
    // sends the events again, which the stored-once check below holds it to.
    if (isLogPost(request) && response.status() >= 400 && response.status() < 500) {
      for (const id of eventIdsOf(request)) watched.refused.set(id, `${response.status()} ${new URL(request.url()).pathname}`);
      watched.refusedResponses.push(`${response.status()} ${new URL(request.url()).pathname}`);
    }
  });
  page.on('requestfailed', (request) => {
    if (isLogPost(request)) watched.failed.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (err) => watched.errors.push(String(err)));
  page.on('console', (msg) => {
    const text = msg.text();
    // The outage itself: fetches, the dealer's socket and media requests refused while the server is away.
    if (msg.type() !== 'error' || /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket connection to .* failed/.test(text)) return;
    if (/the server responded with a status of 401/.test(text)) watched.refusedConsole.push(text);
    else watched.errors.push(text);
  });
  return page;
}

/** The stored rows of each event id, over every log table. */
async function storedCounts(dataDir: string): Promise<Map<string, number>> {
  // The data directory's database: SQLite, or Postgres in the Postgres run.
  const rows = await rowsOfDataDir<{ event_id: string; n: number }>(
    dataDir,
    `SELECT event_id, COUNT(*) AS n FROM (
       SELECT event_id FROM analytics_events UNION ALL SELECT event_id FROM action_log_entries
       UNION ALL SELECT event_id FROM error_reports UNION ALL SELECT event_id FROM logging_events) AS logged
     WHERE event_id IS NOT NULL GROUP BY event_id`,
  );
  return new Map(rows.map((r) => [r.event_id, r.n]));
}

/** The kinds of the engine's stored logs (spec 001 §7: /v1/logging/{kind}, and 'metric'). */
async function storedKinds(dataDir: string): Promise<string[]> {
  return (await rowsOfDataDir<{ kind: string }>(dataDir, 'SELECT DISTINCT kind FROM logging_events WHERE event_id IS NOT NULL')).map((r) => r.kind);
}

let first: RunningServer;
let second: FastifyInstance | undefined;
let browser: Browser;
const watched: Watched = { ids: new Set(), refused: new Map(), failed: [], errors: [], refusedConsole: [], refusedResponses: [] };

beforeAll(async () => {
  first = await startServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  if (first?.app.server.listening === true) await first.app.close();
  await second?.close();
  if (first !== undefined) rmSync(first.dataDir, { recursive: true, force: true });
});

test('issue 12: during a 20 s server outage no log event is lost, and each is stored once', async () => {
  const origin = first.origin;
  const albumUrl = `${origin}/embed/album/${firstAlbumId(first.dataDir)}?debug=1`;

  // An anonymous visitor (a context of its own: no login cookie) plays the preview.
  const anonymous = await browser.createBrowserContext();
  let preview = await watchedPage(anonymous, watched);
  await preview.goto(albumUrl);
  await preview.waitForSelector('html[data-hydrated=true]');
  await preview.hover('[data-testid=play-button]');
  await preview.click('[data-testid=play-button]');
  await waitFor(preview, 'the preview playing', (h) => h.preview.time > 1 && h.widget.isPlaying);

  // A logged-in visitor plays a full track through the engine.
  const loggedIn = await browser.createBrowserContext();
  const full = await watchedPage(loggedIn, watched);
  await logIn(full, origin, 'demo', 'demo');
  await full.goto(albumUrl);
  await full.waitForSelector('html[data-hydrated=true]');
  await full.hover('[data-testid=play-button]');
  await full.click('[data-testid=play-button]');
  await waitFor(full, 'the engine playing', (h) => h.time > 1 && h.widget.isPlaying);

  // The outage: the listener closes (connections are refused), the database with it.
  const port = Number(new URL(origin).port);
  await first.app.close();
  const downAt = Date.now();
  const failedBefore = watched.failed.length;

  // While it lasts, the pages go on: the preview is paused and its page left (the outbox keeps what
  // was not stored), the engine skips a track (playback stats, stream verification) and its
  // metrics batch (time to playback, 10 s after the start) falls due.
  await preview.click('[data-testid=play-button]');
  await new Promise((r) => setTimeout(r, 2000));
  await full.click('[data-testid=skip-forward]');
  await new Promise((r) => setTimeout(r, Math.max(0, downAt + OUTAGE_MS - 4000 - Date.now())));
  await preview.close();
  await new Promise((r) => setTimeout(r, Math.max(0, downAt + OUTAGE_MS - Date.now())));

  // Back: a new server on the same port and data directory.
  // Over the first one's database too (the Postgres run's, server/testing/stores.ts).
  second = await buildServer({
    dataDir: first.dataDir,
    distDir: join(root, 'dist'),
    fixturesDir: join(root, 'fixtures'),
    logger: false,
    ...(await storeOptionsFor(first.dataDir)),
  });
  await second.listen({ port, host: '127.0.0.1' });
  // The anonymous visitor comes back: the new page sends what the last one left.
  preview = await watchedPage(anonymous, watched);
  await preview.goto(albumUrl);
  await preview.waitForSelector('html[data-hydrated=true]');

  // The outage was felt on both channels: widget logs and engine logs went unanswered.
  const failedDuring = watched.failed.slice(failedBefore);
  expect(failedDuring.some((p) => p.startsWith('/log/'))).toBe(true);
  expect(failedDuring.some((p) => p.startsWith('/v1/'))).toBe(true);

  // Every event id sent is stored (bounded wait: retries are at most 10 s apart), and exactly once.
  const until = Date.now() + 60_000;
  const expected = () => [...watched.ids].filter((id) => !watched.refused.has(id));
  let missing: string[] = expected();
  while (Date.now() < until) {
    const counts = await storedCounts(first.dataDir);
    missing = expected().filter((id) => !counts.has(id));
    if (missing.length === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(missing).toEqual([]);
  const counts = await storedCounts(first.dataDir);
  expect(expected().filter((id) => counts.get(id) !== 1)).toEqual([]);
  // The engine's logs and metrics are among them.
  expect(await storedKinds(first.dataDir)).toEqual(
    expect.arrayContaining(['jssdk_playback_start', 'jssdk_playback_stats', 'track_stream_verification', 'metric']),
  );
  // Issue 15: and the kinds of spec 001 §7 it sends where it has the facts (client events, milestones, the load timer, the stretches played).
  expect(await storedKinds(first.dataDir)).toEqual(expect.arrayContaining(['client_event', 'elapsed_time', 'jssdk_timer', 'jssdk_interval_timer']));
  expect([...watched.refused.values()]).toEqual([]);
  expect(watched.ids.size).toBeGreaterThan(20);
  expect(watched.errors).toEqual([]);
  // The browser's console line of each 401: one per refused log request, none from anywhere else.
  expect(watched.refusedConsole).toHaveLength(watched.refusedResponses.filter((r) => r.startsWith('401 ')).length);
});
