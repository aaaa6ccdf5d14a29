// Issue 12 (a stated cap of dealer sockets per user, the oldest closed with a reason) held across
// instances (issue 14): the user's sockets are counted on every instance together (in Redis with
// REDIS_URL, in process without it), so the 11th socket, whatever instance it lands on, closes the
// user's oldest, wherever that one is.
import WebSocket from 'ws';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { CLOSE_OVER_CAP, MAX_CONNECTIONS_PER_USER } from './dealer';

jest.setTimeout(60_000);

interface Socket {
  readonly ws: WebSocket;
  /** Where it was opened ('a' or 'b'). */
  readonly on: string;
  readonly closed: Promise<{ code: number; reason: string }>;
  isClosed(): boolean;
}

/** A dealer socket on `server`, once its connection id has come (it is routed by then). */
function openDealer(server: PlaybackTestServer, token: string, on: string): Promise<Socket> {
  const ws = new WebSocket(`${server.server.url('/dealer').replace('http:', 'ws:')}?access_token=${token}`);
  let done = false;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => {
      done = true;
      resolve({ code, reason: reason.toString() });
    }),
  );
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ws, on, closed, isClosed: () => done }));
    ws.once('error', reject);
  });
}

interface Pair {
  readonly a: PlaybackTestServer;
  readonly b: PlaybackTestServer;
  stop(): Promise<void>;
}

describe.each([
  [
    'two instances sharing Redis',
    async (): Promise<Pair> => {
      const redis: TestRedis = await startTestRedis();
      const a = await startPlaybackTestServer({ redisUrl: redis.url });
      const b = await startPlaybackTestServer({ redisUrl: redis.url }, a.server.dataDir);
      return {
        a,
        b,
        stop: async () => {
          await b.stop({ keepData: true });
          await a.stop();
          await redis.stop();
        },
      };
    },
  ],
  [
    'one instance, in-process count',
    async (): Promise<Pair> => {
      const a = await startPlaybackTestServer();
      return { a, b: a, stop: () => a.stop() };
    },
  ],
])('the per-user cap of dealer sockets: %s', (_name, start) => {
  let pair: Pair | undefined;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await pair?.stop();
  });

  it(`counts the user's sockets on every instance: the ${MAX_CONNECTIONS_PER_USER + 1}th, on either, closes the oldest (4000, with the reason) and no other`, async () => {
    pair = await start();
    const { a, b } = pair;
    const token = await a.newUser('premium');
    const stranger = await a.newUser('premium');
    // Another user's sockets never count toward this one's cap.
    const others = [await openDealer(b, stranger, 'b'), await openDealer(a, stranger, 'a')];
    sockets.push(...others);
    // Spread over both instances: no instance alone holds more than 5 of them.
    for (let n = 0; n < MAX_CONNECTIONS_PER_USER; n += 1) sockets.push(await openDealer(n % 2 === 0 ? a : b, token, n % 2 === 0 ? 'a' : 'b'));
    const mine = sockets.slice(2);
    expect(mine.filter((socket) => socket.isClosed())).toEqual([]);

    // The 11th lands on B: the oldest, on A, is closed.
    const eleventh = await openDealer(b, token, 'b');
    sockets.push(eleventh);
    expect(await mine[0]!.closed).toEqual({ code: CLOSE_OVER_CAP.code, reason: CLOSE_OVER_CAP.reason });
    // The 12th lands on A: the next oldest, on B, is closed.
    sockets.push(await openDealer(a, token, 'a'));
    expect(await mine[1]!.closed).toEqual({ code: CLOSE_OVER_CAP.code, reason: CLOSE_OVER_CAP.reason });

    const open = sockets.filter((socket) => !socket.isClosed());
    expect(open).toHaveLength(MAX_CONNECTIONS_PER_USER + others.length);
    expect(others.every((socket) => socket.ws.readyState === WebSocket.OPEN)).toBe(true);
  });
});
