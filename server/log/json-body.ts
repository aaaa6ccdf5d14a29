import type { FastifyReply } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { parseJsonText } from '../json-body-parser';
import { sendJsonError } from './routes';

/**
 * Decodes a log body with the widget's own codec. Bodies come as application/json or, from
 * sendBeacon, as text/plain holding JSON (nested at most JSON_MAX_DEPTH deep, as application/json
 * is). On failure the reply is sent (400, naming the field or the reason) and null is returned.
 */
export function decodeLogBody<A>(codec: t.Decoder<unknown, A>, raw: unknown, reply: FastifyReply, what: string): A | null {
  let body = raw;
  if (typeof body === 'string') {
    const parsed = parseJsonText(body);
    if (!parsed.ok) {
      void sendJsonError(reply, 400, parsed.reason);
      return null;
    }
    body = parsed.value;
  }
  const decoded = codec.decode(body);
  if (isLeft(decoded)) {
    void sendJsonError(reply, 400, `Invalid ${what}: ${formatDecodeErrors(decoded.left)}`);
    return null;
  }
  return decoded.right;
}
