import Redis from 'ioredis';
import type { BusMessage, RealtimeBus, Route } from './bus';

/*
 * The bus over Redis (REDIS_URL): pub/sub for the messages, keys for the routing.
 * - `<prefix>conn:<connectionId>` → `{"u": userId, "i": instanceId}`, with a TTL
 * - `<prefix>user:<userId>` → the set of the user's connection ids, with a TTL
 * Both are rewritten by the owning instance's heartbeat (refresh); an instance that dies stops
 * refreshing and its routes expire after routeTtlMs, so no push is routed to it for longer.
 */

/** How long a route lives without a refresh (ours): three of the hub's 5 s heartbeats. */
export const DEFAULT_ROUTE_TTL_MS = 15_000;
const DEFAULT_PREFIX = 'embed:rt:';
/** A ping that takes longer counts as Redis unreachable (readiness answers in bounded time). */
const PING_TIMEOUT_MS = 2_000;

export interface RedisBusOptions {
  readonly routeTtlMs?: number;
  /** Key and channel prefix: instances that share it share routes and messages. */
  readonly prefix?: string;
  readonly logError?: (error: unknown, context: string) => void;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function connected(client: Redis): Promise<Redis> {
  try {
    await client.connect();
    return client;
  } catch (error) {
    // Without this the client would go on retrying in the background of a server that failed to start.
    client.disconnect();
    throw error;
  }
}

/** Connects to Redis (two connections: subscribed ones take no other commands); fails when it cannot. */
export async function connectRedisBus(url: string, options: RedisBusOptions = {}): Promise<RealtimeBus> {
  const ttl = options.routeTtlMs ?? DEFAULT_ROUTE_TTL_MS;
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const logError = options.logError ?? (() => undefined);
  // A command while Redis is away fails at once (enableOfflineQueue off) rather than hold a request;
  // the clients reconnect by themselves and the subscriber subscribes again.
  const clientOptions = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5_000, disconnectTimeout: 500 } as const;
  const commands = await connected(new Redis(url, clientOptions));
  commands.on('error', (error) => logError(error, 'redis'));
  let subscriber: Redis;
  try {
    subscriber = await connected(new Redis(url, clientOptions));
  } catch (error) {
    commands.disconnect();
    throw error;
  }
  subscriber.on('error', (error) => logError(error, 'redis subscriber'));

  const handlers = new Map<string, Set<(message: BusMessage) => void>>();
  subscriber.on('message', (channel: string, text: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch (error) {
      return logError(error, `redis message on ${channel}`);
    }
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (error) {
        logError(error, `bus handler of ${channel}`);
      }
    }
  });

  const connKey = (connectionId: string) => `${prefix}conn:${connectionId}`;
  const userKey = (userId: string) => `${prefix}user:${userId}`;
  const channelName = (channel: string) => `${prefix}${channel}`;
  const write = (pipeline: ReturnType<Redis['pipeline']>, route: Route) =>
    pipeline
      .set(connKey(route.connectionId), JSON.stringify({ u: route.userId, i: route.instanceId }), 'PX', ttl)
      .sadd(userKey(route.userId), route.connectionId)
      .pexpire(userKey(route.userId), ttl);
  /** Runs a pipeline; any command's error fails it. */
  const run = async (pipeline: ReturnType<Redis['pipeline']>): Promise<void> => {
    for (const [error] of (await pipeline.exec()) ?? []) if (error !== null) throw error;
  };
  const decode = (connectionId: string, text: string | null): Route | null => {
    if (text === null) return null;
    try {
      const { u, i } = JSON.parse(text) as { u?: unknown; i?: unknown };
      return typeof u === 'string' && typeof i === 'string' ? { connectionId, userId: u, instanceId: i } : null;
    } catch {
      return null;
    }
  };

  return {
    kind: 'redis',
    publish: async (channel, message) => {
      await commands.publish(channelName(channel), JSON.stringify(message));
    },
    subscribe: async (channel, handler) => {
      const name = channelName(channel);
      const set = handlers.get(name) ?? new Set();
      set.add(handler);
      if (!handlers.has(name)) {
        handlers.set(name, set);
        await subscriber.subscribe(name);
      }
    },
    claim: (route) => run(write(commands.pipeline(), route)),
    release: (route) => run(commands.pipeline().del(connKey(route.connectionId)).srem(userKey(route.userId), route.connectionId)),
    refresh: async (routes) => {
      // Rewritten rather than only re-timed: a Redis that restarted empty (no persistence) gets them back.
      for (let i = 0; i < routes.length; i += 500) {
        const pipeline = commands.pipeline();
        for (const route of routes.slice(i, i + 500)) write(pipeline, route);
        await run(pipeline);
      }
    },
    routeOf: async (connectionId) => decode(connectionId, await commands.get(connKey(connectionId))),
    routesOf: async (userId) => {
      const ids = await commands.smembers(userKey(userId));
      if (ids.length === 0) return [];
      const values = await commands.mget(ids.map(connKey));
      const routes = ids.map((id, n) => decode(id, values[n] ?? null));
      // The set outlives connections whose instance died: their ids are dropped as they are found.
      const stale = ids.filter((_, n) => routes[n] === null);
      if (stale.length > 0) void commands.srem(userKey(userId), ...stale).catch((error: unknown) => logError(error, 'redis srem'));
      return routes.filter((route): route is Route => route !== null && route.userId === userId);
    },
    ping: async () => {
      await withTimeout(commands.ping(), PING_TIMEOUT_MS, 'redis ping');
    },
    close: async () => {
      handlers.clear();
      await Promise.all(
        [subscriber, commands].map((client) => withTimeout(client.quit(), PING_TIMEOUT_MS, 'redis quit').catch(() => client.disconnect())),
      );
    },
  };
}
