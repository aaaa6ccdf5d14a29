import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { DEALER_PATH } from '../../core/engine/transport/constants';
import type { TokenGrant } from '../accounts/tokens';
import { createInProcessBus, type RealtimeBus } from '../realtime/bus';
import { createRealtimeHub, type Realtime } from '../realtime/hub';
import { CLOSE_SHUTDOWN, createDealer, type Dealer, type DealerConnection, type DealerOptions } from './dealer';
import { registerServiceResolveRoute } from './service-resolve-route';

export interface DealerDeps extends DealerOptions {
  /** The bearer lookup (server/accounts/tokens.ts createTokenVerifier: a database query, so a promise). */
  readonly verify: (token: string) => Promise<TokenGrant | null> | TokenGrant | null;
  /** The provider's public origin; '' answers the request's own host. */
  readonly publicUrl: string;
  /** Where pushes travel between instances (server/realtime): in-process by default; its owner closes it. */
  readonly bus?: RealtimeBus;
  /** How often this instance rewrites its routes on the bus (server/realtime/hub.ts ROUTE_HEARTBEAT_MS). */
  readonly routeHeartbeatMs?: number;
  /** Hears each of this instance's connections once it is closed and unrouted (issue 16: the connect-state cluster drops its device). */
  readonly onConnectionClosed?: (connection: DealerConnection) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's dealer sockets. Set by registerDealer. */
    dealer: Dealer;
    /** Pushes to engines wherever their socket is (product state, player commands, revocations). Set by registerDealer. */
    realtime: Realtime;
  }
}

/** Refuses an upgrade with a plain HTTP answer (browsers only see a failed socket, close 1006). */
function refuse(socket: Duplex, status: number, text: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

/**
 * The path and access token of an upgrade's request target, or null when it cannot be read. Origin-form
 * targets (RFC 9112 §3.2.1, '//x' included: a path, not a host) and absolute-form ones (§3.2.2, which a
 * server must accept) name a path; authority- and asterisk-form ones, and anything malformed, do not.
 */
export function dealerTarget(target: string | undefined): { readonly pathname: string; readonly token: string | null } | null {
  if (target === undefined) return null;
  let url: URL;
  try {
    if (target.startsWith('/')) url = new URL(`http://dealer.invalid${target}`);
    else if (/^https?:\/\//i.test(target)) url = new URL(target);
    else return null;
  } catch {
    return null;
  }
  return { pathname: url.pathname, token: url.searchParams.get('access_token') };
}

/**
 * The dealer websocket at DEALER_PATH (spec 001 §7 Realtime socket: access_token in the query) on
 * the fastify server, and the service resolve that names it. Tokens of logged-in users only:
 * none or an unknown/expired one → 401, an anonymous one → 403 (the dealer is for full playback).
 * The upgrade runs outside fastify's handlers: whatever the request, an error in it ends only its
 * own socket (logged), never the process.
 */
export function registerDealer(app: FastifyInstance, deps: DealerDeps): Dealer {
  const logError = (error: unknown, context: string): void => app.log.warn({ err: error }, context);
  const hub = createRealtimeHub({
    bus: deps.bus ?? createInProcessBus(),
    dealer: () => dealer,
    logError,
    heartbeatMs: deps.routeHeartbeatMs,
    maxConnectionsPerUser: deps.maxConnectionsPerUser,
  });
  const dealer = createDealer({
    logError,
    ...deps,
    onOpen: (connection) => hub.opened(connection),
    onClose: (connection) => {
      hub.closed(connection);
      // Not while the server closes its sockets itself: its stores close next.
      if (!closing) deps.onConnectionClosed?.(connection);
    },
  });
  // 64 KiB is plenty for the engine's frames (pings and replies).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  wss.on('error', (error) => logError(error, 'dealer websocket server'));

  // Set when the server begins closing: an upgrade still looking its token up is dropped, not accepted.
  let closing = false;
  const handleUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    const target = dealerTarget(request.url);
    if (target === null || target.pathname !== DEALER_PATH) {
      // Another upgrade handler may own other paths; alone, answer (400 for a target that names no path) rather than leave the socket hanging.
      if (app.server.listenerCount('upgrade') === 1) return target === null ? refuse(socket, 400, 'Bad Request') : refuse(socket, 404, 'Not Found');
      return;
    }
    const { token } = target;
    const grant = token === null || token === '' ? null : await deps.verify(token);
    // The peer may have gone (or the server begun closing) while the token was looked up.
    if (socket.destroyed || closing) {
      socket.destroy();
      return;
    }
    if (token === null || grant === null) return refuse(socket, 401, 'Unauthorized');
    const userId = grant.accountId;
    if (userId === null) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(request, socket, head, (ws) => {
      // From here the websocket hears its socket's errors (dealer.ts logs them with its connection).
      socket.off('error', onSocketError);
      try {
        dealer.accept(ws, userId, token);
      } catch (error) {
        logError(error, 'dealer accept');
        ws.terminate();
      }
    });
  };
  const onSocketError = (error: Error): void => logError(error, 'dealer upgrade socket');
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Node hands an upgraded socket over without its error listener: a peer's reset would otherwise be uncaught.
    socket.on('error', onSocketError);
    handleUpgrade(request, socket, head).catch((error: unknown) => {
      logError(error, 'dealer upgrade');
      socket.destroy();
    });
  };
  app.server.on('upgrade', onUpgrade);
  // Subscribed before the server listens: no push for this instance is published unheard.
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', async () => {
    closing = true;
    app.server.off('upgrade', onUpgrade);
    // A closing server tells its engines to reconnect (to another instance, or to this one restarted).
    dealer.closeAll(CLOSE_SHUTDOWN.code, CLOSE_SHUTDOWN.reason);
    wss.close();
  });
  app.addHook('onClose', () => hub.stop());
  registerServiceResolveRoute(app, { publicUrl: deps.publicUrl });
  app.decorate('dealer', dealer);
  app.decorate('realtime', hub as Realtime);
  return dealer;
}
