import type { FastifyInstance, FastifyReply } from 'fastify';
import { AnalyticsEvent } from '../../core/model/analytics';
import { decodeLogBody } from './json-body';
import { ANALYTICS_EVENT_MAX_BYTES } from './limits';
import { sendUnstored, type LogWriter } from './log-writer';

/** The Web API's error object, used for every JSON error this provider answers. */
export function sendJsonError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: { status, message } });
}

/**
 * POST /log/analytics (spec 000 §7): decoded with the widget's own codec, stored, answered 204.
 * Bodies may come as application/json or, from sendBeacon, as text/plain holding JSON.
 * Issue 12: an event with an event_id is stored once (the unique index and ON CONFLICT DO NOTHING in
 * log-writer.ts, so two retries racing cannot both insert); a duplicate is answered 204 like the first, so the
 * client stops. An event over 8 KiB is refused with 413.
 */
export function registerLogRoutes(app: FastifyInstance, log: LogWriter, now: () => Date = () => new Date()): void {
  app.post('/log/analytics', async (request, reply) => {
    const event = decodeLogBody(AnalyticsEvent, request.body, reply, 'analytics event', ANALYTICS_EVENT_MAX_BYTES);
    if (event === null) return reply;
    const { category, action, label, product, session_id, event_id, ...extra } = event;
    try {
      // Issue 14: answered once stored (log-writer.ts), in a batch with other requests' events.
      await log.append('analytics_events', [
        { category, action, label, product, session_id, extra: JSON.stringify(extra), received_at: now().toISOString(), event_id: event_id ?? null },
      ]);
    } catch (err) {
      return sendUnstored(reply, err);
    }
    return reply.code(204).send();
  });
}
