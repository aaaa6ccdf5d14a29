// Issue 14 Operations: graceful shutdown of the real server process (node dist/server/main.js) on
// SIGTERM/SIGINT: it stops accepting, closes its dealer sockets with a code the engine reconnects on
// (CLOSE_SHUTDOWN, server/dealer/dealer.ts), lets an in-flight request finish and its write land,
// releases its routes in Redis, and exits 0; a request that never finishes does not hold it past
// SHUTDOWN_TIMEOUT_MS. Run `node build.mjs` first.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { logInCookie } from '../server/accounts/login-client';
import { CLOSE_SHUTDOWN } from '../server/dealer/dealer';
import { connectRedisBus } from '../server/realtime/redis-bus';
import { startTestRedis, type TestRedis } from '../server/testing/redis';
import { rowsOfDataDir } from '../server/testing/stores';
import { freePort, spawnServer, type ChildServer } from './harness';

jest.setTimeout(90_000);

let dataDir: string;
let server: ChildServer | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'embed-shutdown-'));
});
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function dealerOf(origin: string): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const cookie = await logInCookie(origin, 'demo', 'demo');
  const token = ((await (await fetch(`${origin}/access_token?reason=test&productType=web_player`, { headers: { cookie } })).json()) as { accessToken: string })
    .accessToken;
  const ws = new WebSocket(`${origin.replace('http:', 'ws:')}/dealer?access_token=${token}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed };
}

/**
 * A POST /log/actions whose head the server has read (it answered 100 Continue) and whose body is
 * still to come: a request in flight. `finish` sends the body and resolves with the answer's status.
 */
async function requestInFlight(origin: string, body: string, agent?: Agent): Promise<{ finish(): Promise<number> }> {
  let req: ClientRequest;
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req = httpRequest(`${origin}/log/actions`, {
      method: 'POST',
      ...(agent === undefined ? {} : { agent }),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    req.once('response', resolve);
    req.once('error', reject);
  });
  // Heard by finish(); until then a failure is not an unhandled rejection.
  answered.catch(() => undefined);
  await new Promise<void>((resolve) => req.once('continue', () => resolve()));
  return {
    finish: async () => {
      req.end(body);
      const response = await answered;
      response.resume();
      return response.statusCode ?? 0;
    },
  };
}

describe('graceful shutdown (issue 14 Operations)', () => {
  let redis: TestRedis | undefined;
  afterEach(async () => {
    await redis?.stop();
    redis = undefined;
  });

  it('on SIGTERM: the dealer socket is closed with CLOSE_SHUTDOWN, new requests are not served, the in-flight request completes and is stored, the routes leave Redis, and the process exits 0', async () => {
    redis = await startTestRedis();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = await spawnServer({ port, dataDir, env: { REDIS_URL: redis.url } });
    const dealer = await dealerOf(origin);
    const sessionId = 's'.repeat(32);
    const pending = await requestInFlight(
      origin,
      JSON.stringify({ session_id: sessionId, product: 'embed_v2', entries: [{ type: 'widget/sessionStarted', t: 0 }] }),
    );
    const probe = await connectRedisBus(redis.url);
    try {
      // The data directory's database: SQLite, or Postgres in the Postgres run.
      const [{ id: accountId }] = (await rowsOfDataDir<{ id: string }>(dataDir, "SELECT id FROM accounts WHERE username = 'demo'")) as [{ id: string }];
      expect(await probe.routesOf(accountId)).toHaveLength(1);

      const exit = server.stop('SIGTERM');
      server = undefined;
      // spec 001 §9 close codes: not 4000, which would end the engine's session instead of reconnecting it.
      expect(await dealer.closed).toEqual({ code: CLOSE_SHUTDOWN.code, reason: CLOSE_SHUTDOWN.reason });
      // Shutting down: a new request is refused (connection refused, or 503 on a kept-alive one).
      const late = await fetch(`${origin}/healthz`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect(late === 'refused' || late === 503).toBe(true);

      expect(await pending.finish()).toBe(204);
      expect(await exit).toBe(0);
      expect(await probe.routesOf(accountId)).toEqual([]);
      expect(await rowsOfDataDir(dataDir, 'SELECT type FROM action_log_entries WHERE session_id = ?', sessionId)).toEqual([{ type: 'widget/sessionStarted' }]);
    } finally {
      await probe.close();
    }
  });

  it('on SIGTERM with a request in flight on a kept-alive connection: the request is answered and the process exits 0 (the answer closes the connection instead of leaving it to the keep-alive timeout)', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = await spawnServer({ port, dataDir });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A first request opens the connection the agent keeps; the second comes on it and is in flight at SIGTERM.
      const first = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(`${origin}/healthz`, { agent }, resolve).once('error', reject).end());
      first.resume();
      expect(first.statusCode).toBe(200);
      const sessionId = 'k'.repeat(32);
      const pending = await requestInFlight(
        origin,
        JSON.stringify({ session_id: sessionId, product: 'embed_v2', entries: [{ type: 'widget/sessionStarted', t: 0 }] }),
        agent,
      );
      const exit = server.stop('SIGTERM');
      server = undefined;
      expect(await pending.finish()).toBe(204);
      // Left open, the connection would hold app.close() past SHUTDOWN_TIMEOUT_MS (10 s, exit 1) and past this test's own timeout.
      expect(await exit).toBe(0);
    } finally {
      agent.destroy();
    }
  }, 40_000);

  it('on SIGINT an idle server exits 0', async () => {
    const port = await freePort();
    server = await spawnServer({ port, dataDir });
    const exit = server.stop('SIGINT');
    server = undefined;
    expect(await exit).toBe(0);
  });

  it('a request that never finishes does not hold the shutdown past SHUTDOWN_TIMEOUT_MS: the process exits anyway, with 1', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = await spawnServer({ port, dataDir, env: { SHUTDOWN_TIMEOUT_MS: '1000' } });
    const stuck = await requestInFlight(origin, '{}');
    const exit = server.stop('SIGTERM');
    server = undefined;
    expect(await exit).toBe(1);
    // The server is gone: the request ends with an error, never an answer.
    await expect(stuck.finish()).rejects.toThrow();
  });
});
