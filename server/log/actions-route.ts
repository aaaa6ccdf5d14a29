import type { FastifyInstance } from 'fastify';
import { ActionLogBatch, type ActionLogEntry } from '../../core/model/action-log-batch';
import { decodeLogBody } from './json-body';
import { ACTION_BATCH_MAX_BYTES, ACTION_ENTRY_MAX_CHARS } from './limits';
import { sendUnstored, type LogWriter } from './log-writer';
import { sendJsonError } from './routes';

/**
 * POST /log/actions (spec 000 §7 "Every dispatched action except progress updates is logged"):
 * a batch decoded with the widget's own codec, one row per action, answered 204.
 * Issue 12: an entry with an event_id is stored once (ON CONFLICT DO NOTHING on its unique index, log-writer.ts),
 * so a retried batch adds nothing and is answered 204 like the first. An entry over 16 384
 * characters of JSON is not stored; the others are (a batch is 50 unrelated events, and refusing
 * it whole would lose them), and the answer is 413 naming the entries left out: the client drops
 * the batch rather than sending it again, which could not change the answer.
 */
export function registerActionLogRoute(app: FastifyInstance, log: LogWriter, now: () => Date = () => new Date()): void {
  app.post('/log/actions', { bodyLimit: ACTION_BATCH_MAX_BYTES }, async (request, reply) => {
    const batch = decodeLogBody(ActionLogBatch, request.body, reply, 'action log batch', ACTION_BATCH_MAX_BYTES);
    if (batch === null) return reply;
    const oversized = batch.entries.flatMap((entry, index) => {
      const chars = JSON.stringify(entry).length;
      return chars > ACTION_ENTRY_MAX_CHARS ? [{ index, chars, eventId: entry.event_id }] : [];
    });
    const refused = new Set(oversized.map((o) => o.index));
    const receivedAt = now().toISOString();
    // Rows keep the batch's order (their id); the payload is every field but type, t, seq and event_id.
    // One append: the batch's rows are written in one transaction, answered once stored (log-writer.ts).
    const rows = batch.entries
      .filter((_, index) => !refused.has(index))
      .map((entry: ActionLogEntry) => {
        const { type, t, seq, event_id, ...payload } = entry as { type: string; t?: number; seq?: number; event_id?: string };
        return {
          session_id: batch.session_id,
          product: batch.product,
          type,
          t: t ?? null,
          seq: seq ?? null,
          payload: JSON.stringify(payload),
          received_at: receivedAt,
          event_id: event_id ?? null,
        };
      });
    try {
      await log.append('action_log_entries', rows);
    } catch (err) {
      return sendUnstored(reply, err);
    }
    if (oversized.length === 0) return reply.code(204).send();
    const named = oversized.map((o) => `entry ${o.index}${o.eventId === undefined ? '' : ` (${o.eventId})`} is ${o.chars} characters`).join('; ');
    return sendJsonError(
      reply,
      413,
      `An action log entry may be at most ${ACTION_ENTRY_MAX_CHARS} characters of JSON: ${named}. It was not stored; the batch's other ${batch.entries.length - oversized.length} entries were.`,
    );
  });
}
