import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TokenGrant } from '../accounts/tokens';
import { rawDataText } from './raw-data';
import { registerDealer } from './routes';
import { hostPort } from './service-resolve-route';

const GRANTS: Record<string, TokenGrant> = {
  good: { accountId: 'u1', country: 'SE', product: 'premium' },
  other: { accountId: 'u2', country: 'SE', product: 'premium' },
  anon: { accountId: null, country: 'SE', product: 'anonymous' },
};

let app: FastifyInstance;
let base: string;
let ids = 0;

beforeEach(async () => {
  ids = 0;
  app = Fastify();
  registerDealer(app, { verify: (token) => GRANTS[token] ?? null, publicUrl: '', now: () => 1000, connectionId: () => `conn-${++ids}` });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  base = `127.0.0.1:${address.port}`;
});
afterEach(() => app.close());

/** A raw client that keeps every frame it gets, parsed. */
function connect(token: string, path = '/dealer'): Promise<{ ws: WebSocket; frames: unknown[]; next: () => Promise<unknown> }> {
  const ws = new WebSocket(`ws://${base}${path}?access_token=${token}`);
  const frames: unknown[] = [];
  const waiters: Array<(frame: unknown) => void> = [];
  ws.on('message', (data) => {
    const frame: unknown = JSON.parse(rawDataText(data));
    const waiter = waiters.shift();
    if (waiter !== undefined) waiter(frame);
    else frames.push(frame);
  });
  const next = () => (frames.length > 0 ? Promise.resolve(frames.shift()) : new Promise<unknown>((resolve) => waiters.push(resolve)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, next }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('dealer websocket (spec 001 §7 Realtime socket)', () => {
  it('sends the connection id first, in a message whose headers carry Spotify-Connection-Id', async () => {
    const { ws, next } = await connect('good');
    expect(await next()).toEqual({
      type: 'message',
      method: 'PUT',
      uri: 'hm://pusher/v1/connections/conn-1',
      headers: { 'Spotify-Connection-Id': 'conn-1' },
    });
    expect(app.dealer.connections()).toEqual([{ id: 'conn-1', userId: 'u1', openedAt: 1000 }]);
    ws.close();
  });

  it('answers ping with pong and ignores bad frames', async () => {
    const { ws, next } = await connect('good');
    await next();
    ws.send('garbage');
    ws.send(JSON.stringify({ type: 'ping' }));
    expect(await next()).toEqual({ type: 'pong' });
    ws.close();
  });

  it.each([
    ['no token', '', 'HTTP 401'],
    ['an unknown token', 'nope', 'HTTP 401'],
    ['an anonymous token', 'anon', 'HTTP 403'],
  ])('refuses %s', async (_name, token, error) => {
    await expect(connect(token)).rejects.toThrow(error);
  });

  it('refuses other upgrade paths with 404', async () => {
    await expect(connect('good', '/elsewhere')).rejects.toThrow('HTTP 404');
  });

  it("pushes messages and requests to a user's connections only, and hears replies", async () => {
    const a = await connect('good');
    const b = await connect('other');
    await a.next();
    await b.next();
    const replies: unknown[] = [];
    app.dealer.onReply((connectionId, reply) => replies.push([connectionId, reply]));
    expect(app.dealer.push('u1', { uri: 'hm://product-state', payloads: [{ ads: '0' }] })).toBe(1);
    expect(await a.next()).toEqual({ type: 'message', uri: 'hm://product-state', payloads: [{ ads: '0' }] });
    expect(app.dealer.pushTo('conn-1', { type: 'request', key: 'k1', message_ident: 'hm://cmd', message: { c: 1 } })).toBe(true);
    expect(await a.next()).toEqual({ type: 'request', key: 'k1', message_ident: 'hm://cmd', message: { c: 1 } });
    a.ws.send(JSON.stringify({ type: 'reply', key: 'k1', payload: { success: true } }));
    // The pong to a later ping shows the reply was read before it.
    a.ws.send(JSON.stringify({ type: 'ping' }));
    await a.next();
    expect(replies).toEqual([['conn-1', { type: 'reply', key: 'k1', payload: { success: true } }]]);
    expect(b.frames).toEqual([]);
    expect(app.dealer.pushTo('missing', { uri: 'x' })).toBe(false);
    a.ws.close();
    b.ws.close();
  });

  it("drops a user's connections with 1001, and forgets closed ones", async () => {
    const { ws, next } = await connect('good');
    await next();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(app.dealer.drop('u1')).toBe(1);
    expect(await closed).toBe(1001);
    expect(app.dealer.connections('u1')).toEqual([]);
  });
});

describe('GET /apresolve (spec 001 §7 Service resolve)', () => {
  it('names this server as dealer and web gateway, host:port, from the request host when the public URL is relative', async () => {
    const answer = await fetch(`http://${base}/apresolve?type=dealer&type=spclient`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ dealer: [base], spclient: [base] });
  });

  it('answers only the types asked for (both when none is)', async () => {
    expect(await (await fetch(`http://${base}/apresolve?type=dealer`)).json()).toEqual({ dealer: [base] });
    expect(await (await fetch(`http://${base}/apresolve`)).json()).toEqual({ dealer: [base], spclient: [base] });
    expect(await (await fetch(`http://${base}/apresolve?type=other`)).json()).toEqual({});
  });

  it('uses the public URL when one is set, with its default port', async () => {
    const other = Fastify();
    registerDealer(other, { verify: () => null, publicUrl: 'https://provider.test' });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const answer = await fetch(`http://127.0.0.1:${address.port}/apresolve?type=dealer&type=spclient`);
    expect(await answer.json()).toEqual({ dealer: ['provider.test:443'], spclient: ['provider.test:443'] });
    expect(hostPort('https://provider.test')).toBe('provider.test:443');
    expect(hostPort('http://provider.test')).toBe('provider.test:80');
    expect(hostPort('http://[::1]:8080')).toBe('[::1]:8080');
    await other.close();
  });
});
