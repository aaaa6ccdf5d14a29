import { Observable } from 'rxjs';
import type { SocketConnection, SocketEvent, SocketPort } from '../../core/ports';

/** The part of the WebSocket API the port uses: the browser's WebSocket and the `ws` package's both have it. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null;
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;
const CLOSING = 2;
/** RFC 6455 1000: the code used when the engine just stops listening (unsubscribes). */
const NORMAL_CLOSURE = 1000;

/**
 * SocketPort over WebSocket (thin: no decisions). Subscribing to a connection's events$ creates the
 * socket; its events pass through raw (text frames only: the dealer speaks JSON text), a close
 * event completes the stream, and unsubscribing before that closes the socket.
 */
export function createWebSocketPort(create: (url: string) => WebSocketLike): SocketPort {
  return {
    open: (url): SocketConnection => {
      let socket: WebSocketLike | null = null;
      const events$ = new Observable<SocketEvent>((subscriber) => {
        const ws = create(url);
        socket = ws;
        ws.onopen = () => subscriber.next({ kind: 'open' });
        ws.onmessage = (event) => {
          if (typeof event.data === 'string') subscriber.next({ kind: 'message', text: event.data });
        };
        ws.onerror = () => subscriber.next({ kind: 'error' });
        ws.onclose = (event) => {
          subscriber.next({ kind: 'close', code: event.code, reason: event.reason });
          subscriber.complete();
        };
        return () => {
          ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
          if (ws.readyState < CLOSING) ws.close(NORMAL_CLOSURE, '');
          socket = null;
        };
      });
      return {
        events$,
        send: (text) => {
          if (socket !== null && socket.readyState === OPEN) socket.send(text);
        },
        close: (code, reason) => {
          if (socket !== null && socket.readyState < CLOSING) socket.close(code, reason);
        },
      };
    },
  };
}

/** The browser's WebSocket. */
export function createBrowserSocket(win: { readonly WebSocket: new (url: string) => WebSocket }): SocketPort {
  return createWebSocketPort((url) => new win.WebSocket(url) as unknown as WebSocketLike);
}
