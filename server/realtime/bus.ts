/*
 * The realtime bus (issue 14 Realtime across instances): how a push reaches the instance that holds
 * the listener's dealer socket. Two implementations: in-process (one instance, the default) and Redis
 * (REDIS_URL; several instances). server/realtime/hub.ts puts the dealer's pushes on it.
 */

/** Which instance holds a dealer connection, and whose it is. */
export interface Route {
  readonly connectionId: string;
  readonly userId: string;
  readonly instanceId: string;
  /** When the connection opened (epoch ms): the per-user cap closes the oldest. Given to claim and refresh only. */
  readonly openedAt?: number;
}

/** What travels on the bus: JSON values only (the Redis bus sends them as text). */
export type BusMessage = { readonly [key: string]: unknown };

export interface RealtimeBus {
  readonly kind: 'in-process' | 'redis';
  /** Delivers the message to every subscriber of the channel, on every instance. */
  publish(channel: string, message: BusMessage): Promise<void>;
  /** Hears the channel's messages from now on (the subscription is live once this settles). */
  subscribe(channel: string, handler: (message: BusMessage) => void): Promise<void>;
  /**
   * Routes a connection to its instance (until released, or until its instance stops refreshing it).
   * Given a cap, also counts the user's routes on every instance, the new one included, in one step
   * (two instances claiming at once never both stay under it): answers the oldest others beyond the
   * cap, which the caller closes; they no longer count. Routes of a dead instance stop counting as
   * they expire.
   */
  claim(route: Route, cap?: number): Promise<readonly Route[]>;
  release(route: Route): Promise<void>;
  /** Re-asserts the routes an instance holds: its heartbeat. Routes not refreshed expire (Redis). */
  refresh(routes: readonly Route[]): Promise<void>;
  routeOf(connectionId: string): Promise<Route | null>;
  routesOf(userId: string): Promise<Route[]>;
  /** Resolves when the bus's backing service answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process's bus: channels and routes in memory. What today's single instance needs: every
 * push is local, nothing expires but what is released.
 */
export function createInProcessBus(): RealtimeBus {
  const handlers = new Map<string, Set<(message: BusMessage) => void>>();
  const routes = new Map<string, Route>();
  return {
    kind: 'in-process',
    publish: async (channel, message) => {
      for (const handler of handlers.get(channel) ?? []) handler(message);
    },
    subscribe: async (channel, handler) => {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
    },
    claim: async (route, cap) => {
      routes.set(route.connectionId, route);
      if (cap === undefined) return [];
      // Insertion order is claim order: the first of the user's others are the oldest.
      const others = [...routes.values()].filter((other) => other.userId === route.userId && other.connectionId !== route.connectionId);
      return others.slice(0, Math.max(0, others.length + 1 - cap));
    },
    release: async (route) => {
      routes.delete(route.connectionId);
    },
    refresh: async () => undefined,
    routeOf: async (connectionId) => routes.get(connectionId) ?? null,
    routesOf: async (userId) => [...routes.values()].filter((route) => route.userId === userId),
    ping: async () => undefined,
    close: async () => {
      handlers.clear();
      routes.clear();
    },
  };
}
