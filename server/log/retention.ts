import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open-database';

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
 * received before the retention period; the count deleted per table. The widget's tables keep
 * received_at as ISO text, which orders as time does; the logging service's as epoch ms.
 */
export function purgeLogs(db: Db, cutoffMs: number): Record<string, number> {
  const iso = new Date(cutoffMs).toISOString();
  const purge = db.transaction(() => ({
    analytics_events: db.prepare('DELETE FROM analytics_events WHERE received_at < ?').run(iso).changes,
    action_log_entries: db.prepare('DELETE FROM action_log_entries WHERE received_at < ?').run(iso).changes,
    error_reports: db.prepare('DELETE FROM error_reports WHERE received_at < ?').run(iso).changes,
    logging_events: db.prepare('DELETE FROM logging_events WHERE received_at < ?').run(cutoffMs).changes,
  }));
  return purge();
}

/**
 * Keeps stored log events for `days`: purged once now (at start) and every `everyMs` (an hour) while
 * the app lives; the timer is cleared when the app closes, and does not hold the process open.
 */
export function installLogRetention(app: FastifyInstance, db: Db, options: LogRetentionOptions): void {
  const now = options.now ?? Date.now;
  const run = (): void => {
    try {
      purgeLogs(db, now() - options.days * DAY_MS);
    } catch (err) {
      // A failed purge (a busy or closing database) is tried again at the next tick; the server goes on.
      app.log.error(err);
    }
  };
  run();
  const timer = setInterval(run, options.everyMs ?? LOG_PURGE_EVERY_MS);
  timer.unref();
  // Before the database closes (onClose hooks run in order; this one is added after the db's), so
  // a tick can never find the database closed: the timer is cleared first.
  app.addHook('preClose', async () => {
    clearInterval(timer);
  });
}
