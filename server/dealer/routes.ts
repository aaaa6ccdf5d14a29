import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { DEALER_PATH } from '../../core/engine/transport/constants';
import type { TokenGrant } from '../accounts/tokens';
import { createDealer, type Dealer, type DealerOptions } from './dealer';
import { registerServiceResolveRoute } from './service-resolve-route';

export interface DealerDeps extends DealerOptions {
  /** The bearer lookup (server/accounts/tokens.ts createTokenVerifier). */
  readonly verify: (token: string) => TokenGrant | null;
  /** The provider's public origin; '' answers the request's own host. */
  readonly publicUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The dealer hub, for services that push to engines (product state, player commands). Set by registerDealer. */
    dealer: Dealer;
  }
}

/** Refuses an upgrade with a plain HTTP answer (browsers only see a failed socket, close 1006). */
function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The dealer websocket at DEALER_PATH (spec 001 §7 Realtime socket: access_token in the query) on
 * the fastify server, and the service resolve that names it. Tokens of logged-in users only:
 * none or an unknown/expired one → 401, an anonymous one → 403 (the dealer is for full playback).
 */
export function registerDealer(app: FastifyInstance, deps: DealerDeps): Dealer {
  const dealer = createDealer(deps);
  // 64 KiB is plenty for the engine's frames (pings and replies).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://dealer.invalid');
    if (url.pathname !== DEALER_PATH) {
      // Another upgrade handler may own other paths; alone, answer 404 rather than leave the socket hanging.
      if (app.server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found');
      return;
    }
    const token = url.searchParams.get('access_token');
    const grant = token === null || token === '' ? null : deps.verify(token);
    if (grant === null) return refuse(socket, 401, 'Unauthorized');
    const userId = grant.accountId;
    if (userId === null) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(request, socket, head, (ws) => {
      dealer.accept(ws, userId);
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    dealer.closeAll();
    wss.close();
  });
  registerServiceResolveRoute(app, { publicUrl: deps.publicUrl });
  app.decorate('dealer', dealer);
  return dealer;
}
