import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TokenGrant } from '../accounts/tokens';
import { authenticateFrame } from '../../core/engine/transport/dealer-frame';
import { CLOSE_AUTHENTICATION_REFUSED } from './authenticate';
import { rawDataText } from './raw-data';
import { registerDealer } from './routes';

/*
 * spec 001 §7 Realtime socket: "access_token as query parameter ... Authenticated with the token
 * after connecting." The dealer on loopback answers the engine's authentication request frame.
 */
const GRANTS: Record<string, TokenGrant> = {
  good: { accountId: 'u1', country: 'SE', product: 'premium' },
  refreshed: { accountId: 'u1', country: 'SE', product: 'premium' },
  other: { accountId: 'u2', country: 'SE', product: 'premium' },
};

let app: FastifyInstance;
let base: string;

beforeEach(async () => {
  app = Fastify();
  registerDealer(app, { verify: (token) => GRANTS[token] ?? null, publicUrl: '', now: () => 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  base = `127.0.0.1:${address.port}`;
});
afterEach(() => app.close());

interface Client {
  readonly ws: WebSocket;
  next(): Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
}

async function connect(token: string): Promise<Client> {
  const ws = new WebSocket(`ws://${base}/dealer?access_token=${token}`);
  const frames: unknown[] = [];
  const waiters: Array<(frame: unknown) => void> = [];
  ws.on('message', (data) => {
    const frame: unknown = JSON.parse(rawDataText(data));
    const waiter = waiters.shift();
    if (waiter !== undefined) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const next = () =>
    frames.length > 0
      ? Promise.resolve(frames.shift())
      : new Promise<unknown>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no frame within 5 s')), 5000);
          waiters.push((frame) => (clearTimeout(timer), resolve(frame)));
        });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  // The connection id comes first.
  expect(await next()).toMatchObject({ type: 'message', headers: { 'Spotify-Connection-Id': expect.any(String) } });
  return { ws, next, closed };
}

describe('dealer authentication (spec 001 §7 Realtime socket: authenticated with the token after connecting)', () => {
  it('accepts the token the connection was opened with, and a refreshed token of the same user', async () => {
    const c = await connect('good');
    c.ws.send(JSON.stringify(authenticateFrame('good')));
    expect(await c.next()).toEqual({ type: 'reply', key: 'authenticate', payload: { success: true } });
    c.ws.send(JSON.stringify(authenticateFrame('refreshed')));
    expect(await c.next()).toEqual({ type: 'reply', key: 'authenticate', payload: { success: true } });
    expect(app.dealer.connections()).toHaveLength(1);
    c.ws.close();
  });

  it.each([
    ['an unknown token', 'nope'],
    ["another user's token", 'other'],
  ])('refuses %s: a failed reply, then the socket closed 1008 (the engine retries the authentication)', async (_name, token) => {
    const c = await connect('good');
    c.ws.send(JSON.stringify(authenticateFrame(token)));
    expect(await c.next()).toEqual({ type: 'reply', key: 'authenticate', payload: { success: false } });
    expect(await c.closed).toEqual({ code: CLOSE_AUTHENTICATION_REFUSED.code, reason: CLOSE_AUTHENTICATION_REFUSED.reason });
    expect(app.dealer.connections()).toEqual([]);
  });

  it('refuses an authentication without a token; other request frames from the engine are ignored', async () => {
    const c = await connect('good');
    c.ws.send(JSON.stringify({ type: 'request', key: 'x', message_ident: 'hm://something-else', message: {} }));
    c.ws.send(JSON.stringify({ type: 'request', key: 'authenticate', message_ident: 'hm://pusher/v1/authenticate', message: {} }));
    expect(await c.next()).toEqual({ type: 'reply', key: 'authenticate', payload: { success: false } });
    expect((await c.closed).code).toBe(1008);
  });
});
