import type { FastifyReply } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/tables';

/*
 * Issue 14 "Logging at volume": the logging endpoints append to a bounded in-process queue that is
 * written in batches, one transaction per batch, when it holds `maxBatchRows` rows or its oldest
 * row has waited `maxDelayMs`; rows that come while a batch is written go in the next one (so the
 * busier the server, the larger the batches). A request is answered only once its rows are
 * committed: append() resolves after the write, and rejects when the write failed (the route
 * answers 5xx and the client sends again). Exactly-once stays the database's: every insert is
 * ON CONFLICT (event_id) DO NOTHING on the unique index, on SQLite and Postgres alike.
 */

export type LogTable = 'analytics_events' | 'action_log_entries' | 'error_reports' | 'logging_events';

export interface LogWriterOptions {
  /** A batch is written as soon as this many rows wait. */
  readonly maxBatchRows: number;
  /** ...or once the oldest waiting row has waited this long. */
  readonly maxDelayMs: number;
  /** Rows held (waiting or being written) at most; an append beyond is refused (LogQueueFullError, a 503). */
  readonly maxHeldRows: number;
  /** Tests: awaited before each batch is written, to hold the writer at a known point. */
  readonly beforeWrite?: () => Promise<void>;
}

export const DEFAULT_LOG_WRITER_OPTIONS: LogWriterOptions = { maxBatchRows: 500, maxDelayMs: 10, maxHeldRows: 10_000 };

/** The queue holds maxHeldRows already: the request is answered 503 and the client sends it again later. */
export class LogQueueFullError extends Error {
  readonly statusCode = 503;
  constructor(held: number) {
    super(`The log queue holds ${held} rows, its limit; the events were not stored. Send them again later.`);
    this.name = 'LogQueueFullError';
  }
}

export interface LogWriter {
  /** Resolves once the rows are stored (or were already, by event id); rejects if they were not. */
  append<T extends LogTable>(table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void>;
  /**
   * The server is stopping: what waits is written now, and every later append at once, without
   * waiting for the timer (the requests in flight are answered before the server closes).
   */
  hurry(): void;
  /** Writes every row appended so far, then refuses new ones. */
  close(): Promise<void>;
  /** How many transactions were committed and rows written in them (tests and the bench read it). */
  stats(): { readonly batches: number; readonly rows: number };
}

interface Pending {
  readonly table: LogTable;
  readonly rows: ReadonlyArray<Record<string, unknown>>;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/** Rows per INSERT statement: 200 rows of the widest log table (12 columns) stay far below either database's bound on parameters. */
const ROWS_PER_STATEMENT = 200;

export function createLogWriter(kysely: Kysely<Database>, options: Partial<LogWriterOptions> = {}): LogWriter {
  const { maxBatchRows, maxDelayMs, maxHeldRows, beforeWrite } = { ...DEFAULT_LOG_WRITER_OPTIONS, ...options };
  let queue: Pending[] = [];
  let queuedRows = 0;
  let writingRows = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;
  let hurrying = false;
  let batches = 0;
  let written = 0;

  /** Inserts the items' rows, table by table, in the transaction given. */
  const insert = async (db: Kysely<Database>, items: readonly Pending[]): Promise<void> => {
    const byTable = new Map<LogTable, Record<string, unknown>[]>();
    for (const item of items) byTable.set(item.table, [...(byTable.get(item.table) ?? []), ...item.rows]);
    for (const [table, rows] of byTable) {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        await db
          .insertInto(table)
          .values(rows.slice(i, i + ROWS_PER_STATEMENT) as never)
          .onConflict((oc) => oc.column('event_id').doNothing())
          .execute();
      }
    }
  };

  const committed = (items: readonly Pending[]): void => {
    batches += 1;
    for (const item of items) written += item.rows.length;
  };

  const writeBatch = async (items: readonly Pending[]): Promise<void> => {
    try {
      await beforeWrite?.();
      await kysely.transaction().execute((trx) => insert(trx, items));
      committed(items);
      for (const item of items) item.resolve();
      return;
    } catch (err) {
      if (items.length === 1) return items[0]!.reject(err);
    }
    // One request's rows must not fail the others': the batch is written again request by request.
    for (const item of items) {
      try {
        await kysely.transaction().execute((trx) => insert(trx, [item]));
        committed([item]);
        item.resolve();
      } catch (err) {
        item.reject(err);
      }
    }
  };

  /** Writes batches until the queue is empty; one write at a time. */
  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      // Whole requests, up to maxBatchRows rows (a larger request goes alone).
      let take = 0;
      let rows = 0;
      while (take < queue.length && (take === 0 || rows + queue[take]!.rows.length <= maxBatchRows)) rows += queue[take++]!.rows.length;
      const items = queue.slice(0, take);
      queue = queue.slice(take);
      queuedRows -= rows;
      writingRows = rows;
      try {
        await writeBatch(items);
      } finally {
        writingRows = 0;
      }
    }
  };

  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (writing !== undefined) return; // the running drain takes what came meanwhile
    writing = drain().finally(() => {
      writing = undefined;
      // A request appended after the drain's last look, before this ran, found it still writing.
      if (queue.length > 0) flush();
    });
  };

  return {
    append: (table, rows) =>
      new Promise<void>((resolve, reject) => {
        if (closed) return reject(new Error('The log writer is closed: the server is stopping.'));
        if (rows.length === 0) return resolve();
        const held = queuedRows + writingRows;
        // A request larger than the bound is still taken when nothing else is held, or it could never be.
        if (held > 0 && held + rows.length > maxHeldRows) return reject(new LogQueueFullError(held));
        queue.push({ table, rows, resolve, reject });
        queuedRows += rows.length;
        if (hurrying || queuedRows >= maxBatchRows) flush();
        else if (timer === undefined && writing === undefined) timer = setTimeout(flush, maxDelayMs);
      }),
    hurry: () => {
      hurrying = true;
      flush();
    },
    close: async () => {
      closed = true;
      flush();
      // Bounded: each pass writes at least one request, and nothing is appended once closed.
      while (writing !== undefined) await writing;
    },
    stats: () => ({ batches, rows: written }),
  };
}

/**
 * The answer to an append that failed: 503 with Retry-After when the queue was full (the client
 * sends the events again); any other failure is thrown, for the scope's error handler to log and
 * answer 500. Either way nothing was acknowledged that was not stored.
 */
export function sendUnstored(reply: FastifyReply, err: unknown): FastifyReply {
  if (!(err instanceof LogQueueFullError)) throw err;
  return reply
    .code(503)
    .header('retry-after', '1')
    .send({ error: { status: 503, message: err.message } });
}
