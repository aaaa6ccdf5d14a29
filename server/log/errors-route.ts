import type { FastifyInstance } from 'fastify';
import { ErrorReport } from '../../core/model/error-report';
import { decodeLogBody } from './json-body';
import { ERROR_REPORT_EVENT_MAX_BYTES } from './limits';
import { sendUnstored, type LogWriter } from './log-writer';

/**
 * POST /log/errors (spec 000 §7 error-reporting service; "what the server does with reports: not
 * shown", so it stores them): decoded with the widget's own codec, answered 204. A body above the
 * spec's cap (§9: 102400 bytes) is refused with 413, as the widget never sends one. Issue 12: a
 * report with an event_id is stored once (ON CONFLICT DO NOTHING on its unique index, log-writer.ts); a
 * duplicate is answered 204 too.
 */
export function registerErrorReportRoute(app: FastifyInstance, log: LogWriter, now: () => Date = () => new Date()): void {
  app.post('/log/errors', { bodyLimit: ERROR_REPORT_EVENT_MAX_BYTES }, async (request, reply) => {
    const report = decodeLogBody(ErrorReport, request.body, reply, 'error report', ERROR_REPORT_EVENT_MAX_BYTES);
    if (report === null) return reply;
    const { session_id, product, release, user_id, source, message, timestamp } = report;
    try {
      await log.append('error_reports', [
        {
          session_id,
          product,
          release,
          user_id,
          source,
          message,
          timestamp,
          stack: JSON.stringify(report.stack),
          breadcrumbs: JSON.stringify(report.breadcrumbs),
          received_at: now().toISOString(),
          event_id: report.event_id ?? null,
        },
      ]);
    } catch (err) {
      return sendUnstored(reply, err);
    }
    return reply.code(204).send();
  });
}
