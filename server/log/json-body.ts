import type { FastifyReply } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { parseJsonText } from '../json-body-parser';
import { tooLargeMessage } from './limits';
import { sendJsonError } from './routes';

/** The size of a body as it came (text) or as its JSON (parsed by fastify), in UTF-8 bytes. */
export function bodyBytes(raw: unknown): number {
  return Buffer.byteLength(typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? ''));
}

/**
 * Decodes a log body with the widget's own codec. Bodies come as application/json or, from
 * sendBeacon, as text/plain holding JSON (nested at most JSON_MAX_DEPTH deep, as application/json
 * is). A body over `maxBytes` (issue 12: one event's cap) is refused with 413 naming the cap. On
 * failure the reply is sent (400, naming the field or the reason) and null is returned.
 */
export function decodeLogBody<A>(codec: t.Decoder<unknown, A>, raw: unknown, reply: FastifyReply, what: string, maxBytes?: number): A | null {
  let body = raw;
  if (typeof body === 'string') {
    const parsed = parseJsonText(body);
    if (!parsed.ok) {
      void sendJsonError(reply, 400, parsed.reason);
      return null;
    }
    body = parsed.value;
  }
  // After parsing: a body that is not JSON (or nested too deep, server/json-body-parser.ts) is a 400 whatever its size.
  if (maxBytes !== undefined && bodyBytes(raw) > maxBytes) {
    void sendJsonError(reply, 413, tooLargeMessage(what, maxBytes));
    return null;
  }
  const decoded = codec.decode(body);
  if (isLeft(decoded)) {
    void sendJsonError(reply, 400, `Invalid ${what}: ${formatDecodeErrors(decoded.left)}`);
    return null;
  }
  return decoded.right;
}
