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

/** The largest message (as JSON text) recorded whole; a bigger one is recorded as null, which is ignored. */
export const MAX_MESSAGE_JSON_LENGTH = 16384;

/**
 * A posted message as plain JSON for the action log (structured clones may hold values JSON
 * cannot: those, cycles and oversized payloads become null, which the decoder drops).
 */
export function messageDataAsJson(data: unknown): unknown {
  try {
    const text = JSON.stringify(data);
    return text === undefined || text.length > MAX_MESSAGE_JSON_LENGTH ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** spec 000 §2 Routes: the optional query flag embed-api=1 turns the interface on. */
export function isEmbedApiOn(search: string): boolean {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query.split('&').some((pair) => {
    const at = pair.indexOf('=');
    if (at === -1) return false;
    return decodePart(pair.slice(0, at)) === 'embed-api' && decodePart(pair.slice(at + 1)) === '1';
  });
}

function decodePart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
