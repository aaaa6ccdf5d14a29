// Issue 14: the device/connection-to-instance routing kept in Redis expires when its instance dies
// (stops its heartbeat), and lives on while the heartbeat refreshes it.
import { connectRedisBus } from './redis-bus';
import type { BusMessage, RealtimeBus, Route } from './bus';
import { startTestRedis, type TestRedis } from '../testing/redis';

jest.setTimeout(30_000);

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(() => redis?.stop());

const TTL_MS = 300;
/** For tests where no route may expire: their claims must not race a 300 ms TTL on a loaded machine. */
const LONG_TTL_MS = 60_000;
const route = (connectionId: string, instanceId = 'instance-a', userId = 'u1'): Route => ({ connectionId, userId, instanceId });

/** Waits (polling, at most 100 times 50 ms) until `check` holds; false if it never does. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('routes in Redis', () => {
  let a: RealtimeBus;
  let b: RealtimeBus;
  /** Two instances whose routes outlive the test (the cap's tests). */
  let longA: RealtimeBus;
  let longB: RealtimeBus;
  beforeEach(async () => {
    a = await connectRedisBus(redis.url, { routeTtlMs: TTL_MS });
    b = await connectRedisBus(redis.url, { routeTtlMs: TTL_MS });
    longA = await connectRedisBus(redis.url, { routeTtlMs: LONG_TTL_MS });
    longB = await connectRedisBus(redis.url, { routeTtlMs: LONG_TTL_MS });
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close(), longA.close(), longB.close()]);
  });

  it('a route claimed by one instance is found by another, by connection and by user, until released', async () => {
    await a.claim(route('c1'));
    await a.claim(route('c2', 'instance-a', 'u2'));
    expect(await b.routeOf('c1')).toEqual(route('c1'));
    expect(await b.routesOf('u1')).toEqual([route('c1')]);
    await a.release(route('c1'));
    expect(await b.routeOf('c1')).toBeNull();
    expect(await b.routesOf('u1')).toEqual([]);
    expect(await b.routeOf('c2')).toEqual(route('c2', 'instance-a', 'u2'));
  });

  it("a dead instance's routes expire: nothing refreshes them, and no push is routed to it after the TTL", async () => {
    await a.claim(route('dead-1'));
    expect(await b.routeOf('dead-1')).not.toBeNull();
    // Instance A dies: no release, no heartbeat.
    expect(await eventually(async () => (await b.routeOf('dead-1')) === null)).toBe(true);
    expect(await b.routesOf('u1')).toEqual([]);
  });

  it("a live instance's heartbeat keeps its routes past the TTL, and rewrites them after Redis lost them", async () => {
    await a.claim(route('kept'));
    // Three TTLs of heartbeats: the route is there throughout.
    for (let i = 0; i < 9; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, TTL_MS / 3));
      await a.refresh([route('kept')]);
      expect(await b.routeOf('kept')).toEqual(route('kept'));
    }
    await a.release(route('kept'));
    await a.refresh([route('kept')]);
    expect(await b.routesOf('u1')).toEqual([route('kept')]);
    await a.release(route('kept'));
  });

  it('a message published by one instance reaches the subscribers of its channel on the others', async () => {
    const heard: BusMessage[] = [];
    await b.subscribe('instance:b', (message) => heard.push(message));
    await a.publish('instance:b', { kind: 'push-connection', connectionId: 'c', payload: { uri: 'hm://x' } });
    await a.publish('instance:other', { kind: 'not for b' });
    expect(await eventually(async () => heard.length > 0)).toBe(true);
    expect(heard).toEqual([{ kind: 'push-connection', connectionId: 'c', payload: { uri: 'hm://x' } }]);
  });

  it('the per-user cap counts the routes of every instance in one step: past it the oldest others are answered, never the new one (issue 12 cap, issue 14)', async () => {
    const user = 'u-cap';
    const mk = (n: number) => route(`cap-${n}`, n % 2 === 0 ? 'instance-a' : 'instance-b', user);
    for (let n = 0; n < 3; n += 1) expect(await (n % 2 === 0 ? longA : longB).claim(mk(n), 3)).toEqual([]);
    // The fourth, on either instance, puts the oldest (on A) over the cap.
    expect(await longB.claim(mk(3), 3)).toEqual([mk(0)]);
    expect(await longA.claim(mk(4), 3)).toEqual([mk(1)]);
    // Claims at once on both instances: between them exactly the two oldest go, each once.
    const [fromA, fromB] = await Promise.all([longA.claim(route('cap-5', 'instance-a', user), 3), longB.claim(route('cap-6', 'instance-b', user), 3)]);
    expect([...fromA, ...fromB].map((r) => r.connectionId).sort()).toEqual(['cap-2', 'cap-3']);
    for (const n of [0, 1, 2, 3, 4, 5, 6]) await longA.release(route(`cap-${n}`, 'x', user));
  });

  it("a dead instance's connections stop counting toward the cap once their routes expire", async () => {
    const user = 'u-cap-dead';
    for (let n = 0; n < 3; n += 1) await a.claim(route(`gone-${n}`, 'instance-dead', user), 3);
    // The dead instance refreshes nothing: once its routes have expired, a new connection puts no one over the cap.
    expect(await eventually(async () => (await b.routesOf(user)).length === 0)).toBe(true);
    expect(await longB.claim(route('fresh-1', 'instance-b', user), 3)).toEqual([]);
    expect(await longB.claim(route('fresh-2', 'instance-b', user), 3)).toEqual([]);
    expect(await longB.claim(route('fresh-3', 'instance-b', user), 3)).toEqual([]);
    expect(await longB.claim(route('fresh-4', 'instance-b', user), 3)).toEqual([route('fresh-1', 'instance-b', user)]);
    for (const n of [1, 2, 3, 4]) await longB.release(route(`fresh-${n}`, 'instance-b', user));
  });

  it('connecting to a Redis that is not there fails (the server does not start on a wrong REDIS_URL)', async () => {
    await expect(connectRedisBus('redis://127.0.0.1:1')).rejects.toThrow();
  });
});
