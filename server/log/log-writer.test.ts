// Issue 14 "Logging at volume": the logging endpoints append to a bounded in-process queue written
// in batches (by size and by time), a request answered only once its rows are stored, exactly-once
// by event id on SQLite and Postgres alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDbHandle, type DbHandle } from '../db/database';
import { startTestServer } from '../test-server';
import { FIXTURES_DIR } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { createLogWriter, LogQueueFullError } from './log-writer';

jest.setTimeout(30_000);

const row = (eventId: string | null, kind = 'metric') => ({ kind, account_id: null, body: '{}', received_at: 1, event_id: eventId });

/** A gate a test opens by hand: the writer waits on it before each batch. */
function gate(): { wait: () => Promise<void>; open: () => void; waiting: () => number } {
  let waiting = 0;
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    wait: async () => {
      waiting += 1;
      await opened;
    },
    open: () => release(),
    waiting: () => waiting,
  };
}

describe.each(DIALECTS)('the log writer on %s', (dialect) => {
  const database = useDialect(dialect);
  let dataDir: string;
  let handle: DbHandle;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'embed-logw-'));
    handle = await openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR, databaseUrl: await database.databaseUrl() });
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const storedIds = async () => (await handle.kysely.selectFrom('logging_events').select('event_id').orderBy('id').execute()).map((r) => r.event_id);

  it('flushes by size: 100 requests of 10 rows sent at once are written in batches of 50 rows, each request answered once its rows are stored', async () => {
    const writer = createLogWriter(handle.kysely, { maxBatchRows: 50, maxDelayMs: 60_000 });
    const seenAtAnswer: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, async (_, r) => {
        const ids = Array.from({ length: 10 }, (_, i) => `r${r}.${i}`);
        await writer.append(
          'logging_events',
          ids.map((id) => row(id)),
        );
        // Acknowledged only after the write: every row of the request is there when append resolves.
        const found = await handle.kysely.selectFrom('logging_events').select('event_id').where('event_id', 'in', ids).execute();
        seenAtAnswer.push(found.length);
      }),
    );
    expect(seenAtAnswer).toEqual(Array.from({ length: 100 }, () => 10));
    expect(writer.stats()).toEqual({ batches: 20, rows: 1000 });
    expect(await storedIds()).toHaveLength(1000);
    await writer.close();
  });

  it('flushes by time: a lone row below the batch size is written by the timer', async () => {
    const writer = createLogWriter(handle.kysely, { maxBatchRows: 500, maxDelayMs: 5 });
    await writer.append('logging_events', [row('lone')]);
    expect(writer.stats()).toEqual({ batches: 1, rows: 1 });
    expect(await storedIds()).toEqual(['lone']);
    await writer.close();
  });

  it('exactly-once within and across batches: the same event id appended 5 times is one row, every append answered', async () => {
    const writer = createLogWriter(handle.kysely, { maxBatchRows: 3, maxDelayMs: 1 });
    await Promise.all(Array.from({ length: 5 }, () => writer.append('logging_events', [row('same'), row('other')])));
    await writer.append('logging_events', [row('same')]);
    expect(await storedIds()).toEqual(['same', 'other']);
    await writer.close();
  });

  it('is bounded: beyond maxHeldRows (waiting or being written) an append is refused at once with LogQueueFullError, and taken again once written', async () => {
    const held = gate();
    const writer = createLogWriter(handle.kysely, { maxBatchRows: 2, maxDelayMs: 1, maxHeldRows: 4, beforeWrite: held.wait });
    const first = writer.append('logging_events', [row('a'), row('b')]);
    const second = writer.append('logging_events', [row('c'), row('d')]);
    await expect(writer.append('logging_events', [row('e')])).rejects.toBeInstanceOf(LogQueueFullError);
    await expect(writer.append('logging_events', [row('e')])).rejects.toThrow('The log queue holds 4 rows, its limit');
    held.open();
    await Promise.all([first, second]);
    await writer.append('logging_events', [row('e')]);
    expect(await storedIds()).toEqual(['a', 'b', 'c', 'd', 'e']);
    await writer.close();
  });

  it('one request whose rows cannot be stored fails alone: the others of its batch are stored and answered', async () => {
    const writer = createLogWriter(handle.kysely, { maxBatchRows: 100, maxDelayMs: 1 });
    const bad = { ...row('bad'), body: null as unknown as string }; // body is NOT NULL
    const results = await Promise.allSettled([
      writer.append('logging_events', [row('x1')]),
      writer.append('logging_events', [bad]),
      writer.append('logging_events', [row('x2')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await storedIds()).toEqual(['x1', 'x2']);
    await writer.close();
  });

  it('close() writes what was appended, then refuses new rows', async () => {
    const writer = createLogWriter(handle.kysely, { maxBatchRows: 500, maxDelayMs: 60_000 });
    const pending = writer.append('logging_events', [row('before-close')]);
    await writer.close();
    await pending;
    expect(await storedIds()).toEqual(['before-close']);
    await expect(writer.append('logging_events', [row('after-close')])).rejects.toThrow('closed');
  });
});

describe.each(DIALECTS)('the logging endpoints acknowledge only what is stored, on %s', (dialect) => {
  const database = useDialect(dialect);
  /** An event id as the clients make them (core/model/event-id.ts). */
  const id = (tag: string): string => `${tag.padStart(8, '0')}${'c'.repeat(24)}`;
  const metric = (eventId: string) => ({ meters: [], timers: [], event_id: id(eventId) });
  const impression = (eventId: string) => ({
    category: 'impression',
    action: 'render',
    label: 'l',
    product: 'embed_v2',
    session_id: 'a'.repeat(32),
    event_id: id(eventId),
  });
  const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a full queue answers 503 with Retry-After (the clients send again), never a success for an event not stored', async () => {
    const held = gate();
    const s = await startTestServer(undefined, {
      databaseUrl: await database.databaseUrl(),
      logWriter: { maxBatchRows: 1, maxDelayMs: 1, maxHeldRows: 1, beforeWrite: held.wait },
    });
    try {
      const first = post(s.url('/v1/metric'), metric('m1'));
      // Bounded: the first request reaches the writer within 200 looks.
      for (let i = 0; i < 200 && held.waiting() === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
      const refused = await Promise.all([post(s.url('/v1/metric'), metric('m2')), post(s.url('/log/analytics'), impression('a2'))]);
      expect(refused.map((r) => r.status)).toEqual([503, 503]);
      expect(refused.map((r) => r.headers.get('retry-after'))).toEqual(['1', '1']);
      expect(((await refused[0].json()) as { error: { message: string } }).error.message).toContain('not stored');
      held.open();
      expect((await first).status).toBe(202);
      expect((await post(s.url('/v1/metric'), metric('m2'))).status).toBe(202);
      const ids = await s.app.database.kysely.selectFrom('logging_events').select('event_id').orderBy('id').execute();
      expect(ids.map((r) => r.event_id)).toEqual([id('m1'), id('m2')]);
      expect(await s.app.database.kysely.selectFrom('analytics_events').select('event_id').execute()).toEqual([]);
    } finally {
      held.open();
      await s.stop();
    }
  });

  it('stopping the server while events wait in the queue: every event answered with success is stored, as a restart finds', async () => {
    const databaseUrl = await database.databaseUrl();
    const dataDir = mkdtempSync(join(tmpdir(), 'embed-logw-'));
    // A long wait for the timer: the queued events are written by the drain at close, not by the timer.
    let received = 0;
    const s = await startTestServer(dataDir, {
      databaseUrl,
      logWriter: { maxBatchRows: 1000, maxDelayMs: 60_000 },
      beforeListen: (app) => app.addHook('onRequest', async () => void (received += 1)),
    });
    const tags = Array.from({ length: 40 }, (_, i) => `s${i}`);
    // A connection per request, closed after its answer: what is measured is the writer, not how long
    // keep-alive connections hold a closing server open.
    const postOnce = (body: unknown) =>
      new Promise<number | null>((resolve) => {
        const req = request(
          s.url('/v1/metric'),
          { method: 'POST', agent: false, headers: { 'content-type': 'application/json', connection: 'close' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? null));
          },
        );
        req.on('error', () => resolve(null));
        req.end(JSON.stringify(body));
      });
    const answers = tags.map((tag) => postOnce(metric(tag)));
    // Bounded: close once the first request reached the server (or after 500 looks).
    for (let i = 0; i < 500 && received === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
    await s.stop({ keepData: true });
    const statuses = await Promise.all(answers);
    const acknowledged = tags.filter((_, i) => statuses[i] === 202).map(id);
    const after = await openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR, databaseUrl });
    try {
      const stored = (await after.kysely.selectFrom('logging_events').select('event_id').execute()).map((r) => r.event_id);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(stored).toEqual(expect.arrayContaining(acknowledged));
    } finally {
      await after.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a failed write is answered 500, not 2xx', async () => {
    const s = await startTestServer(undefined, { databaseUrl: await database.databaseUrl() });
    try {
      // The table gone: the write fails as a broken database would.
      await s.app.database.kysely.schema.dropTable('analytics_events').execute();
      const answer = await post(s.url('/log/analytics'), impression('lost'));
      expect(answer.status).toBe(500);
      const engine = await s.app.database.kysely.schema
        .dropTable('logging_events')
        .execute()
        .then(() => post(s.url('/v1/metric'), metric('lost')));
      expect(engine.status).toBe(500);
    } finally {
      await s.stop();
    }
  });
});
