import type { FastifyInstance } from 'fastify';
import { ActionLogBatch } from '../../core/model/action-log-batch';
import type { Db } from '../db/open-database';
import { decodeLogBody } from './json-body';

/**
 * POST /log/actions (spec 000 §7 "Every dispatched action except progress updates is logged"):
 * a batch decoded with the widget's own codec, one row per action, answered 204.
 */
export function registerActionLogRoute(app: FastifyInstance, db: Db, now: () => Date = () => new Date()): void {
  const insert = db.prepare(
    `INSERT INTO action_log_entries (session_id, product, type, t, seq, payload, received_at)
     VALUES (@session_id, @product, @type, @t, @seq, @payload, @received_at)`,
  );
  const insertBatch = db.transaction((batch: ActionLogBatch, receivedAt: string) => {
    // Rows keep the batch's order (their id); the payload is every field but type, t and seq.
    for (const entry of batch.entries) {
      const { type, t, seq, ...payload } = entry as { type: string; t?: number; seq?: number };
      insert.run({
        session_id: batch.session_id,
        product: batch.product,
        type,
        t: t ?? null,
        seq: seq ?? null,
        payload: JSON.stringify(payload),
        received_at: receivedAt,
      });
    }
  });
  app.post('/log/actions', async (request, reply) => {
    const batch = decodeLogBody(ActionLogBatch, request.body, reply, 'action log batch');
    if (batch === null) return reply;
    insertBatch(batch, now().toISOString());
    return reply.code(204).send();
  });
}
