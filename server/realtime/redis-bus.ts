import Redis from 'ioredis';
import type { BusMessage, RealtimeBus, Route } from './bus';

/*
 * The bus over Redis (REDIS_URL): pub/sub for the messages, keys for the routing.
 * - `<prefix>conn:<connectionId>` → `{"u": userId, "i": instanceId}`, with a TTL
 * - `<prefix>user:<userId>` → the set of the user's connection ids, with a TTL
 * - `<prefix>open:<userId>` → the user's connection ids scored by opening time (µs), with a TTL: the
 *   per-user dealer cap across instances (CAP_SCRIPT)
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

/**
 * The per-user cap, in one step on the Redis server (no other instance's claim interleaves):
 * forgets the ids whose route has expired (their instance died), adds the new one scored by the
 * Redis clock (one clock for every instance), and removes the oldest others beyond the cap,
 * answering each with its route's value (`{"u","i"}`, or '' if gone) for the caller to close.
 * KEYS[1] the open set; ARGV: connection id, cap, TTL ms, the route key prefix.
 */
const CAP_SCRIPT = `
local key, id, cap, ttl, conn = KEYS[1], ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
for _, other in ipairs(redis.call('ZRANGE', key, 0, -1)) do
  if other ~= id and redis.call('EXISTS', conn .. other) == 0 then redis.call('ZREM', key, other) end
end
local now = redis.call('TIME')
redis.call('ZADD', key, tonumber(now[1]) * 1000000 + tonumber(now[2]), id)
redis.call('PEXPIRE', key, ttl)
local over = redis.call('ZCARD', key) - cap
local evicted = {}
if over > 0 then
  for _, other in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    if over <= 0 then break end
    if other ~= id then
      redis.call('ZREM', key, other)
      table.insert(evicted, other)
      table.insert(evicted, redis.call('GET', conn .. other) or '')
      over = over - 1
    end
  end
end
return evicted
`;

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
  const openKey = (userId: string) => `${prefix}open:${userId}`;
  const channelName = (channel: string) => `${prefix}${channel}`;
  const write = (pipeline: ReturnType<Redis['pipeline']>, route: Route) =>
    pipeline
      .set(connKey(route.connectionId), JSON.stringify({ u: route.userId, i: route.instanceId }), 'PX', ttl)
      .sadd(userKey(route.userId), route.connectionId)
      .pexpire(userKey(route.userId), ttl)
      // NX: a refresh keeps the opening time the claim gave; it only puts back what a Redis restarted empty lost.
      .zadd(openKey(route.userId), 'NX', (route.openedAt ?? 0) * 1000, route.connectionId)
      .pexpire(openKey(route.userId), ttl);
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
    claim: async (route, cap) => {
      const pipeline = write(commands.pipeline(), route);
      if (cap !== undefined) pipeline.eval(CAP_SCRIPT, 1, openKey(route.userId), route.connectionId, cap, ttl, connKey(''));
      const results = (await pipeline.exec()) ?? [];
      for (const [error] of results) if (error !== null) throw error;
      if (cap === undefined) return [];
      const answer = (results[results.length - 1]?.[1] ?? []) as string[];
      const evicted: Route[] = [];
      for (let i = 0; i + 1 < answer.length; i += 2) {
        const gone = decode(answer[i]!, answer[i + 1] || null);
        if (gone !== null) evicted.push(gone);
      }
      return evicted;
    },
    release: (route) =>
      run(commands.pipeline().del(connKey(route.connectionId)).srem(userKey(route.userId), route.connectionId).zrem(openKey(route.userId), route.connectionId)),
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
      await Promise.all([subscriber, commands].map((client) => withTimeout(client.quit(), PING_TIMEOUT_MS, 'redis quit').catch(() => client.disconnect())));
    },
  };
}
