import { randomBytes } from 'node:crypto';
import {
  CLOSE_OVER_CAP,
  CLOSE_TOKEN_REVOKED,
  MAX_CONNECTIONS_PER_USER,
  tokenDigest,
  type Dealer,
  type DealerConnection,
  type DealerPush,
} from '../dealer/dealer';
import type { BusMessage, RealtimeBus, Route } from './bus';

/*
 * Every push of the provider goes through here (issue 14 Realtime across instances; spec 001 §7
 * Realtime socket, Product state, Track-playback service): to a user, to one connection (a device's),
 * or a revocation that closes sockets wherever they are. The bus says which instance holds a
 * connection; a push for a socket of this instance goes straight to the dealer, one for another
 * instance goes on that instance's channel.
 */

/** How often an instance rewrites its routes (ours); a route lives DEFAULT_ROUTE_TTL_MS (three of these) without it. */
export const ROUTE_HEARTBEAT_MS = 5_000;

export interface Realtime {
  /** This instance's id in the routing (random per process). */
  readonly instanceId: string;
  /** A push to every live connection of the user, on every instance; answers how many were routed. */
  push(userId: string, payload: DealerPush): Promise<number>;
  /**
   * A push to one connection, wherever it is; false when no instance holds it (or, given `userId`,
   * when it is not that user's: a push never reaches another user's socket).
   */
  pushTo(connectionId: string, payload: DealerPush, userId?: string): Promise<boolean>;
  /** The user of a live connection on any instance, or null. */
  ownerOf(connectionId: string): Promise<string | null>;
  /** The user's live connection ids on every instance. */
  liveConnections(userId: string): Promise<ReadonlySet<string>>;
  /** Closes the connections opened with these tokens on every instance (logout: 4000 by default). */
  closeTokens(tokens: readonly string[], code?: number, reason?: string): Promise<void>;
  /** Whether the bus's backing service answers (/readyz). */
  ping(): Promise<void>;
}

export interface RealtimeHub extends Realtime {
  /** For the dealer's onOpen/onClose. */
  opened(connection: DealerConnection): Promise<void>;
  closed(connection: DealerConnection): void;
  /** Subscribes this instance's channels and starts the heartbeat (before the server listens). */
  start(): Promise<void>;
  /** Stops the heartbeat and releases what routes are left (after the dealer closed its sockets). */
  stop(): Promise<void>;
}

export interface RealtimeHubOptions {
  readonly bus: RealtimeBus;
  /** The dealer is created after the hub (its hooks call the hub): looked up when needed. */
  readonly dealer: () => Dealer;
  readonly instanceId?: string;
  readonly heartbeatMs?: number;
  /** The user's live dealer connections on all instances together (issue 12 cap; dealer.ts MAX_CONNECTIONS_PER_USER). */
  readonly maxConnectionsPerUser?: number;
  readonly logError?: (error: unknown, context: string) => void;
}

const instanceChannel = (instanceId: string) => `instance:${instanceId}`;
const BROADCAST = 'broadcast';

type Envelope =
  | { readonly kind: 'push-user'; readonly userId: string; readonly payload: DealerPush }
  | { readonly kind: 'push-connection'; readonly connectionId: string; readonly payload: DealerPush }
  | { readonly kind: 'close-tokens'; readonly from: string; readonly digests: readonly string[]; readonly code: number; readonly reason: string }
  | { readonly kind: 'close-connection'; readonly connectionId: string; readonly code: number; readonly reason: string };

const isString = (value: unknown): value is string => typeof value === 'string';
const isPush = (value: unknown): value is DealerPush => typeof value === 'object' && value !== null;

/** A bus message as one of ours, or null (anything else on the channel is ignored). */
function envelopeOf(message: BusMessage): Envelope | null {
  switch (message.kind) {
    case 'push-user':
      return isString(message.userId) && isPush(message.payload) ? (message as unknown as Envelope) : null;
    case 'push-connection':
      return isString(message.connectionId) && isPush(message.payload) ? (message as unknown as Envelope) : null;
    case 'close-tokens':
      return isString(message.from) &&
        Array.isArray(message.digests) &&
        message.digests.every(isString) &&
        typeof message.code === 'number' &&
        isString(message.reason)
        ? (message as unknown as Envelope)
        : null;
    case 'close-connection':
      return isString(message.connectionId) && typeof message.code === 'number' && isString(message.reason) ? (message as unknown as Envelope) : null;
    default:
      return null;
  }
}

export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const { bus } = options;
  const instanceId = options.instanceId ?? randomBytes(9).toString('base64url');
  const logError = options.logError ?? (() => undefined);
  // The routes this instance holds, which its heartbeat keeps alive.
  const mine = new Map<string, Route>();
  let heartbeat: NodeJS.Timeout | null = null;

  const deliver = (envelope: Envelope): void => {
    const dealer = options.dealer();
    if (envelope.kind === 'push-user') dealer.push(envelope.userId, envelope.payload);
    else if (envelope.kind === 'push-connection') dealer.pushTo(envelope.connectionId, envelope.payload);
    else if (envelope.kind === 'close-connection') dealer.closeConnection(envelope.connectionId, envelope.code, envelope.reason);
    else dealer.closeTokenDigests(envelope.digests, envelope.code, envelope.reason);
  };
  /** Closes a connection over the user's cap, on whichever instance holds it. */
  const closeOverCap = async (route: Route): Promise<void> => {
    if (route.instanceId === instanceId) options.dealer().closeConnection(route.connectionId, CLOSE_OVER_CAP.code, CLOSE_OVER_CAP.reason);
    else await bus.publish(instanceChannel(route.instanceId), { kind: 'close-connection', connectionId: route.connectionId, ...CLOSE_OVER_CAP });
  };
  const hear = (message: BusMessage): void => {
    const envelope = envelopeOf(message);
    if (envelope === null) return logError(new Error(`unknown bus message ${String(message.kind)}`), 'realtime bus');
    // Our own revocation was already carried out here before it was published.
    if (envelope.kind === 'close-tokens' && envelope.from === instanceId) return;
    deliver(envelope);
  };

  const refresh = (): void => {
    bus.refresh([...mine.values()]).catch((error: unknown) => logError(error, 'realtime heartbeat'));
  };

  return {
    instanceId,
    push: async (userId, payload) => {
      const routes = await bus.routesOf(userId);
      const elsewhere = new Set(routes.filter((route) => route.instanceId !== instanceId).map((route) => route.instanceId));
      // Local sockets directly (no round trip); one message per other instance that holds some.
      const here = options.dealer().push(userId, payload);
      await Promise.all([...elsewhere].map((other) => bus.publish(instanceChannel(other), { kind: 'push-user', userId, payload })));
      return here + routes.filter((route) => route.instanceId !== instanceId).length;
    },
    pushTo: async (connectionId, payload, userId) => {
      const route = mine.get(connectionId) ?? (await bus.routeOf(connectionId));
      if (route === null || (userId !== undefined && route.userId !== userId)) return false;
      if (route.instanceId === instanceId) return options.dealer().pushTo(connectionId, payload);
      await bus.publish(instanceChannel(route.instanceId), { kind: 'push-connection', connectionId, payload });
      return true;
    },
    ownerOf: async (connectionId) => (mine.get(connectionId) ?? (await bus.routeOf(connectionId)))?.userId ?? null,
    liveConnections: async (userId) => new Set((await bus.routesOf(userId)).map((route) => route.connectionId)),
    closeTokens: async (tokens, code = CLOSE_TOKEN_REVOKED.code, reason = CLOSE_TOKEN_REVOKED.reason) => {
      const digests = tokens.map(tokenDigest);
      options.dealer().closeTokenDigests(digests, code, reason);
      // Whose sockets the tokens opened is not known here: every instance checks its own.
      await bus.publish(BROADCAST, { kind: 'close-tokens', from: instanceId, digests, code, reason });
    },
    ping: () => bus.ping(),
    opened: async (connection) => {
      const route: Route = { connectionId: connection.id, userId: connection.userId, instanceId, openedAt: connection.openedAt };
      mine.set(connection.id, route);
      // Issue 14: the cap counts the user's sockets on every instance (the dealer alone sees only its own).
      const over = await bus.claim(route, options.maxConnectionsPerUser ?? MAX_CONNECTIONS_PER_USER);
      // The new connection is routed: an eviction that cannot be sent is logged, not held against it.
      await Promise.all(over.map((old) => closeOverCap(old).catch((error: unknown) => logError(error, 'realtime cap'))));
    },
    closed: (connection) => {
      const route = mine.get(connection.id);
      if (route === undefined) return;
      mine.delete(connection.id);
      bus.release(route).catch((error: unknown) => logError(error, 'realtime release'));
    },
    start: async () => {
      await bus.subscribe(instanceChannel(instanceId), hear);
      await bus.subscribe(BROADCAST, hear);
      if (heartbeat === null && bus.kind !== 'in-process') {
        heartbeat = setInterval(refresh, options.heartbeatMs ?? ROUTE_HEARTBEAT_MS);
        // The heartbeat alone must not keep a process alive.
        heartbeat.unref();
      }
    },
    stop: async () => {
      if (heartbeat !== null) clearInterval(heartbeat);
      heartbeat = null;
      const left = [...mine.values()];
      mine.clear();
      await Promise.all(left.map((route) => bus.release(route))).catch((error: unknown) => logError(error, 'realtime stop'));
    },
  };
}
