import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../test-server';
import { sessionCookie } from '../web-api/api-test-client';
import { CLOSE_TOKEN_REVOKED } from './dealer';

/*
 * Issue 12: a dealer socket whose token is revoked is closed at once. server/app.ts wires the
 * accounts' onTokensRevoked (fired at /logout) to dealer.closeTokens, with 4000 so that the engine
 * disconnects instead of reconnecting with a dead token.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function tokenOf(cookie: string): Promise<string> {
  const answer = await fetch(server.url('/access_token?reason=test&productType=web_player'), { headers: { cookie } });
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

function openDealer(token: string): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`${server.url('/dealer').replace('http:', 'ws:')}?access_token=${token}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ws, closed }));
    ws.once('error', reject);
  });
}

it("closes the session's dealer sockets with 4000 at logout, and no other session's", async () => {
  const leaving = await sessionCookie(server);
  const staying = await sessionCookie(server);
  const revoked = await openDealer(await tokenOf(leaving));
  const other = await openDealer(await tokenOf(staying));
  const logout = await fetch(server.url('/logout'), { headers: { cookie: leaving, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
  expect(logout.status).toBe(303);
  expect(await revoked.closed).toEqual({ code: 4000, reason: CLOSE_TOKEN_REVOKED.reason });
  expect(other.ws.readyState).toBe(WebSocket.OPEN);
  other.ws.close();
  await other.closed;
});
