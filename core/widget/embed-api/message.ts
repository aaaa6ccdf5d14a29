import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../model/decode-errors';
import type { EmbedApiCommand } from './actions';

/** spec 000 §7: the source every message of the parent page carries; the widget answers with 'embed'. */
export const EMBED_API_SOURCE = 'embed-api';
export const EMBED_SOURCE = 'embed';
/** spec 000 §7: the one message type the widget sends. */
export const CONTEXT_CHANGE_TYPE = 'contextchange';

/**
 * spec 000 §5: a parent-page message is accepted only if the payload is an object with a type and
 * a source equal to embed-api. A channelId is read when it is a string (spec 000 §7 api/connect).
 */
export const EmbedApiMessage = t.intersection(
  [t.type({ type: t.string, source: t.literal(EMBED_API_SOURCE) }), t.partial({ channelId: t.unknown })],
  'EmbedApiMessage',
);

/** spec 000 §7 table: the known types; any other type asks for the context. */
const COMMANDS: Readonly<Record<string, EmbedApiCommand>> = {
  'api/connect': 'connect',
  'api/play': 'play',
  'api/stop': 'stop',
  'api/next': 'next',
  'api/prev': 'prev',
  'api/context': 'context',
};

export type DecodedMessage =
  | { readonly ok: true; readonly command: EmbedApiCommand; readonly messageType: string; readonly channelId: string | null }
  | { readonly ok: false; readonly reason: string };

export function decodeEmbedApiMessage(data: unknown): DecodedMessage {
  // An array is an object to io-ts' t.type; the spec means a plain payload object.
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, reason: 'not an object' };
  const decoded = EmbedApiMessage.decode(data);
  if (!isRight(decoded)) return { ok: false, reason: formatDecodeErrors(decoded.left) };
  const { type, channelId } = decoded.right;
  return {
    ok: true,
    command: Object.prototype.hasOwnProperty.call(COMMANDS, type) ? (COMMANDS[type] as EmbedApiCommand) : 'context',
    messageType: type,
    channelId: typeof channelId === 'string' ? channelId : null,
  };
}
