import type { FastifyInstance, FastifyReply } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import { AnalyticsEvent } from '../../core/model/analytics';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import type { Db } from '../db/open-database';
import { parseJsonText } from '../json-body-parser';

/** The Web API's error object, used for every JSON error this provider answers. */
export function sendJsonError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: { status, message } });
}

/**
 * POST /log/analytics (spec 000 §7): decoded with the widget's own codec, stored, answered 204.
 * Bodies may come as application/json or, from sendBeacon, as text/plain holding JSON.
 */
export function registerLogRoutes(app: FastifyInstance, db: Db, now: () => Date = () => new Date()): void {
  const insert = db.prepare(
    `INSERT INTO analytics_events (category, action, label, product, session_id, extra, received_at)
     VALUES (@category, @action, @label, @product, @session_id, @extra, @received_at)`,
  );
  app.post('/log/analytics', async (request, reply) => {
    let body: unknown = request.body;
    if (typeof body === 'string') {
      const parsed = parseJsonText(body);
      if (!parsed.ok) return sendJsonError(reply, 400, parsed.reason);
      body = parsed.value;
    }
    const decoded = AnalyticsEvent.decode(body);
    if (isLeft(decoded)) return sendJsonError(reply, 400, `Invalid analytics event: ${formatDecodeErrors(decoded.left)}`);
    const { category, action, label, product, session_id, ...extra } = decoded.right;
    insert.run({ category, action, label, product, session_id, extra: JSON.stringify(extra), received_at: now().toISOString() });
    return reply.code(204).send();
  });
}
