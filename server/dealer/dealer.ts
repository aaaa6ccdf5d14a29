import { createHash, randomBytes } from 'node:crypto';
import type WebSocket from 'ws';
import * as E from 'fp-ts/Either';
import { CLOSE_CODE, HEARTBEAT_PING_MS } from '../../core/engine/transport/constants';
import { connectionIdMessage, decodeFrame, PONG_TEXT, type MessageFrame, type ReplyFrame, type RequestFrame } from '../../core/engine/transport/dealer-frame';
import { answerAuthentication, CLOSE_AUTHENTICATION_REFUSED } from './authenticate';
import { rawDataText } from './raw-data';

/** One live dealer connection of a logged-in user. */
export interface DealerConnection {
  readonly id: string;
  readonly userId: string;
  /** Epoch ms. */
  readonly openedAt: number;
}

/** What other server code pushes: a message (uri, headers, payloads) or a request (key made up when absent). */
export type DealerPush =
  (Omit<MessageFrame, 'type'> & { readonly type?: 'message' }) | (Omit<RequestFrame, 'key' | 'type'> & { readonly type: 'request'; readonly key?: string });

export interface Dealer {
  /**
   * Registers an accepted websocket of a user: sends its connection id first, answers pings, hears
   * replies. The token it connected with is checked on every heartbeat. Past the per-user cap the
   * user's oldest connection is closed.
   */
  accept(socket: WebSocket, userId: string, token?: string): DealerConnection;
  /** Sends a push to every connection of the user; returns the connections reached. */
  push(userId: string, payload: DealerPush): number;
  /** Sends a push to one connection (a device's, by its connection id); false when it is not live. */
  pushTo(connectionId: string, payload: DealerPush): boolean;
  /** Live connections, of one user or of everyone. */
  connections(userId?: string): DealerConnection[];
  /** Closes one connection of this instance (another instance's cap eviction); false when it is not here. */
  closeConnection(connectionId: string, code: number, reason: string): boolean;
  /** Closes a user's connections (default 1001 Going Away: the engine reconnects); returns how many. */
  drop(userId: string, code?: number, reason?: string): number;
  /**
   * Closes every connection opened with one of these tokens (default 4000, the closing code: the
   * engine does not reconnect, so a revoked token is not retried in a loop); returns how many.
   */
  closeTokens(tokens: readonly string[], code?: number, reason?: string): number;
  /** closeTokens by the tokens' digests (tokenDigest): how a revocation travels between instances without the tokens themselves. */
  closeTokenDigests(digests: readonly string[], code?: number, reason?: string): number;
  /** Hears each reply frame an engine sends to a request. Returns the unsubscribe. */
  onReply(listener: (connectionId: string, reply: ReplyFrame) => void): () => void;
  /**
   * Closes every connection and stops the heartbeat (server shutdown): with a close frame of this
   * code when one is given (a graceful shutdown tells engines to reconnect), else the sockets are cut.
   */
  closeAll(code?: number, reason?: string): void;
}

/** spec 001 §7 Realtime socket: one id per connection, of the form product-state registration accepts. */
export const newConnectionId = (): string => randomBytes(24).toString('base64url');

/**
 * Live dealer connections one user may hold (this provider's choice: a listener's tabs and devices,
 * with room to spare). The next one closes the oldest: an engine left open in a forgotten tab gives
 * way to the one in use.
 */
export const MAX_CONNECTIONS_PER_USER = 10;
/** The server's ping interval; a socket that has not answered (pong or any frame) by the next tick is dead. Spec 001 §9's heartbeat ping, 30000 ms. */
export const SERVER_HEARTBEAT_MS = HEARTBEAT_PING_MS;

/**
 * Close codes (spec 001 §9 close code 4000, §4 transport: an authenticated engine whose socket closes
 * with 4000 disconnects for good, any other code reconnects with its current token).
 * - Over the cap and a revoked token: 4000, so the oldest engine does not fight back and a logged-out
 *   one does not retry a dead token.
 * - A token that no longer verifies on a heartbeat tick (expired, or revoked elsewhere): 1008 Policy
 *   Violation, so an engine that has refreshed its token reconnects with the new one; one that has
 *   not gets 401 on each of its 3 reconnection attempts and then disconnects.
 */
export const CLOSE_OVER_CAP = {
  code: CLOSE_CODE,
  reason: `Too many dealer connections for this user (at most ${MAX_CONNECTIONS_PER_USER}); the oldest is closed`,
} as const;
export const CLOSE_TOKEN_REVOKED = { code: CLOSE_CODE, reason: 'Access token revoked' } as const;
export const CLOSE_TOKEN_INVALID = { code: 1008, reason: 'Access token expired or revoked' } as const;
/**
 * A graceful shutdown (server/main.ts, SIGTERM/SIGINT): 1001 Going Away (RFC 6455 §7.4.1, "a server
 * going down"), so that the engine reconnects, through the service resolve, to an instance that is up.
 * Not 4000: this engine takes 4000 from the dealer as the end of its session and does not reconnect
 * (core/engine/transport/close-decision.ts), which would leave every listener of the instance stopped.
 */
export const CLOSE_SHUTDOWN = { code: 1001, reason: 'Server shutting down: reconnect' } as const;

/** How long closeAll waits for a peer's answer to its close frame (ours; ws would wait 30 s). */
export const CLOSE_GRACE_MS = 2_000;

/** A token as connections are matched by it across instances (revocations carry digests, never tokens). */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The timer functions the heartbeat runs on (tests pass their own). */
export interface DealerTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: DealerTimers = {
  setInterval: (callback, ms) => {
    const handle = setInterval(callback, ms);
    // The heartbeat alone must not keep a process alive.
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface DealerOptions {
  readonly now?: () => number;
  readonly connectionId?: () => string;
  /** The bearer lookup, rechecked for each connection's token on every heartbeat tick; null (or a promise of it) closes it. */
  readonly verify?: (token: string) => unknown;
  readonly maxConnectionsPerUser?: number;
  readonly heartbeatMs?: number;
  readonly timers?: DealerTimers;
  /** Where errors in socket callbacks go (they end only that connection, never the process). */
  readonly logError?: (error: unknown, context: string) => void;
  /**
   * Hears each accepted connection before its id is sent (server/realtime/hub.ts routes it to this
   * instance): when it answers a promise, the id goes out once it settles, so no other instance is
   * asked about an id the routing does not know yet. A rejection closes the connection with 1011
   * (the engine reconnects).
   */
  readonly onOpen?: (connection: DealerConnection) => void | Promise<void>;
  /** Hears each connection once it is gone, however it ended. */
  readonly onClose?: (connection: DealerConnection) => void;
}

function frameOf(payload: DealerPush): MessageFrame | RequestFrame {
  if (payload.type === 'request') {
    const { key, ...rest } = payload;
    return { ...rest, type: 'request', key: key ?? randomBytes(8).toString('hex') };
  }
  return { ...payload, type: 'message' };
}

interface Live {
  readonly info: DealerConnection;
  readonly socket: WebSocket;
  readonly token: string | undefined;
  readonly tokenDigest: string | undefined;
  /** Heard from since the last heartbeat tick. */
  alive: boolean;
  /** Its connection id has been sent: nothing else goes out before it. */
  announced: boolean;
}

/** The dealer's hub (spec 001 §7 Realtime socket): connections by id, pushes by user or connection. */
export function createDealer(options: DealerOptions = {}): Dealer {
  const now = options.now ?? Date.now;
  const makeId = options.connectionId ?? newConnectionId;
  const cap = options.maxConnectionsPerUser ?? MAX_CONNECTIONS_PER_USER;
  const timers = options.timers ?? realTimers;
  const logError = options.logError ?? (() => undefined);
  // Insertion order is opening order: the first of a user's entries is the oldest.
  const live = new Map<string, Live>();
  const replyListeners = new Set<(connectionId: string, reply: ReplyFrame) => void>();
  let heartbeat: unknown = null;

  const send = (socket: WebSocket, frame: unknown): boolean => {
    if (socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };
  const sendTo = (c: Live, frame: unknown): boolean => c.announced && send(c.socket, frame);

  const forget = (id: string): void => {
    const gone = live.get(id);
    live.delete(id);
    if (live.size === 0 && heartbeat !== null) {
      timers.clearInterval(heartbeat);
      heartbeat = null;
    }
    if (gone === undefined || options.onClose === undefined) return;
    try {
      options.onClose(gone.info);
    } catch (error) {
      logError(error, 'dealer close listener');
    }
  };

  /** Closes one connection; a socket that cannot even close is cut. */
  const close = (c: Live, code: number, reason: string): void => {
    forget(c.info.id);
    try {
      c.socket.close(code, reason);
    } catch (error) {
      logError(error, 'dealer close');
      c.socket.terminate();
    }
  };

  const tick = (): void => {
    for (const c of [...live.values()]) {
      try {
        if (!c.alive) {
          // No pong since the last ping: the peer is gone without a close; free its slot now.
          forget(c.info.id);
          c.socket.terminate();
        } else {
          const grant = c.token === undefined || options.verify === undefined ? undefined : options.verify(c.token);
          if (grant === null) {
            close(c, CLOSE_TOKEN_INVALID.code, CLOSE_TOKEN_INVALID.reason);
            continue;
          }
          if (grant instanceof Promise) {
            // The stored tokens are a database query away (issue 14): the answer closes the connection
            // if it is still this one; a failed lookup keeps it (the next tick asks again).
            grant
              .then((answer: unknown) => {
                if (answer === null && live.get(c.info.id) === c) close(c, CLOSE_TOKEN_INVALID.code, CLOSE_TOKEN_INVALID.reason);
              })
              .catch((error: unknown) => logError(error, 'dealer token check'));
          }
          c.alive = false;
          c.socket.ping();
        }
      } catch (error) {
        logError(error, 'dealer heartbeat');
        forget(c.info.id);
        c.socket.terminate();
      }
    }
  };

  const ofUser = (userId: string) => [...live.values()].filter((c) => c.info.userId === userId);

  const accept = (socket: WebSocket, userId: string, token?: string): DealerConnection => {
    const info: DealerConnection = { id: makeId(), userId, openedAt: now() };
    const entry: Live = { info, socket, token, tokenDigest: token === undefined ? undefined : tokenDigest(token), alive: true, announced: false };
    const mine = ofUser(userId);
    for (const old of mine.slice(0, Math.max(0, mine.length - cap + 1))) close(old, CLOSE_OVER_CAP.code, CLOSE_OVER_CAP.reason);
    live.set(info.id, entry);
    if (heartbeat === null) heartbeat = timers.setInterval(tick, options.heartbeatMs ?? SERVER_HEARTBEAT_MS);
    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      entry.alive = true;
      if (isBinary) return;
      try {
        const frame = decodeFrame(rawDataText(data));
        // Bad frames are dropped: the engine's frames are few and a bad one must not end the connection.
        if (E.isLeft(frame)) return;
        if (frame.right.type === 'ping') socket.send(PONG_TEXT);
        else if (frame.right.type === 'request') {
          // spec 001 §7: the engine authenticates with its token after the connection id (./authenticate.ts).
          // The catch comes after the answer's handling too: a throw there must not become an
          // unhandled rejection, which ends a Node 20 process.
          answerAuthentication(frame.right, info.userId, options.verify)
            .then((answer) => {
              // The connection may have closed while the token was looked up.
              if (answer === null || live.get(info.id) !== entry) return;
              send(socket, answer.reply);
              if (answer.token === null) close(entry, CLOSE_AUTHENTICATION_REFUSED.code, CLOSE_AUTHENTICATION_REFUSED.reason);
            })
            .catch((error: unknown) => logError(error, 'dealer authentication'));
        } else if (frame.right.type === 'reply') {
          for (const listener of replyListeners) {
            // A listener's fault is its own: the other listeners and the socket go on.
            try {
              listener(info.id, frame.right);
            } catch (error) {
              logError(error, 'dealer reply listener');
            }
          }
        }
      } catch (error) {
        logError(error, 'dealer message');
      }
    });
    socket.on('close', () => forget(info.id));
    socket.on('error', (error) => {
      logError(error, 'dealer socket');
      forget(info.id);
    });
    // The connection id comes first, as the real dealer sends it (the engine authenticates on it).
    const announce = (): void => {
      if (!live.has(info.id)) return;
      entry.announced = true;
      send(socket, connectionIdMessage(info.id));
    };
    const opened = options.onOpen?.(info);
    if (opened instanceof Promise) {
      opened.then(announce).catch((error: unknown) => {
        logError(error, 'dealer open listener');
        if (live.has(info.id)) close(entry, 1011, 'Cannot route this connection; reconnect');
      });
    } else announce();
    return info;
  };

  const closeDigests = (digests: readonly string[], code: number, reason: string): number => {
    const revoked = new Set(digests);
    const closing = [...live.values()].filter((c) => c.tokenDigest !== undefined && revoked.has(c.tokenDigest));
    for (const c of closing) close(c, code, reason);
    return closing.length;
  };

  return {
    accept,
    push: (userId, payload) => ofUser(userId).filter((c) => sendTo(c, frameOf(payload))).length,
    pushTo: (connectionId, payload) => {
      const c = live.get(connectionId);
      return c !== undefined && sendTo(c, frameOf(payload));
    },
    closeConnection: (connectionId, code, reason) => {
      const c = live.get(connectionId);
      if (c === undefined) return false;
      close(c, code, reason);
      return true;
    },
    connections: (userId) => [...live.values()].map((c) => c.info).filter((info) => userId === undefined || info.userId === userId),
    drop: (userId, code = 1001, reason = 'Dropped by the provider') => {
      const dropped = ofUser(userId);
      for (const c of dropped) close(c, code, reason);
      return dropped.length;
    },
    closeTokens: (tokens, code: number = CLOSE_TOKEN_REVOKED.code, reason: string = CLOSE_TOKEN_REVOKED.reason) =>
      closeDigests(tokens.map(tokenDigest), code, reason),
    closeTokenDigests: (digests, code: number = CLOSE_TOKEN_REVOKED.code, reason: string = CLOSE_TOKEN_REVOKED.reason) => closeDigests(digests, code, reason),
    onReply: (listener) => {
      replyListeners.add(listener);
      return () => replyListeners.delete(listener);
    },
    closeAll: (code, reason = '') => {
      for (const c of [...live.values()]) {
        if (code === undefined) {
          forget(c.info.id);
          c.socket.terminate();
        } else {
          close(c, code, reason);
          // A peer that does not answer the close frame is cut, so a shutdown never waits on it.
          const cut = setTimeout(() => c.socket.terminate(), CLOSE_GRACE_MS);
          cut.unref();
          c.socket.once('close', () => clearTimeout(cut));
        }
      }
      if (heartbeat !== null) timers.clearInterval(heartbeat);
      heartbeat = null;
    },
  };
}
