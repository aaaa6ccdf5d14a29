// Issue 12, against the real server on loopback: every logging endpoint stores an event id once
// however often it is sent (a unique index and ON CONFLICT DO NOTHING, answered as a success so the
// client stops), caps each event's size (413 naming the cap), and keeps stored events for
// LOG_RETENTION_DAYS, purged at start and periodically.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../test-server';
import { FIXTURES_DIR } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { readConfig } from '../config';
import { ACTION_ENTRY_MAX_CHARS } from './limits';
import { openDbHandle } from '../db/database';
import type { Database } from '../db/tables';
import { DEFAULT_LOG_RETENTION_DAYS, installLogRetention, parseLogRetentionDays } from './retention';
import type { LogTable } from './log-writer';

jest.setTimeout(30_000);

/** The event ids stored in a log table, as the server's own database handle reads them (SQLite or Postgres). */
const storedIds = async (s: TestServer, table: LogTable, like: string): Promise<string[]> =>
  (await s.app.database.kysely.selectFrom(table).select('event_id').where('event_id', 'like', like).orderBy('id').execute()).map((r) => r.event_id ?? '');

const id = (n: number | string): string => `${String(n).padStart(8, '0')}${'c'.repeat(24)}`;
const common = { sdk_id: 'embed_v2', platform: 'web_player', client_version: '1.0.0' };
const impression = (eventId: string) => ({
  category: 'impression',
  action: 'render',
  label: 'logged-in=false',
  product: 'embed_v2',
  session_id: 'a'.repeat(32),
  event_id: eventId,
});
const report = (eventId: string) => ({
  product: 'embed_v2',
  session_id: 'b'.repeat(32),
  release: 'r',
  user_id: null,
  source: 'epic',
  message: 'boom',
  stack: [],
  breadcrumbs: [],
  timestamp: 1,
  event_id: eventId,
});
const batch = (batchId: string, entries: ReadonlyArray<Record<string, unknown>>) => ({
  session_id: 'a'.repeat(32),
  product: 'embed_v2',
  entries: entries.map((e, i) => ({ ...e, event_id: `${batchId}.${i}` })),
});
const errorLog = (eventId: string) => ({ ...common, source: 'engine', type: 'MediaError', message: 'boom', event_id: eventId });
const metric = (eventId: string) => ({ ...common, meters: [{ what: 'request_failure', result: 'failure', reason: 'x' }], timers: [], event_id: eventId });

const errorText = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe.each(DIALECTS)('on %s (issue 14: the same rules on either database)', (dialect) => {
  const database = useDialect(dialect);
  /** The real server on loopback over a fresh database of this dialect (or the one given, for a restart). */
  const start = async (options: { dataDir?: string; databaseUrl?: string; logRetentionDays?: number; logPurgeEveryMs?: number } = {}) => {
    const { dataDir, databaseUrl, ...serverOptions } = options;
    const url = databaseUrl ?? (await database.databaseUrl());
    const server = await startTestServer(dataDir ?? mkdtempSync(join(tmpdir(), 'embed-log-')), { ...serverOptions, databaseUrl: url });
    return { server, databaseUrl: url };
  };
  let s: TestServer;
  const post = (path: string, body: unknown) =>
    fetch(s.url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  describe('exactly-once logging: each event id is stored once (issue 12)', () => {
    beforeAll(async () => {
      s = (await start()).server;
    });
    afterAll(() => s.stop());

    it.each([
      ['/log/analytics', impression(id(1)), 204, 'analytics_events'],
      ['/log/errors', report(id(2)), 204, 'error_reports'],
      ['/v1/logging/jssdk_error', errorLog(id(3)), 202, 'logging_events'],
      ['/v1/metric', metric(id(4)), 202, 'logging_events'],
    ] as const)('%s: the same event sent 3 times, then 8 at once, is one row; every answer is the success status', async (path, body, status, table) => {
      const answers = [
        await post(path, body),
        await post(path, body),
        await post(path, body),
        ...(await Promise.all(Array.from({ length: 8 }, () => post(path, body)))),
      ];
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 11 }, () => status));
      expect(await storedIds(s, table, body.event_id)).toEqual([body.event_id]);
    });

    it('/log/actions: a retried batch adds no row; a batch overlapping it adds only its new entries', async () => {
      const first = batch(id('b1'), [
        { type: 'widget/pointerEntered', t: 1 },
        { type: 'widget/playToggleRequested', t: 2 },
      ]);
      const answers = await Promise.all([post('/log/actions', first), post('/log/actions', first), post('/log/actions', first)]);
      expect(answers.map((a) => a.status)).toEqual([204, 204, 204]);
      const rows = () =>
        s.app.database.kysely
          .selectFrom('action_log_entries')
          .select(['event_id', 'type'])
          .where('event_id', 'like', `${id('b1')}%`)
          .orderBy('id')
          .execute();
      expect(await rows()).toEqual([
        { event_id: `${id('b1')}.0`, type: 'widget/pointerEntered' },
        { event_id: `${id('b1')}.1`, type: 'widget/playToggleRequested' },
      ]);
      const more = batch(id('b1'), [
        { type: 'widget/pointerEntered', t: 1 },
        { type: 'widget/playToggleRequested', t: 2 },
        { type: 'widget/pageHidden', t: 3 },
      ]);
      expect((await post('/log/actions', more)).status).toBe(204);
      expect((await rows()).map((r) => r.event_id)).toEqual([`${id('b1')}.0`, `${id('b1')}.1`, `${id('b1')}.2`]);
    });

    it('an event id that is not one (spaces, too long) is refused with 400 naming the field', async () => {
      const answer = await post('/log/analytics', impression('not an id'));
      expect(answer.status).toBe(400);
      expect(await errorText(answer)).toContain('event_id');
      expect((await post('/v1/logging/jssdk_error', errorLog('x'.repeat(65)))).status).toBe(400);
    });
  });

  describe('each event has a size cap (issue 12)', () => {
    beforeAll(async () => {
      s = (await start()).server;
    });
    afterAll(() => s.stop());

    it("/log/actions: an oversized entry is refused with 413 naming it and the cap; the batch's other entries are stored", async () => {
      const big = batch(id('big'), [
        { type: 'widget/pointerEntered', t: 1 },
        { type: 'embedApi/messageReceived', t: 2, data: 'x'.repeat(ACTION_ENTRY_MAX_CHARS) },
        { type: 'widget/pageHidden', t: 3 },
      ]);
      const answer = await post('/log/actions', big);
      expect(answer.status).toBe(413);
      const message = await errorText(answer);
      expect(message).toContain(`at most ${ACTION_ENTRY_MAX_CHARS} characters`);
      expect(message).toContain(`entry 1 (${id('big')}.1)`);
      expect(message).toContain("the batch's other 2 entries were");
      expect(await storedIds(s, 'action_log_entries', `${id('big')}%`)).toEqual([`${id('big')}.0`, `${id('big')}.2`]);
    });

    it.each([
      ['/log/analytics', { ...impression(id(11)), page: 'p'.repeat(9000) }, 'analytics_events', '8192-byte limit'],
      ['/log/errors', { ...report(id(12)), message: 'm'.repeat(103_000) }, 'error_reports', ''],
      ['/v1/logging/jssdk_error', { ...errorLog(id(13)), stack: 's'.repeat(70_000) }, 'logging_events', '65536-byte limit'],
      ['/v1/metric', { ...metric(id(14)), platform: 'p'.repeat(70_000) }, 'logging_events', '65536-byte limit'],
    ] as const)('%s: an event over its cap is 413 with the reason, and not stored', async (path, body, table, reason) => {
      const answer = await post(path, body);
      expect(answer.status).toBe(413);
      expect(await errorText(answer)).toContain(reason);
      expect(await storedIds(s, table, body.event_id)).toEqual([]);
    });
  });

  describe('stored log events are kept for LOG_RETENTION_DAYS (issue 12)', () => {
    const DAY = 24 * 60 * 60 * 1000;
    /** Rows received `ageDays` ago in every log table, with event ids made of `tag`. */
    async function seed(kysely: Kysely<Database>, tag: string, ageDays: number): Promise<void> {
      const at = Date.now() - ageDays * DAY;
      const iso = new Date(at).toISOString();
      await kysely
        .insertInto('analytics_events')
        .values({ category: 'c', action: 'a', label: 'l', product: 'embed_v2', session_id: 's', extra: '{}', received_at: iso, event_id: `${tag}-an` })
        .execute();
      await kysely
        .insertInto('action_log_entries')
        .values({ session_id: 's', product: 'embed_v2', type: 't', t: null, seq: null, payload: '{}', received_at: iso, event_id: `${tag}-ac` })
        .execute();
      await kysely
        .insertInto('error_reports')
        .values({
          session_id: 's',
          product: 'embed_v2',
          release: 'r',
          user_id: null,
          source: 'epic',
          message: 'm',
          stack: '[]',
          breadcrumbs: '[]',
          timestamp: 1,
          received_at: iso,
          event_id: `${tag}-er`,
        })
        .execute();
      await kysely
        .insertInto('logging_events')
        .values({ kind: 'metric', account_id: null, body: '{}', received_at: at, event_id: `${tag}-lo` })
        .execute();
    }
    const ids = async (server: TestServer): Promise<string[]> => {
      const tables: LogTable[] = ['analytics_events', 'action_log_entries', 'error_reports', 'logging_events'];
      const all = await Promise.all(tables.map((table) => storedIds(server, table, '%')));
      return all
        .flat()
        .filter((e) => /^(old|new|later)/.test(e))
        .sort();
    };

    it('the setting: LOG_RETENTION_DAYS, 30 days by default, a positive number', () => {
      expect(DEFAULT_LOG_RETENTION_DAYS).toBe(30);
      expect(readConfig({}).logRetentionDays).toBe(30);
      expect(readConfig({ LOG_RETENTION_DAYS: '7' }).logRetentionDays).toBe(7);
      expect(() => parseLogRetentionDays('0')).toThrow('LOG_RETENTION_DAYS must be a positive number of days, got 0');
      expect(() => parseLogRetentionDays('soon')).toThrow('LOG_RETENTION_DAYS');
    });

    it('purges on start what is older than the period, in every log table, and keeps the rest', async () => {
      // A database from an earlier run: rows of 10 and 2 days ago, then the server starts again over it.
      const first = await start();
      await seed(first.server.app.database.kysely, 'old', 10);
      await seed(first.server.app.database.kysely, 'new', 2);
      await first.server.app.close();
      const second = await start({ dataDir: first.server.dataDir, databaseUrl: first.databaseUrl, logRetentionDays: 5 });
      try {
        expect(await ids(second.server)).toEqual(['new-ac', 'new-an', 'new-er', 'new-lo']);
      } finally {
        await second.server.stop();
      }
    });

    it('purges periodically while running', async () => {
      const running = (await start({ logRetentionDays: 1, logPurgeEveryMs: 20 })).server;
      try {
        // Seeded after the start's purge, in one transaction (a purge runs every 20 ms meanwhile): only a periodic purge can remove them.
        await running.app.database.kysely.transaction().execute((trx) => seed(trx, 'later', 3));
        // Bounded: at most 200 looks, 25 ms apart.
        for (let i = 0; i < 200 && (await ids(running)).length > 0; i += 1) await new Promise((r) => setTimeout(r, 25));
        expect(await ids(running)).toEqual([]);
      } finally {
        await running.stop();
      }
    });

    it('the periodic purge stops when the app closes (its timer cleared)', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'embed-log-'));
      const handle = await openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR, databaseUrl: await database.databaseUrl() });
      const app = Fastify();
      let purges = 0;
      await installLogRetention(app, handle.kysely, { days: 1, everyMs: 10, now: () => ((purges += 1), Date.now()) });
      await app.ready();
      for (let i = 0; i < 100 && purges < 3; i += 1) await new Promise((r) => setTimeout(r, 10));
      expect(purges).toBeGreaterThanOrEqual(3);
      await app.close();
      const atClose = purges;
      await new Promise((r) => setTimeout(r, 60));
      expect(purges).toBe(atClose);
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
  });
});
