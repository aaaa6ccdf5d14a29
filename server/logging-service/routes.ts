import type { FastifyInstance } from 'fastify';
import type * as t from 'io-ts';
import { bearerToken } from '../accounts/tokens';
import { sendError, type Verify } from '../playback/bearer-grant';
import { installJsonErrors } from '../playback/json-errors';
import { decodeBody } from '../playback/decode-body';
import { isLogKind, LOG_KINDS, MetricBody } from './log-codecs';
import { ENGINE_LOG_EVENT_MAX_BYTES, tooLargeMessage } from '../log/limits';
import { bodyBytes } from '../log/json-body';
import { sendUnstored, type LogWriter } from '../log/log-writer';

/** spec 001 §7 Logging paths. */
export const LOGGING_PATH = '/v1/logging/:kind';
export const METRIC_PATH = '/v1/metric';

export interface LoggingDeps {
  /** Issue 14: the batched writer the logs are stored through (server/log/log-writer.ts). */
  readonly log: LogWriter;
  readonly verify: Verify;
  readonly now?: () => number;
}

/**
 * The logging service: each body is validated, stored in logging_events and answered 202 (the
 * engine retries unless it sees 202, spec 001 §7). A token, when sent, must be valid; logs and
 * metrics may come without one (spec 001 §6: logging omits the bearer).
 */
export function registerLoggingService(app: FastifyInstance, deps: LoggingDeps): void {
  const now = deps.now ?? Date.now;
  // Issue 12: a body's event_id is stored once (its unique index; ON CONFLICT DO NOTHING in log-writer.ts,
  // no lookup that two retries could both pass); a duplicate is answered 202 like the first, so the engine stops.
  // Issue 14: answered 202 only once stored; a full queue is a 503, which the engine retries.
  const store = async (kind: string, accountId: string | null, body: unknown, reply: Parameters<typeof sendError>[0]) => {
    try {
      await deps.log.append('logging_events', [{ kind, account_id: accountId, body: JSON.stringify(body), received_at: now(), event_id: eventIdOf(body) }]);
    } catch (err) {
      return sendUnstored(reply, err);
    }
    return reply.code(202).send();
  };
  const eventIdOf = (body: unknown): string | null => {
    const id = (body as { event_id?: unknown }).event_id;
    return typeof id === 'string' ? id : null;
  };

  /** The caller's account id (null: anonymous or no token), or undefined with 401 sent. */
  const callerOf = async (
    authorization: string | undefined,
    allowNone: boolean,
    reply: Parameters<typeof sendError>[0],
  ): Promise<string | null | undefined> => {
    const token = bearerToken(authorization);
    if (token === null) return allowNone ? null : (sendError(reply, 401, 'No token provided'), undefined);
    const grant = await deps.verify(token);
    if (grant === null) return (sendError(reply, 401, 'Invalid access token'), undefined);
    return grant.accountId;
  };

  /**
   * Issue 12: one event per request, at most 64 KiB (what the engine's keepalive sends carry); over
   * it, 413 naming the cap. Checked after parsing, so a body that is not JSON (or nested too deep,
   * server/json-body-parser.ts) is a 400 whatever its size; the app's bodyLimit bounds the reading.
   */
  const tooLarge = (body: unknown, reply: Parameters<typeof sendError>[0]): boolean => {
    if (bodyBytes(body) <= ENGINE_LOG_EVENT_MAX_BYTES) return false;
    sendError(reply, 413, tooLargeMessage('log event', ENGINE_LOG_EVENT_MAX_BYTES));
    return true;
  };

  void app.register(async (scope) => {
    installJsonErrors(scope);
    scope.post(LOGGING_PATH, async (request, reply) => {
      const { kind } = request.params as { kind: string };
      if (!isLogKind(kind)) return sendError(reply, 404, `Unknown log kind: ${kind}`);
      // Issue 12: every kind may come without a token. spec 001 §6 has logging omit the bearer, so a
      // logged-in engine's playback start or stream verification never carries one: refusing them
      // (401, as before) lost them all. §6's limit on anonymous sessions is the engine's to keep
      // (core/engine/tracking/log-endpoints.ts); a token that is sent must still be valid.
      const caller = await callerOf(request.headers.authorization, true, reply);
      if (caller === undefined) return reply;
      if (tooLarge(request.body, reply)) return reply;
      const codec: t.Decoder<unknown, unknown> = LOG_KINDS[kind];
      if (decodeBody(codec, request.body, reply, kind) === null) return reply;
      return store(kind, caller, request.body, reply);
    });

    scope.post(METRIC_PATH, async (request, reply) => {
      // Metrics may come before there is a token (they report the token fetch itself); a sent token must be valid.
      const caller = await callerOf(request.headers.authorization, true, reply);
      if (caller === undefined) return reply;
      if (tooLarge(request.body, reply)) return reply;
      if (decodeBody(MetricBody, request.body, reply, 'metric') === null) return reply;
      return store('metric', caller, request.body, reply);
    });
  });
}
