// Issue 14: the hub's heartbeat keeps a live instance's routes in Redis; an instance that dies
// (no release, no heartbeat) loses them after the TTL; a connection Redis cannot route is closed with
// 1011 (the engine reconnects) rather than left unreachable from the other instances.
import WebSocket from 'ws';
import type { Dealer } from '../dealer/dealer';
import { rawDataText } from '../dealer/raw-data';
import { startPlaybackTestServer } from '../playback/test-client';
import { startTestRedis, type TestRedis } from '../testing/redis';
import type { RealtimeBus } from './bus';
import { createRealtimeHub } from './hub';
import { connectRedisBus } from './redis-bus';

jest.setTimeout(30_000);

let redis: TestRedis;
let observer: RealtimeBus;
beforeAll(async () => {
  redis = await startTestRedis();
  observer = await connectRedisBus(redis.url);
});
afterAll(async () => {
  await observer?.close();
  await redis?.stop();
});

const TTL_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// The hub only reaches the dealer for pushes, which these tests do not make.
const noDealer = (): Dealer => {
  throw new Error('no dealer in this test');
};
const connection = (id: string) => ({ id, userId: 'u-hub', openedAt: 0 });

it("a live instance's heartbeat keeps its routes past the TTL; stopping releases them", async () => {
  const bus = await connectRedisBus(redis.url, { routeTtlMs: TTL_MS });
  const hub = createRealtimeHub({ bus, dealer: noDealer, instanceId: 'alive', heartbeatMs: TTL_MS / 3 });
  await hub.start();
  await hub.opened(connection('kept-by-heartbeat'));
  await sleep(TTL_MS * 4);
  expect(await observer.routeOf('kept-by-heartbeat')).toEqual({ connectionId: 'kept-by-heartbeat', userId: 'u-hub', instanceId: 'alive' });
  await hub.stop();
  expect(await observer.routeOf('kept-by-heartbeat')).toBeNull();
  await bus.close();
});

it('an instance that dies (its Redis connection gone, nothing released) loses its routes after the TTL: the others stop routing to it', async () => {
  const bus = await connectRedisBus(redis.url, { routeTtlMs: TTL_MS });
  const hub = createRealtimeHub({ bus, dealer: noDealer, instanceId: 'dying', heartbeatMs: TTL_MS / 3 });
  await hub.start();
  await hub.opened(connection('on-dead-instance'));
  expect(await observer.routeOf('on-dead-instance')).not.toBeNull();
  await bus.close();
  let gone = false;
  for (let i = 0; i < 100 && !gone; i += 1) {
    gone = (await observer.routeOf('on-dead-instance')) === null;
    if (!gone) await sleep(50);
  }
  expect(gone).toBe(true);
  expect(await observer.routesOf('u-hub')).toEqual([]);
  await hub.stop();
});

it('a dealer connection that Redis cannot route is closed with 1011, so the engine reconnects (to an instance that can)', async () => {
  const own = await startTestRedis();
  const t = await startPlaybackTestServer({ redisUrl: own.url });
  try {
    await own.stop();
    const ws = new WebSocket(`${t.server.url('/dealer').replace('http:', 'ws:')}?access_token=${await t.token('demo')}`);
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(rawDataText(data)));
    const code = await new Promise<number>((resolve) => ws.once('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(1011);
    // Its connection id was never sent: no engine registers an id other instances cannot find.
    expect(frames).toEqual([]);
  } finally {
    await t.stop();
  }
});
