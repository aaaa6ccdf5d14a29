import type { FastifyReply } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { sendError } from './bearer-grant';

/** Decodes a JSON body; on failure answers 400 naming the field (`Invalid <what>: device.model: expected ...`) and returns null. */
export function decodeBody<A>(codec: t.Decoder<unknown, A>, raw: unknown, reply: FastifyReply, what: string): A | null {
  const decoded = codec.decode(raw);
  if (isLeft(decoded)) return (sendError(reply, 400, `Invalid ${what}: ${formatDecodeErrors(decoded.left)}`), null);
  return decoded.right;
}
