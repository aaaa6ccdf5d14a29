// npm run bench:realtime (issue 14 "Must show"): how many dealer pushes per second reach a socket held
// by another instance, routed through Redis. Two provider instances in this process share a throwaway
// Redis (server/testing/redis.ts) and one SQLite data directory; a listener's dealer socket (a real
// websocket on loopback) is on A, and B pushes to it through app.realtime: to the connection
// (pushTo: a player command's route, one GET of the route then a PUBLISH) and to the user (push: a
// product-state event's, the user's routes then a PUBLISH). The baseline is the same pushTo made on A
// itself (no Redis). The client runs in the same process and shares the machine's cores, so the
// figures are a floor. Bounded in count and in time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { logInCookie } from '../server/accounts/login-client';
import { buildServer } from '../server/app';
import { startTestRedis, type TestRedis } from '../server/testing/redis';
import { fakeDist } from './bench-dist';

export type PushRoute = 'pushTo across instances (Redis)' | 'push to user across instances (Redis)' | 'pushTo on the same instance';

export interface RealtimeFigures {
  readonly route: PushRoute;
  readonly sent: number;
  /** Pushes the socket received (every one sent, unless the deadline cut the wait). */
  readonly received: number;
  readonly seconds: number;
  readonly pushesPerSecond: number;
}

export interface RealtimeBenchOptions {
  /** Pushes per figure. */
  readonly pushes: number;
  /** Pushes in flight at once. */
  readonly concurrency: number;
  /** Each figure stops sending, and waiting, after this long (the figure counts what arrived). */
  readonly deadlineMs: number;
  readonly fixturesDir: string;
}

interface Instance {
  readonly app: FastifyInstance;
  readonly origin: string;
}

async function startInstance(dataDir: string, distDir: string, fixturesDir: string, redisUrl: string): Promise<Instance> {
  const app = await buildServer({ dataDir, distDir, fixturesDir, redisUrl });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { app, origin: `http://127.0.0.1:${port}` };
}

/** The demo listener's dealer socket on `instance`: its connection id, and a count of the bench's pushes it has received. */
async function listenerOn(instance: Instance): Promise<{ connectionId: string; userId: string; received: () => number; close(): void }> {
  const cookie = await logInCookie(instance.origin, 'demo', 'demo');
  const answer = await fetch(`${instance.origin}/access_token?reason=bench&productType=web_player`, { headers: { cookie } });
  const { accessToken } = (await answer.json()) as { accessToken: string };
  const ws = new WebSocket(`${instance.origin.replace('http:', 'ws:')}/dealer?access_token=${accessToken}`);
  let received = 0;
  ws.on('message', (data: Buffer) => {
    if (data.toString().includes('"uri":"bench"')) received += 1;
  });
  await new Promise<void>((opened, failed) => {
    ws.once('message', () => opened());
    ws.once('error', failed);
  });
  const connection = instance.app.dealer.connections().at(-1);
  if (connection === undefined) throw new Error('the dealer holds no connection');
  return { connectionId: connection.id, userId: connection.userId, received: () => received, close: () => ws.close() };
}

/** One figure: `pushes` pushes, `concurrency` at a time, then waits until the socket has them all (or the deadline). */
async function measure(
  route: PushRoute,
  push: (n: number) => Promise<unknown>,
  received: () => number,
  options: RealtimeBenchOptions,
): Promise<RealtimeFigures> {
  const before = received();
  let next = 0;
  const started = Date.now();
  const worker = async (): Promise<void> => {
    while (next < options.pushes && Date.now() - started < options.deadlineMs) await push(next++);
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const sent = next;
  while (received() - before < sent && Date.now() - started < options.deadlineMs) await new Promise((r) => setTimeout(r, 2));
  const seconds = (Date.now() - started) / 1000;
  const got = received() - before;
  return { route, sent, received: got, seconds, pushesPerSecond: Math.round(got / seconds) };
}

/** The three figures, on two instances over a Redis this starts and stops. */
export async function benchRealtime(options: RealtimeBenchOptions): Promise<RealtimeFigures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'embed-bench-rt-'));
  const distDir = fakeDist();
  let redis: TestRedis | undefined;
  const instances: Instance[] = [];
  try {
    redis = await startTestRedis();
    // The same data directory: one database behind both (A first, which seeds it).
    instances.push(await startInstance(dataDir, distDir, options.fixturesDir, redis.url));
    instances.push(await startInstance(dataDir, distDir, options.fixturesDir, redis.url));
    const [a, b] = instances as [Instance, Instance];
    const listener = await listenerOn(a);
    try {
      const payload = (n: number) => ({ uri: 'bench', payloads: [{ n }] });
      const routed = async (delivered: Promise<boolean | number>): Promise<void> => {
        const answer = await delivered;
        if (answer === false || answer === 0) throw new Error('a push found no route to the socket');
      };
      // A first round, not counted: connections, subscriptions and the JIT warm up on both instances.
      await measure(
        'pushTo across instances (Redis)',
        (n) => routed(b.app.realtime.pushTo(listener.connectionId, payload(n), listener.userId)),
        listener.received,
        {
          ...options,
          pushes: Math.min(options.pushes, 1000),
        },
      );
      return [
        await measure(
          'pushTo across instances (Redis)',
          (n) => routed(b.app.realtime.pushTo(listener.connectionId, payload(n), listener.userId)),
          listener.received,
          options,
        ),
        await measure('push to user across instances (Redis)', (n) => routed(b.app.realtime.push(listener.userId, payload(n))), listener.received, options),
        await measure(
          'pushTo on the same instance',
          (n) => routed(a.app.realtime.pushTo(listener.connectionId, payload(n), listener.userId)),
          listener.received,
          options,
        ),
      ];
    } finally {
      listener.close();
    }
  } finally {
    for (const instance of instances.reverse()) await instance.app.close();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const figures = await benchRealtime({
    pushes: Number(process.env.BENCH_PUSHES ?? 20_000),
    concurrency: Number(process.env.BENCH_PUSH_CONCURRENCY ?? 64),
    deadlineMs: 60_000,
    fixturesDir: resolve(__dirname, '..', '..', 'fixtures'),
  });
  console.log('route                                   sent  received  seconds  pushes/s');
  for (const f of figures) {
    console.log(
      [
        f.route.padEnd(37),
        String(f.sent).padStart(6),
        String(f.received).padStart(9),
        f.seconds.toFixed(2).padStart(8),
        String(f.pushesPerSecond).padStart(9),
      ].join(' '),
    );
  }
  console.log(JSON.stringify({ realtime: figures }));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
