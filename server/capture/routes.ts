import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { CaptureUpload, CAPTURE_DESCRIPTION_MAX_CHARS, type CaptureLink } from '../../core/model/capture';
import { bearerToken, type TokenVerifier } from '../accounts/tokens';
import { decodeLogBody } from '../log/json-body';
import { sendJsonError } from '../log/routes';
import { CAPTURE_MAX_BYTES, CaptureTooLargeError, secretsEqual, type CaptureStore } from './store';

/** Issue 19: uploads per client address per minute (a person reports a problem now and then; a loop is refused with 429). */
export const CAPTURE_UPLOADS_PER_MINUTE = 10;
const MINUTE_MS = 60 * 1000;
const CAPTURE_ID = /^[A-Za-z0-9_-]{22}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CaptureRoutesOptions {
  readonly store: CaptureStore;
  /** The listener of a live access token (Authorization: Bearer). */
  readonly verify: TokenVerifier;
  /** The listener of the request's session cookie. */
  readonly viewer: (request: FastifyRequest) => Promise<string | null>;
  /** CAPTURE_OPERATOR_TOKEN: the provider's operators open every capture with it; unset, nobody does. */
  readonly operatorToken: string | undefined;
  readonly uploadsPerMinute?: number;
  readonly retentionDays: number;
  readonly purgeEveryMs?: number;
}

/**
 * Issue 19 Capture. POST /capture stores a session captured by "Report a problem" and answers its
 * link /replay/{id}?key={key}; GET /api/captures/{id} answers it as JSON to whoever may open it:
 * an operator (CAPTURE_OPERATOR_TOKEN as a bearer token, compared in constant time); the listener
 * who made it (bearer access token or session cookie); for an anonymous visitor's capture, whoever
 * holds its link's key. There is no route that lists captures.
 */
export function registerCaptureRoutes(app: FastifyInstance, options: CaptureRoutesOptions): void {
  const { store } = options;
  const isOperator = (request: FastifyRequest): boolean => {
    const token = bearerToken(request.headers.authorization);
    return options.operatorToken !== undefined && options.operatorToken !== '' && token !== null && secretsEqual(token, options.operatorToken);
  };
  /**
   * Who a request speaks for: its bearer token's listener (null for an anonymous visitor's token),
   * else its session cookie's; not valid for a bearer token that is not live.
   */
  const speakerOf = async (request: FastifyRequest): Promise<{ readonly valid: boolean; readonly listener: string | null }> => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) return { valid: true, listener: await options.viewer(request) };
    const grant = await options.verify(token);
    return { valid: grant !== null, listener: grant?.accountId ?? null };
  };
  const listenerOf = async (request: FastifyRequest): Promise<string | null> => (await speakerOf(request)).listener;

  void app.register(async (scope) => {
    await scope.register(rateLimit, { global: false });
    scope.post(
      '/capture',
      { bodyLimit: CAPTURE_MAX_BYTES, config: { rateLimit: { max: options.uploadsPerMinute ?? CAPTURE_UPLOADS_PER_MINUTE, timeWindow: MINUTE_MS } } },
      async (request, reply) => {
        const upload = decodeLogBody(CaptureUpload, request.body, reply, 'capture', CAPTURE_MAX_BYTES);
        if (upload === null) return reply;
        const description = upload.description?.replace(/\s+/g, ' ').trim().slice(0, CAPTURE_DESCRIPTION_MAX_CHARS);
        // A bearer token that is not live is refused rather than stored as anonymous: the listener could not open their capture.
        const { valid, listener: owner } = await speakerOf(request);
        if (!valid) return sendJsonError(reply, 401, 'The access token is not valid.');
        try {
          const { id, key } = await store.save({ ...upload, ...(description === undefined || description === '' ? {} : { description }) }, owner);
          const link: CaptureLink = { id, key, url: `/replay/${id}?key=${key}` };
          return reply.code(201).header('cache-control', 'no-store').send(link);
        } catch (err) {
          if (err instanceof CaptureTooLargeError) return sendJsonError(reply, 413, err.message);
          throw err;
        }
      },
    );
  });

  app.get<{ Params: { id: string }; Querystring: { key?: string } }>('/api/captures/:id', async (request, reply) => {
    const { id } = request.params;
    void reply.header('cache-control', 'no-store');
    const record = CAPTURE_ID.test(id) ? await store.find(id) : null;
    if (record === null) return sendJsonError(reply, 404, 'There is no such capture.');
    if (!isOperator(request)) {
      if (record.owner === null) {
        // An anonymous visitor's capture: its key, or it does not exist for the asker.
        const key = typeof request.query.key === 'string' ? request.query.key : '';
        if (!record.keyMatches(key)) return sendJsonError(reply, 404, 'There is no such capture.');
      } else if ((await listenerOf(request)) !== record.owner) {
        return sendJsonError(reply, 403, 'This capture opens only for the listener who made it and for operators.');
      }
    }
    return reply.send(record.capture());
  });

  // Kept for CAPTURE_RETENTION_DAYS: purged at start and hourly; the timer is cleared before the database closes.
  let running: Promise<void> | undefined;
  const purge = (): Promise<void> =>
    (running ??= store
      .purge()
      .then(
        () => undefined,
        (err: unknown) => app.log.error(err),
      )
      .finally(() => {
        running = undefined;
      }));
  app.addHook('onReady', purge);
  const timer = setInterval(() => void purge(), options.purgeEveryMs ?? Math.min(DAY_MS / 24, options.retentionDays * DAY_MS));
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
