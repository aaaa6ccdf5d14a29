import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { formatDecodeErrors } from '../../model/decode-errors';
import { AUTHENTICATE_IDENT, AUTHENTICATE_KEY, CLIENT_LOGOUT_URI, CONNECTION_ID_HEADER, CONNECTIONS_URI_PREFIX } from './constants';

/*
 * spec 001 §7 Realtime socket: JSON frames of type message, request, reply, ping and pong. One
 * codec for both ends: the engine decodes what the dealer sends, the provider's dealer what the
 * engine sends (ARCHITECTURE.md §4: the same codecs on both sides).
 */

const Headers = t.record(t.string, t.string);

/** A push: `uri` names what it is about; payloads are opaque JSON for the consumer to decode. */
export const MessageFrame = t.intersection([
  t.type({ type: t.literal('message'), uri: t.string }),
  t.partial({ method: t.string, headers: Headers, payloads: t.array(t.unknown) }),
]);
export type MessageFrame = t.TypeOf<typeof MessageFrame>;

/** A command that expects a reply with the same key. */
export const RequestFrame = t.intersection([t.type({ type: t.literal('request'), key: t.string }), t.partial({ message_ident: t.string, message: t.unknown })]);
export type RequestFrame = t.TypeOf<typeof RequestFrame>;

export const ReplyFrame = t.type({ type: t.literal('reply'), key: t.string, payload: t.type({ success: t.boolean }) });
export type ReplyFrame = t.TypeOf<typeof ReplyFrame>;

export const PingFrame = t.type({ type: t.literal('ping') });
export const PongFrame = t.type({ type: t.literal('pong') });

export const DealerFrame = t.union([MessageFrame, RequestFrame, ReplyFrame, PingFrame, PongFrame]);
export type DealerFrame = t.TypeOf<typeof DealerFrame>;

export const PING_TEXT = JSON.stringify({ type: 'ping' });
export const PONG_TEXT = JSON.stringify({ type: 'pong' });

// A Map, so that a frame typed "constructor" finds no codec on Object's prototype.
const CODECS = new Map<string, t.Mixed>([
  ['message', MessageFrame],
  ['request', RequestFrame],
  ['reply', ReplyFrame],
  ['ping', PingFrame],
  ['pong', PongFrame],
]);

/** Decodes one text frame; bad input gives a sentence naming what is wrong, never a throw. */
export function decodeFrame(text: string): E.Either<string, DealerFrame> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return E.left('Dealer frame is not JSON.');
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  const codec = CODECS.get(String(type));
  if (codec === undefined) return E.left(`Dealer frame has an unknown type: ${JSON.stringify(type) ?? 'undefined'}.`);
  return E.mapLeft((errors: t.Errors) => `Dealer frame is invalid: ${formatDecodeErrors(errors)}`)(
    (codec as t.Type<DealerFrame, unknown, unknown>).decode(json),
  );
}

/** A header of a message, its name compared case-insensitively as in HTTP. */
export function headerOf(frame: MessageFrame, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entry = Object.entries(frame.headers ?? {}).find(([key]) => key.toLowerCase() === wanted);
  return entry?.[1];
}

/** The connection id the dealer announces in a message's Spotify-Connection-Id header, or null. */
export function connectionIdOf(frame: DealerFrame): string | null {
  if (frame.type !== 'message') return null;
  const id = headerOf(frame, CONNECTION_ID_HEADER);
  return id !== undefined && id !== '' ? id : null;
}

/** The dealer's first message on a connection (the provider sends it; the shape of the real dealer). */
export function connectionIdMessage(connectionId: string): MessageFrame {
  return {
    type: 'message',
    method: 'PUT',
    uri: `${CONNECTIONS_URI_PREFIX}${encodeURIComponent(connectionId)}`,
    headers: { [CONNECTION_ID_HEADER]: connectionId },
  };
}

/** spec 001 §4 Transport lifecycle: "logged out (on a client logout message)". */
export function isClientLogout(frame: DealerFrame): boolean {
  return frame.type === 'message' && frame.uri === CLIENT_LOGOUT_URI;
}

export function replyFrame(key: string, success: boolean): ReplyFrame {
  return { type: 'reply', key, payload: { success } };
}

/** spec 001 §7 Realtime socket: the client's authentication with its token, sent after the connection id came. */
export function authenticateFrame(accessToken: string): RequestFrame {
  return { type: 'request', key: AUTHENTICATE_KEY, message_ident: AUTHENTICATE_IDENT, message: { access_token: accessToken } };
}

/** The token of an authentication request frame (the dealer's side), or null when the frame is not one. */
export function authenticateTokenOf(frame: DealerFrame): string | null {
  if (frame.type !== 'request' || frame.message_ident !== AUTHENTICATE_IDENT) return null;
  const token = (frame.message as { access_token?: unknown } | null | undefined)?.access_token;
  return typeof token === 'string' && token !== '' ? token : null;
}

/** The dealer's answer to an authentication: true or false, or null when the frame is not that reply. */
export function authenticateReplyOf(frame: DealerFrame): boolean | null {
  return frame.type === 'reply' && frame.key === AUTHENTICATE_KEY ? frame.payload.success : null;
}
