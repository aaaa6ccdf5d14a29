import type { SocketEvent } from '../../core/ports';
import { createWebSocketPort, type WebSocketLike } from './web-socket';

class HandSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onclose: WebSocketLike['onclose'] = null;
  readonly sent: string[] = [];
  readonly closes: Array<[number | undefined, string | undefined]> = [];
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(text);
  }
  close(code?: number, reason?: string) {
    this.closes.push([code, reason]);
    this.readyState = 2;
  }
}

function setup() {
  const sockets: HandSocket[] = [];
  const port = createWebSocketPort((url) => {
    const socket = new HandSocket(url);
    sockets.push(socket);
    return socket;
  });
  return { port, sockets };
}

describe('createWebSocketPort (spec 001 §7 Realtime socket, adapter)', () => {
  it('opens only when subscribed and passes events through raw; a close completes', () => {
    const { port, sockets } = setup();
    const connection = port.open('ws://h/dealer?access_token=t');
    expect(sockets).toHaveLength(0);
    const events: SocketEvent[] = [];
    let completed = false;
    connection.events$.subscribe({ next: (e) => events.push(e), complete: () => (completed = true) });
    const ws = sockets[0]!;
    expect(ws.url).toBe('ws://h/dealer?access_token=t');
    ws.readyState = 1;
    ws.onopen?.({});
    ws.onmessage?.({ data: '{"type":"ping"}' });
    ws.onmessage?.({ data: new ArrayBuffer(2) });
    ws.onerror?.({});
    ws.onclose?.({ code: 1006, reason: 'x' });
    expect(events).toEqual([{ kind: 'open' }, { kind: 'message', text: '{"type":"ping"}' }, { kind: 'error' }, { kind: 'close', code: 1006, reason: 'x' }]);
    expect(completed).toBe(true);
  });

  it('sends only while open, closes with the given code, and closes normally on unsubscribe', () => {
    const { port, sockets } = setup();
    const connection = port.open('ws://h');
    connection.send('early');
    const subscription = connection.events$.subscribe();
    const ws = sockets[0]!;
    connection.send('not yet');
    ws.readyState = 1;
    connection.send('now');
    expect(ws.sent).toEqual(['now']);
    connection.close(4000, 'Disconnected');
    expect(ws.closes).toEqual([[4000, 'Disconnected']]);
    subscription.unsubscribe();
    // Already closing: no second close.
    expect(ws.closes).toHaveLength(1);

    const other = port.open('ws://h').events$.subscribe();
    other.unsubscribe();
    expect(sockets[1]!.closes).toEqual([[1000, '']]);
  });
});
