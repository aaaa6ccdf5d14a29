// Issue 14 Must show: two provider instances on two ports share Postgres and Redis behind Debian's
// nginx, run with the deploy's own proxy configuration (deploy/nginx/provider.conf, e2e/reverse-proxy.ts).
// A logged-in listener's engine holds its dealer socket on one instance (A); player commands sent
// to the other (B) reach it through Redis and take effect in the page; then A is stopped mid-playback
// (graceful: app.close(), its sockets closed 1001) and the engine reconnects through the proxy to B
// (the service resolve answers PUBLIC_URL, the proxy's address, so a reconnect lands on whichever
// instance is up), registers there, and the same track goes on. Run `node build.mjs` first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'puppeteer';
import { logInCookie } from '../server/accounts/login-client';
import { buildServer } from '../server/app';
import { TRACK_PLAYBACK_DEVICES_PATH } from '../server/playback/track-playback-routes';
import { startPostgres, type TestPostgres } from '../server/testing/postgres';
import { startTestRedis, type TestRedis } from '../server/testing/redis';
import { logIn, waitFor, type Heard } from './engine-page';
import { firstAlbumId, freePort, launchChromium } from './harness';
import { watchPageProblems } from './page-problems';
import { startReverseProxy, type ReverseProxy } from './reverse-proxy';

jest.setTimeout(180_000);

const root = resolve(__dirname, '..');

interface Answered {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

interface Instance {
  readonly name: string;
  readonly app: FastifyInstance;
  /** 127.0.0.1:<port>, as the proxy's upstream. */
  readonly hostPort: string;
  readonly origin: string;
  /** Every request this instance answered, in order. */
  readonly answered: Answered[];
  closed: boolean;
  close(): Promise<void>;
}

/** A provider instance in this process, as server/main.ts builds it from deploy/compose.yaml's DATABASE_URL, REDIS_URL, PUBLIC_URL and TRUST_PROXY. */
async function startInstance(name: string, databaseUrl: string, redisUrl: string, publicUrl: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `embed-two-${name}-`));
  const app = await buildServer({
    dataDir,
    distDir: join(root, 'dist'),
    fixturesDir: join(root, 'fixtures'),
    logger: false,
    databaseUrl,
    redisUrl,
    publicUrl,
    demoProductChange: true,
    trustProxy: 1,
  });
  const answered: Answered[] = [];
  app.addHook('onResponse', async (request, reply) => {
    answered.push({ method: request.method, path: request.url.split('?')[0] ?? '', status: reply.statusCode });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const instance: Instance = {
    name,
    app,
    hostPort: `127.0.0.1:${address.port}`,
    origin: `http://127.0.0.1:${address.port}`,
    answered,
    closed: false,
    close: async () => {
      if (!instance.closed) {
        instance.closed = true;
        await app.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}

const problems = watchPageProblems();
let postgres: TestPostgres | undefined;
let redis: TestRedis | undefined;
let proxy: ReverseProxy | undefined;
const instances: Instance[] = [];
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase();
  redis = await startTestRedis();
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  // One after the other: the first applies the migrations and seeds the empty database (deploy/compose.yaml does the same).
  instances.push(await startInstance('one', databaseUrl, redis.url, publicUrl));
  instances.push(await startInstance('two', databaseUrl, redis.url, publicUrl));
  proxy = await startReverseProxy([instances[0]!.hostPort, instances[1]!.hostPort], proxyPort);
  browser = await launchChromium();
  page = problems.watch(await browser.newPage());
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  for (const instance of instances) await instance.close();
  await redis?.stop();
  postgres?.stop();
});

/** Polls `test` every 200 ms until it gives a value, for at most `timeoutMs`. */
async function until<T>(what: string, test: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await test();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const count = (h: Heard, type: string): number => h.engineActions.filter((t) => t === type).length;
const statePath = /^\/track-playback\/v1\/devices\/([^/]+)\/state$/;
const stateUpdates = (instance: Instance, from = 0): Answered[] => instance.answered.slice(from).filter((a) => a.method === 'PUT' && statePath.test(a.path));

/** A player command (spec 001 §7 Track-playback service) sent straight to `instance`, with the page's own token: the status. */
async function commandThrough(instance: Instance, deviceId: string, command: Record<string, unknown>): Promise<number> {
  const token = await page.evaluate(
    async () => ((await (await fetch('/access_token?reason=transport&productType=web_player')).json()) as { accessToken: string }).accessToken,
  );
  const id = encodeURIComponent(deviceId);
  const answer = await fetch(`${instance.origin}/connect-state/v1/player/command/from/${id}/to/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ command }),
  });
  return answer.status;
}

describe('two instances behind the proxy, sharing Postgres and Redis (issue 14)', () => {
  let a: Instance;
  let b: Instance;
  let deviceId: string;

  it('a logged-in listener plays an album through the proxy: one dealer socket, on one instance (A), which the other (B) finds in the routing', async () => {
    const origin = proxy!.origin;
    await logIn(page, origin, 'demo', 'demo');
    await page.goto(`${origin}/embed/album/${firstAlbumId(join(root, 'fixtures', 'demo-catalogue'))}?debug=1`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    const playing = await waitFor(page, 'the engine playing', (h) => h.time > 1 && h.widget.isPlaying);
    expect(playing.error).toBeNull();
    expect(playing.engineActions).toContain('device/registered');

    const holders = instances.filter((instance) => instance.app.dealer.connections().length > 0);
    expect(holders.map((holder) => holder.app.dealer.connections().length)).toEqual([1]);
    a = holders[0]!;
    b = instances.find((instance) => instance !== a)!;
    const connection = a.app.dealer.connections()[0]!;
    expect(await b.app.realtime.ownerOf(connection.id)).toBe(connection.userId);
    // The engine's other requests were spread over both instances by the proxy (no stickiness).
    expect(instances.every((instance) => instance.answered.length > 0)).toBe(true);
    deviceId = statePath.exec(stateUpdates(a).concat(stateUpdates(b))[0]?.path ?? '')?.[1] ?? '';
    expect(deviceId).not.toBe('');
  });

  it('a pause sent to B reaches the engine whose socket is on A and the widget pauses; a resume through B plays on (spec 001 §7 player command, pushed through Redis)', async () => {
    expect(a.app.dealer.connections()).toHaveLength(1);
    expect(await commandThrough(b, deviceId, { endpoint: 'pause' })).toBe(200);
    const paused = await waitFor(page, 'the remote pause', (h) => !h.widget.isPlaying, 20_000);
    expect(await commandThrough(b, deviceId, { endpoint: 'resume' })).toBe(200);
    const resumed = await waitFor(page, 'playing again after the remote resume', (h) => h.widget.isPlaying && h.time > paused.time + 1, 30_000);
    expect(resumed.error).toBeNull();
    expect(resumed.widget.trackUri).toBe(paused.widget.trackUri);
  });

  it('a product change made through B reaches the engine whose socket is on A: it refetches the product state, free then premium again, and plays on (spec 001 §7 Product state, pushed through Redis)', async () => {
    expect(a.app.dealer.connections()).toHaveLength(1);
    const cookie = await logInCookie(b.origin, 'demo', 'demo');
    const change = async (product: 'free' | 'premium'): Promise<number> =>
      (
        await fetch(`${b.origin}/account/product`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ product, continue: '/' }).toString(),
          redirect: 'manual',
        })
      ).status;
    const products = (h: Heard): string[] =>
      h.engineLog
        .filter((action) => action.type === 'engine/productStateFetched')
        .map((action) => String((JSON.parse(String(action.body)) as { product?: unknown }).product));
    const before = products(await waitFor(page, 'the engine playing', (h) => h.widget.isPlaying)).length;
    expect(await change('free')).toBe(303);
    await waitFor(page, 'the free product state fetched', (h) => products(h).slice(before).includes('free'), 20_000);
    expect(await change('premium')).toBe(303);
    const premium = await waitFor(page, 'the premium product state fetched', (h) => products(h).slice(before).at(-1) === 'premium', 20_000);
    await waitFor(page, 'the track going on', (h) => h.widget.isPlaying && h.time > premium.time + 1, 30_000);
  });

  it('A stopped mid-playback (app.close: its sockets closed 1001): the engine reconnects through the proxy to B, registers there, and the same track goes on with its state updates accepted by B', async () => {
    const before = await waitFor(page, 'the track playing', (h) => h.time > 1 && h.widget.isPlaying && h.error === null);
    const seenByB = b.answered.length;
    await a.close();
    const back = await waitFor(
      page,
      'a reconnect and a new registration',
      (h) => count(h, 'transport/reconnected') > count(before, 'transport/reconnected') && count(h, 'device/registered') > count(before, 'device/registered'),
      30_000,
    );
    const closes = back.engineLog.filter((action) => action.type === 'transport/socketClosed');
    // spec 001 §9: the shutdown close is not 4000, which would have ended the engine's session.
    expect(closes.at(-1)).toMatchObject({ code: 1001 });
    expect(b.app.dealer.connections()).toHaveLength(1);
    const later = await waitFor(page, 'the same track going on', (h) => h.time > Math.max(before.time, back.time) + 2 && h.widget.isPlaying, 30_000);
    expect(later.widget.trackUri).toBe(before.widget.trackUri);
    expect(later.error).toBeNull();
    const sinceStop = b.answered.slice(seenByB);
    // The engine registered its device again on its new connection, with B (spec 001 §4 Device service client).
    expect(sinceStop.filter((r) => r.method === 'POST' && r.path === TRACK_PLAYBACK_DEVICES_PATH).map((r) => r.status)).toContain(200);
    // The route of the new connection names B: a command through B still reaches the engine, and the
    // state update that the pause makes is accepted by B.
    expect(await commandThrough(b, deviceId, { endpoint: 'pause' })).toBe(200);
    const paused = await waitFor(page, 'the remote pause on B', (h) => !h.widget.isPlaying, 20_000);
    expect(paused.error).toBeNull();
    expect(paused.widget.trackUri).toBe(before.widget.trackUri);
    const updates = await until('a state update accepted by B after A stopped', () => {
      const found = stateUpdates(b, seenByB);
      return found.some((u) => u.status < 300) ? found : undefined;
    });
    expect(updates.filter((u) => u.status >= 400)).toEqual([]);
    expect(sinceStop.filter((r) => r.status >= 500)).toEqual([]);
  });
});
