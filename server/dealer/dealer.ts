import { randomBytes } from 'node:crypto';
import type WebSocket from 'ws';
import * as E from 'fp-ts/Either';
import { connectionIdMessage, decodeFrame, PONG_TEXT, type MessageFrame, type ReplyFrame, type RequestFrame } from '../../core/engine/transport/dealer-frame';

/** One live dealer connection of a logged-in user. */
export interface DealerConnection {
  readonly id: string;
  readonly userId: string;
  /** Epoch ms. */
  readonly openedAt: number;
}

/** What other server code pushes: a message (uri, headers, payloads) or a request (key made up when absent). */
export type DealerPush =
  | (Omit<MessageFrame, 'type'> & { readonly type?: 'message' })
  | (Omit<RequestFrame, 'key' | 'type'> & { readonly type: 'request'; readonly key?: string });

export interface Dealer {
  /** Registers an accepted websocket of a user: sends its connection id first, answers pings, hears replies. */
  accept(socket: WebSocket, userId: string): DealerConnection;
  /** Sends a push to every connection of the user; returns the connections reached. */
  push(userId: string, payload: DealerPush): number;
  /** Sends a push to one connection (a device's, by its connection id); false when it is not live. */
  pushTo(connectionId: string, payload: DealerPush): boolean;
  /** Live connections, of one user or of everyone. */
  connections(userId?: string): DealerConnection[];
  /** Closes a user's connections (default 1001 Going Away: the engine reconnects); returns how many. */
  drop(userId: string, code?: number, reason?: string): number;
  /** Hears each reply frame an engine sends to a request. Returns the unsubscribe. */
  onReply(listener: (connectionId: string, reply: ReplyFrame) => void): () => void;
  /** Closes every connection (server shutdown). */
  closeAll(): void;
}

/** spec 001 §7 Realtime socket: one id per connection, of the form product-state registration accepts. */
export const newConnectionId = (): string => randomBytes(24).toString('base64url');

export interface DealerOptions {
  readonly now?: () => number;
  readonly connectionId?: () => string;
}

function frameOf(payload: DealerPush): MessageFrame | RequestFrame {
  if (payload.type === 'request') {
    const { key, ...rest } = payload;
    return { ...rest, type: 'request', key: key ?? randomBytes(8).toString('hex') };
  }
  return { ...payload, type: 'message' } as MessageFrame;
}

/** The dealer's hub (spec 001 §7 Realtime socket): connections by id, pushes by user or connection. */
export function createDealer(options: DealerOptions = {}): Dealer {
  const now = options.now ?? Date.now;
  const makeId = options.connectionId ?? newConnectionId;
  const live = new Map<string, { readonly info: DealerConnection; readonly socket: WebSocket }>();
  const replyListeners = new Set<(connectionId: string, reply: ReplyFrame) => void>();

  const send = (socket: WebSocket, frame: unknown): boolean => {
    if (socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  const accept = (socket: WebSocket, userId: string): DealerConnection => {
    const info: DealerConnection = { id: makeId(), userId, openedAt: now() };
    live.set(info.id, { info, socket });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = decodeFrame(data.toString());
      // Bad frames are dropped: the engine's frames are few and a bad one must not end the connection.
      if (E.isLeft(frame)) return;
      if (frame.right.type === 'ping') socket.send(PONG_TEXT);
      else if (frame.right.type === 'reply') for (const listener of replyListeners) listener(info.id, frame.right);
    });
    socket.on('close', () => live.delete(info.id));
    socket.on('error', () => live.delete(info.id));
    // The connection id comes first, as the real dealer sends it (the engine authenticates on it).
    send(socket, connectionIdMessage(info.id));
    return info;
  };

  const ofUser = (userId: string) => [...live.values()].filter((c) => c.info.userId === userId);

  return {
    accept,
    push: (userId, payload) => ofUser(userId).filter((c) => send(c.socket, frameOf(payload))).length,
    pushTo: (connectionId, payload) => {
      const c = live.get(connectionId);
      return c !== undefined && send(c.socket, frameOf(payload));
    },
    connections: (userId) => [...live.values()].map((c) => c.info).filter((info) => userId === undefined || info.userId === userId),
    drop: (userId, code = 1001, reason = 'Dropped by the provider') => {
      const dropped = ofUser(userId);
      for (const c of dropped) {
        live.delete(c.info.id);
        c.socket.close(code, reason);
      }
      return dropped.length;
    },
    onReply: (listener) => {
      replyListeners.add(listener);
      return () => replyListeners.delete(listener);
    },
    closeAll: () => {
      for (const c of live.values()) c.socket.terminate();
      live.clear();
    },
  };
}
