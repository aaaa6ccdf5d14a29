// Issue 14 Operations: GET /healthz (alive) and GET /readyz (database and Redis reachable). Anyone
// may call them; they tell ok or not ok per dependency and nothing else.
import Fastify from 'fastify';
import { startTestServer, type TestServer } from '../test-server';
import { startTestRedis, type TestRedis } from '../testing/redis';
import { HEALTH_PATH, READY_PATH, registerHealthRoutes } from './health';

jest.setTimeout(30_000);

const get = async (server: TestServer, path: string) => {
  const answer = await fetch(server.url(path));
  return { status: answer.status, body: (await answer.json()) as unknown, cacheControl: answer.headers.get('cache-control') };
};

describe('on the real server with the in-process bus (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('/healthz and /readyz answer 200 ok to anyone, uncached, with nothing more', async () => {
    expect(await get(server, HEALTH_PATH)).toEqual({ status: 200, body: { status: 'ok' }, cacheControl: 'no-store' });
    expect(await get(server, READY_PATH)).toEqual({ status: 200, body: { status: 'ok' }, cacheControl: 'no-store' });
  });
});

describe('with REDIS_URL', () => {
  let redis: TestRedis;
  let server: TestServer;
  beforeAll(async () => {
    redis = await startTestRedis();
    server = await startTestServer(undefined, { redisUrl: redis.url });
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  it('/readyz is 200 while Redis answers, then 503 naming redis once it is gone; /healthz stays 200 (the process is alive)', async () => {
    expect((await get(server, READY_PATH)).status).toBe(200);
    await redis.stop();
    const answer = await get(server, READY_PATH);
    expect(answer).toEqual({ status: 503, body: { status: 'unavailable', failed: ['redis'] }, cacheControl: 'no-store' });
    expect((await get(server, HEALTH_PATH)).status).toBe(200);
  });
});

describe('the readiness checks', () => {
  it('a database that does not answer is 503 naming the database, without its error text', async () => {
    const app = Fastify();
    registerHealthRoutes(app, {
      database: async () => {
        throw new Error('SQLITE_CANTOPEN /secret/path');
      },
      realtime: async () => undefined,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      const answer = await fetch(`http://127.0.0.1:${address.port}${READY_PATH}`);
      expect(answer.status).toBe(503);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ status: 'unavailable', failed: ['database'] });
      expect(text).not.toContain('secret');
    } finally {
      await app.close();
    }
  });
});
