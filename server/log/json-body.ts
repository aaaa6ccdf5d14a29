import type { FastifyReply } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { sendJsonError } from './routes';

/**
 * Decodes a log body with the widget's own codec. Bodies come as application/json or, from
 * sendBeacon, as text/plain holding JSON. On failure the reply is sent (400, naming the field)
 * and null is returned.
 */
export function decodeLogBody<A>(codec: t.Decoder<unknown, A>, raw: unknown, reply: FastifyReply, what: string): A | null {
  let body = raw;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      void sendJsonError(reply, 400, 'The body is not valid JSON.');
      return null;
    }
  }
  const decoded = codec.decode(body);
  if (isLeft(decoded)) {
    void sendJsonError(reply, 400, `Invalid ${what}: ${formatDecodeErrors(decoded.left)}`);
    return null;
  }
  return decoded.right;
}
