// npm run bench:logging (issue 14 "Logging at volume"): how many log events one provider instance
// stores per second, on SQLite and on a throwaway Postgres (server/testing/postgres.ts), through the
// real HTTP endpoints on loopback: one event per request (/v1/metric, as the engine sends them) and
// batches of 50 (/log/actions, as the widget sends them). The client runs in the same process and
// shares the machine's cores, so the figures are a floor. Bounded in count and in time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '../server/app';
import type { Dialect } from '../server/db/database';
import { startPostgres, type TestPostgres } from '../server/testing/postgres';
import { fakeDist } from './bench-dist';

export interface LoggingFigures {
  readonly dialect: Dialect;
  readonly endpoint: '/v1/metric' | '/log/actions';
  /** 'batched': the server as it runs; 'one by one': the baseline, each request written in a transaction of its own. */
  readonly writer: 'batched' | 'one by one';
  readonly events: number;
  readonly stored: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
}

export interface LoggingBenchOptions {
  /** Requests per figure. */
  readonly requests: number;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Each figure stops sending after this long (the figure counts what was answered). */
  readonly deadlineMs: number;
  readonly fixturesDir: string;
}

const ENTRIES_PER_BATCH = 50;

/** One figure: a fresh server over a fresh database, `requests` posts `concurrency` at a time, then the rows counted. */
async function measure(
  dialect: Dialect,
  endpoint: LoggingFigures['endpoint'],
  writer: LoggingFigures['writer'],
  databaseUrl: string | undefined,
  options: LoggingBenchOptions,
): Promise<LoggingFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'embed-bench-log-'));
  const distDir = fakeDist();
  const logWriter = writer === 'batched' ? {} : { maxBatchRows: 1, maxDelayMs: 0 };
  const app = await buildServer({ dataDir, distDir, fixturesDir: options.fixturesDir, databaseUrl, logWriter });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const url = `http://127.0.0.1:${port}${endpoint}`;
    const tag = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
    const body = (n: number): string =>
      endpoint === '/v1/metric'
        ? JSON.stringify({ meters: [{ what: 'bench', result: 'success', reason: 'none' }], timers: [], event_id: `${tag}-${n}` })
        : JSON.stringify({
            session_id: 'a'.repeat(32),
            product: 'embed_v2',
            entries: Array.from({ length: ENTRIES_PER_BATCH }, (_, i) => ({ type: 'widget/pointerEntered', t: i, event_id: `${tag}-${n}.${i}` })),
          });
    let next = 0;
    let answered = 0;
    const started = Date.now();
    const worker = async (): Promise<void> => {
      while (next < options.requests && Date.now() - started < options.deadlineMs) {
        const n = next++;
        const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(n) });
        await answer.arrayBuffer();
        if (answer.status >= 300) throw new Error(`${endpoint} answered ${answer.status}`);
        answered += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const seconds = (Date.now() - started) / 1000;
    const table = endpoint === '/v1/metric' ? 'logging_events' : 'action_log_entries';
    const { n } = await app.database.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const events = answered * (endpoint === '/v1/metric' ? 1 : ENTRIES_PER_BATCH);
    return { dialect, endpoint, writer, events, stored: Number(n), seconds, eventsPerSecond: Math.round(events / seconds) };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  }
}

const RUNS: ReadonlyArray<readonly [LoggingFigures['endpoint'], LoggingFigures['writer']]> = [
  ['/v1/metric', 'one by one'],
  ['/v1/metric', 'batched'],
  ['/log/actions', 'batched'],
];

/**
 * Every figure, on SQLite, then on a Postgres this starts and stops: one event per request written
 * one by one (the baseline: a transaction per request) and batched (the server as it runs), and
 * batches of 50 events per request. This machine is shared and noisy: compare batched with its
 * baseline of the same run.
 */
export async function benchLogging(options: LoggingBenchOptions): Promise<LoggingFigures[]> {
  const figures: LoggingFigures[] = [];
  for (const [endpoint, writer] of RUNS) figures.push(await measure('sqlite', endpoint, writer, undefined, options));
  let postgres: TestPostgres | undefined;
  try {
    postgres = await startPostgres();
    for (const [endpoint, writer] of RUNS) figures.push(await measure('postgres', endpoint, writer, await postgres.createDatabase(), options));
  } finally {
    postgres?.stop();
  }
  return figures;
}

async function main(): Promise<void> {
  const figures = await benchLogging({
    requests: Number(process.env.BENCH_LOG_REQUESTS ?? 4000),
    concurrency: Number(process.env.BENCH_LOG_CONCURRENCY ?? 64),
    deadlineMs: 60_000,
    fixturesDir: resolve(__dirname, '..', '..', 'fixtures'),
  });
  console.log('dialect   endpoint       writer       events  stored  seconds  events/s');
  for (const f of figures) {
    const cells = [
      f.dialect.padEnd(9),
      f.endpoint.padEnd(14),
      f.writer.padEnd(11),
      String(f.events).padStart(7),
      String(f.stored).padStart(7),
      f.seconds.toFixed(2).padStart(7),
      String(f.eventsPerSecond).padStart(9),
    ];
    console.log(cells.join(' '));
  }
  console.log(JSON.stringify({ logging: figures }));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
