import type { FastifyInstance } from 'fastify';
import { ERROR_REPORT_MAX_BYTES, ErrorReport } from '../../core/model/error-report';
import type { Db } from '../db/open-database';
import { decodeLogBody } from './json-body';

/**
 * POST /log/errors (spec 000 §7 error-reporting service; "what the server does with reports: not
 * shown", so it stores them): decoded with the widget's own codec, answered 204. A body above the
 * spec's cap (§9: 102400 bytes) is refused with 413, as the widget never sends one.
 */
export function registerErrorReportRoute(app: FastifyInstance, db: Db, now: () => Date = () => new Date()): void {
  const insert = db.prepare(
    `INSERT INTO error_reports (session_id, product, release, user_id, source, message, stack, breadcrumbs, timestamp, received_at)
     VALUES (@session_id, @product, @release, @user_id, @source, @message, @stack, @breadcrumbs, @timestamp, @received_at)`,
  );
  app.post('/log/errors', { bodyLimit: ERROR_REPORT_MAX_BYTES }, async (request, reply) => {
    const report = decodeLogBody(ErrorReport, request.body, reply, 'error report');
    if (report === null) return reply;
    insert.run({
      ...report,
      stack: JSON.stringify(report.stack),
      breadcrumbs: JSON.stringify(report.breadcrumbs),
      received_at: now().toISOString(),
    });
    return reply.code(204).send();
  });
}
