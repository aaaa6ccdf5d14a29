import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Issue 12: how long stored log events are kept, by default (LOG_RETENTION_DAYS). */
export const DEFAULT_LOG_RETENTION_DAYS = 30;
/** How often the purge runs while the server is up (besides once at start). */
export const LOG_PURGE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** LOG_RETENTION_DAYS: a positive number of days (fractions allowed); unset or empty gives the default. */
export function parseLogRetentionDays(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_LOG_RETENTION_DAYS;
  const days = Number(raw);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`LOG_RETENTION_DAYS must be a positive number of days, got ${raw}`);
  return days;
}

export interface LogRetentionOptions {
  readonly days: number;
  readonly everyMs?: number;
  readonly now?: () => number;
}

/**
 * Deletes the log events (widget logs under /log/*, the engine's under /v1/logging and /v1/metric)
 * received before the retention period, in one transaction; the count deleted per table. The
 * widget's tables keep received_at as ISO text, which orders as time does; the logging service's as
 * epoch ms. Issue 14: on SQLite and Postgres alike.
 */
export async function purgeLogs(kysely: Kysely<Database>, cutoffMs: number): Promise<Record<string, number>> {
  const iso = new Date(cutoffMs).toISOString();
  return kysely.transaction().execute(async (trx) => {
    const deleted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) => Number((await query.executeTakeFirst()).numDeletedRows);
    return {
      analytics_events: await deleted(trx.deleteFrom('analytics_events').where('received_at', '<', iso)),
      action_log_entries: await deleted(trx.deleteFrom('action_log_entries').where('received_at', '<', iso)),
      error_reports: await deleted(trx.deleteFrom('error_reports').where('received_at', '<', iso)),
      logging_events: await deleted(trx.deleteFrom('logging_events').where('received_at', '<', cutoffMs)),
    };
  });
}

/**
 * Keeps stored log events for `days`: purged once now (at start; resolves when done) and every
 * `everyMs` (an hour) while the app lives; the timer is cleared when the app closes, and does not
 * hold the process open. A tick while the last purge still runs is skipped.
 */
export async function installLogRetention(app: FastifyInstance, kysely: Kysely<Database>, options: LogRetentionOptions): Promise<void> {
  const now = options.now ?? Date.now;
  let running: Promise<void> | undefined;
  const run = (): Promise<void> =>
    (running ??= purgeLogs(kysely, now() - options.days * DAY_MS)
      .then(
        () => undefined,
        // A failed purge (a busy or closing database) is tried again at the next tick; the server goes on.
        (err: unknown) => app.log.error(err),
      )
      .finally(() => {
        running = undefined;
      }));
  await run();
  const timer = setInterval(() => void run(), options.everyMs ?? LOG_PURGE_EVERY_MS);
  timer.unref();
  // Before the database closes (preClose runs before every onClose hook): the timer is cleared and
  // a purge under way is waited for, so a tick can never find the database closed.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
