import WebSocket from 'ws';
import type { SocketPort } from '../../core/ports';
import { createWebSocketPort, type WebSocketLike } from '../browser/web-socket';

/** SocketPort over the `ws` package, for Node (tests, command-line tools): same events as the browser's WebSocket. */
export function createNodeSocket(): SocketPort {
  return createWebSocketPort((url) => new WebSocket(url) as unknown as WebSocketLike);
}
