import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TokenGrant } from '../accounts/tokens';
import { CLOSE_OVER_CAP, CLOSE_TOKEN_INVALID, CLOSE_TOKEN_REVOKED, type DealerTimers } from './dealer';
import { rawDataText } from './raw-data';
import { dealerTarget, registerDealer } from './routes';
import { decideAfterClose } from '../../core/engine/transport/close-decision';
import { initialTransportState } from '../../core/engine/transport/state';

/*
 * Issue 12 Hardening, dealer sockets: a stated cap per user (the oldest closed with a reason), a
 * server heartbeat that drops dead sockets, a socket whose token is revoked or expired is closed,
 * and no callback outside fastify's handlers can end the process.
 */

let grants: Record<string, TokenGrant>;
let app: FastifyInstance;
let base: string;
let ids = 0;
/** The heartbeat's interval callbacks, by handle; a test runs a tick by hand. */
let intervals: Map<number, () => void>;

const timers: DealerTimers = {
  setInterval: (callback) => {
    const handle = intervals.size + 1 + Math.max(0, ...intervals.keys());
    intervals.set(handle, callback);
    return handle;
  },
  clearInterval: (handle) => void intervals.delete(handle as number),
};
const tick = () => [...intervals.values()].forEach((callback) => callback());

beforeEach(async () => {
  ids = 0;
  intervals = new Map();
  grants = {
    a1: { accountId: 'u1', country: 'SE', product: 'premium' },
    a2: { accountId: 'u1', country: 'SE', product: 'premium' },
    a3: { accountId: 'u1', country: 'SE', product: 'premium' },
    b1: { accountId: 'u2', country: 'SE', product: 'premium' },
  };
  app = Fastify();
  registerDealer(app, {
    verify: (token) => grants[token] ?? null,
    publicUrl: '',
    connectionId: () => `conn-${++ids}`,
    maxConnectionsPerUser: 2,
    timers,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  base = `127.0.0.1:${address.port}`;
});
afterEach(() => app.close());

interface Client {
  readonly ws: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Sends a ping frame and waits for the dealer's pong: everything sent before it has been read. */
  roundTrip(): Promise<void>;
}

/** Connects and waits for the connection id, the first frame. */
function connect(token: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
  const ws = new WebSocket(`ws://${base}/dealer?access_token=${token}`, options);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        if (JSON.parse(rawDataText(data)).type !== 'pong') return;
        ws.off('message', onMessage);
        resolve();
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ type: 'ping' }));
    });
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ws, closed, roundTrip }));
    ws.once('error', reject);
  });
}

describe('dealer: live connections per user are capped', () => {
  it('closes the oldest connection of the user past the cap, with 4000 and a reason saying why; other users are untouched', async () => {
    const other = await connect('b1');
    const first = await connect('a1');
    const second = await connect('a2');
    expect(app.dealer.connections('u1').map((c) => c.id)).toEqual(['conn-2', 'conn-3']);
    const third = await connect('a3');
    // 4000 is spec 001 §9's closing code: the engine disconnects rather than reconnect and push out another one.
    expect(await first.closed).toEqual({ code: CLOSE_OVER_CAP.code, reason: CLOSE_OVER_CAP.reason });
    expect(CLOSE_OVER_CAP.code).toBe(4000);
    expect(app.dealer.connections('u1').map((c) => c.id)).toEqual(['conn-3', 'conn-4']);
    expect(app.dealer.connections('u2')).toHaveLength(1);
    for (const c of [other, second, third]) c.ws.close();
  });
});

describe('dealer: the server heartbeat drops dead sockets', () => {
  it('pings every live socket on each tick and keeps one that answers', async () => {
    const client = await connect('a1');
    const pinged = new Promise((resolve) => client.ws.once('ping', resolve));
    tick();
    await pinged;
    // The automatic pong went out before this round trip's ping.
    await client.roundTrip();
    tick();
    await client.roundTrip();
    expect(app.dealer.connections('u1')).toHaveLength(1);
    client.ws.close();
  });

  it('terminates a socket that has not answered by the next tick', async () => {
    const silent = await connect('a1', { autoPong: false });
    tick();
    // No frame from the client since the first ping.
    await new Promise((resolve) => silent.ws.once('ping', resolve));
    tick();
    expect((await silent.closed).code).toBe(1006);
    expect(app.dealer.connections()).toEqual([]);
  });

  it('runs no timer once no connection is left, nor after the server closes', async () => {
    expect(intervals.size).toBe(0);
    const client = await connect('a1');
    expect(intervals.size).toBe(1);
    client.ws.close();
    await client.closed;
    await new Promise((resolve) => setImmediate(resolve));
    await waitFor(() => app.dealer.connections().length === 0);
    expect(intervals.size).toBe(0);
    await connect('a1');
    await app.close();
    expect(intervals.size).toBe(0);
  });
});

describe('dealer: a socket whose token is revoked or has expired is closed', () => {
  it('closes, on the heartbeat tick, a socket whose token no longer verifies (1008: an engine with a fresh token reconnects)', async () => {
    const expiring = await connect('a1');
    const staying = await connect('b1');
    delete grants.a1;
    tick();
    expect(await expiring.closed).toEqual({ code: CLOSE_TOKEN_INVALID.code, reason: CLOSE_TOKEN_INVALID.reason });
    await staying.roundTrip();
    expect(app.dealer.connections().map((c) => c.userId)).toEqual(['u2']);
    staying.ws.close();
  });

  it('closeTokens closes at once the sockets of the revoked tokens only, with 4000 (the engine does not retry a revoked token)', async () => {
    const revoked = await connect('a1');
    const sameUserOtherToken = await connect('a2');
    expect(app.dealer.closeTokens(['a1', 'unknown'])).toBe(1);
    expect(await revoked.closed).toEqual({ code: 4000, reason: CLOSE_TOKEN_REVOKED.reason });
    await sameUserOtherToken.roundTrip();
    expect(app.dealer.connections().map((c) => c.id)).toEqual(['conn-2']);
    sameUserOtherToken.ws.close();
  });
});

describe('dealer: an error in a socket callback ends no more than that callback', () => {
  it('a reply listener that throws does not end the process, the socket or the other listeners', async () => {
    const heard: string[] = [];
    app.dealer.onReply(() => {
      throw new Error('listener fault');
    });
    app.dealer.onReply((id) => heard.push(id));
    const client = await connect('a1');
    client.ws.send(JSON.stringify({ type: 'reply', key: 'k', payload: { success: true } }));
    await client.roundTrip();
    expect(heard).toEqual(['conn-1']);
    client.ws.close();
  });

  it.each([
    ['a target the URL parser reads as a bad host', '//['],
    ['a bad host in absolute-form', 'http://[/dealer'],
    ['authority-form', 'localhost:80'],
    ['asterisk-form', '*'],
    ['an empty-looking path', '/%'],
  ])('reads %s (%s) as no dealer path instead of throwing', (_name, target) => {
    expect(() => dealerTarget(target)).not.toThrow();
    expect(dealerTarget(target)?.pathname).not.toBe('/dealer');
  });

  it('reads origin-form and absolute-form dealer targets', () => {
    expect(dealerTarget('/dealer?access_token=t')).toEqual({ pathname: '/dealer', token: 't' });
    expect(dealerTarget('http://host:1/dealer?access_token=t')).toEqual({ pathname: '/dealer', token: 't' });
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("the engine's reaction to the dealer's close codes (core/engine/transport/close-decision.ts)", () => {
  const authenticated = { ...initialTransportState('owner'), status: 'authenticated' as const, attempt: 1, sessionStartedAt: 0, accessToken: 't' };
  const after = (end: { code: number; reason: string }) => decideAfterClose(authenticated, { ...end, opened: true }, 60_000).kind;

  it('an over-cap or revoked close ends the session: no reconnection, so no fight and no loop with a dead token', () => {
    expect(after(CLOSE_OVER_CAP)).toBe('disconnect');
    expect(after(CLOSE_TOKEN_REVOKED)).toBe('disconnect');
  });

  it('an expired-token close reconnects (with the engine’s current, refreshed token), a bounded number of times', () => {
    expect(after(CLOSE_TOKEN_INVALID)).toBe('reconnect');
    const reconnecting = { ...authenticated, status: 'reconnecting' as const, attempt: 3 };
    expect(decideAfterClose(reconnecting, { code: 1006, reason: '', opened: false }, 60_000).kind).toBe('disconnect');
  });
});
