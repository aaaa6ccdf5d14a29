// Issue 14 Realtime across instances: every push reaches its listener whatever instance holds the
// dealer socket (spec 001 §7 Realtime socket, Product state, Track-playback service). Two app
// instances share one Redis (REDIS_URL) and one database; the listener's socket is on A and the cause
// goes through B. The same tests run on one instance with the in-process bus (the default).
import WebSocket from 'ws';
import { PRODUCT_STATE_EVENT_URI } from '../../core/engine/player/product-state.epic';
import { logInCookie } from '../accounts/login-client';
import { CLOSE_TOKEN_REVOKED } from '../dealer/dealer';
import { COMMAND_MESSAGE_IDENT } from '../playback/device-commands';
import { registrationBody, startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { TRACK_PLAYBACK_DEVICES_PATH } from '../playback/track-playback-routes';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { sessionCookie } from '../web-api/api-test-client';

jest.setTimeout(30_000);

interface Pair {
  /** Holds the listener's dealer socket. */
  readonly a: PlaybackTestServer;
  /** Where the cause (product change, player command, logout) is sent. */
  readonly b: PlaybackTestServer;
  stop(): Promise<void>;
}

async function twoInstancesOnRedis(): Promise<Pair> {
  const redis: TestRedis = await startTestRedis();
  const a = await startPlaybackTestServer({ redisUrl: redis.url, demoProductChange: true });
  // The same data directory: one database behind both instances, as Postgres would be.
  const b = await startPlaybackTestServer({ redisUrl: redis.url, demoProductChange: true }, a.server.dataDir);
  return {
    a,
    b,
    stop: async () => {
      await b.stop({ keepData: true });
      await a.stop();
      await redis.stop();
    },
  };
}

async function oneInstanceInProcess(): Promise<Pair> {
  const a = await startPlaybackTestServer({ demoProductChange: true });
  return { a, b: a, stop: () => a.stop() };
}

/** A raw dealer socket on `server` and the close it ends with. */
function openDealer(server: PlaybackTestServer, token: string): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`${server.server.url('/dealer').replace('http:', 'ws:')}?access_token=${token}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ws, closed }));
    ws.once('error', reject);
  });
}

describe.each([
  ['two instances sharing Redis: the socket on A, the cause through B', twoInstancesOnRedis],
  ['one instance, in-process bus', oneInstanceInProcess],
])('%s', (_name, start) => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await start();
  });
  afterAll(() => pair?.stop());

  it('a product change through B pushes the product-state event to the connection on A that was registered through B (spec 001 §7 Product state)', async () => {
    const { a, b } = pair;
    const token = await a.token('demo');
    const dealer = await a.dealer(token);
    // B finds A's connection in the routing: the registration is accepted (404 if B knew only its own sockets).
    const registered = await b.request('PUT', `/v1/me/notifications/user?connection_id=${encodeURIComponent(dealer.connectionId)}`, { token });
    expect(registered.status).toBe(204);
    const cookie = await logInCookie(b.server.url(''), 'demo', 'demo');
    const change = (product: string) =>
      fetch(b.server.url('/account/product'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ product, continue: '/' }).toString(),
        redirect: 'manual',
      });
    expect((await change('free')).status).toBe(303);
    expect(await dealer.next()).toMatchObject({
      type: 'message',
      uri: PRODUCT_STATE_EVENT_URI,
      payloads: [expect.objectContaining({ product: 'free', ads: '1' })],
    });
    expect((await change('premium')).status).toBe(303);
    expect((await dealer.next()).payloads[0]).toMatchObject({ product: 'premium', ads: '0' });
    dealer.close();
  });

  it('a player command sent to B reaches the device whose socket is on A (spec 001 §7 Remote-control and Track-playback services)', async () => {
    const { a, b } = pair;
    const token = await a.newUser('premium');
    const dealer = await a.dealer(token);
    // Registered through B on A's connection id: B sees it live (400 if it did not).
    const registration = await b.request('POST', TRACK_PLAYBACK_DEVICES_PATH, { token, body: registrationBody(dealer.connectionId, 'device-on-a') });
    expect(registration.status).toBe(200);
    const answer = await b.request('POST', '/connect-state/v1/player/command/from/controller/to/device-on-a', {
      token,
      body: { command: { endpoint: 'set_volume', volume: 1234 } },
    });
    expect(answer.status).toBe(200);
    expect(await dealer.next()).toMatchObject({
      type: 'request',
      message_ident: COMMAND_MESSAGE_IDENT,
      message: { type: 'set_volume', volume: 1234, message_id: answer.json().ack_id, sent_by_device_id: 'controller' },
    });
    // Another user's command never finds the device, on any instance.
    const stranger = await a.newUser('premium');
    expect(
      (await b.request('POST', '/connect-state/v1/player/command/from/x/to/device-on-a', { token: stranger, body: { command: { endpoint: 'ping' } } })).status,
    ).toBe(404);
    dealer.close();
  });

  it("a logout through B closes that session's dealer socket on A with 4000, and no other session's (issue 12, on every instance)", async () => {
    const { a, b } = pair;
    const leaving = await sessionCookie(b.server);
    const staying = await sessionCookie(b.server);
    const tokenOf = async (cookie: string): Promise<string> =>
      ((await (await fetch(b.server.url('/access_token?reason=test&productType=web_player'), { headers: { cookie } })).json()) as { accessToken: string })
        .accessToken;
    const revoked = await openDealer(a, await tokenOf(leaving));
    const other = await openDealer(a, await tokenOf(staying));
    const logout = await fetch(b.server.url('/logout'), { headers: { cookie: leaving, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    expect(logout.status).toBe(303);
    expect(await revoked.closed).toEqual({ code: 4000, reason: CLOSE_TOKEN_REVOKED.reason });
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
    await other.closed;
  });
});
