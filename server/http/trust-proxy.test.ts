// Issue 14 Operations: behind a reverse proxy (deploy/, TRUST_PROXY=1) every request reaches the
// server from the proxy's address, so the per-address rate limits of issue 12 (login, sign-up,
// /access_token: server/accounts/rate-limits.ts) must count the client the proxy names in
// X-Forwarded-For; otherwise every listener of the site shares one limit. A client's own
// X-Forwarded-For entries are never believed: only the hops the setting trusts.
import { parseTrustProxy } from '../config';
import { startTestServer, type TestServer } from '../test-server';

const TOKEN_URL = '/access_token?reason=init&productType=web_player';

/** The statuses of GET /access_token sent with these X-Forwarded-For values (none: the header left out). */
async function tokens(server: TestServer, forwardedFor: ReadonlyArray<string | null>): Promise<number[]> {
  const seen: number[] = [];
  for (const value of forwardedFor) {
    const answer = await fetch(server.url(TOKEN_URL), { headers: value === null ? {} : { 'x-forwarded-for': value } });
    await answer.arrayBuffer();
    seen.push(answer.status);
  }
  return seen;
}

describe('TRUST_PROXY and the per-address rate limits (issue 14 Operations, issue 12)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('behind one trusted proxy hop, each client the proxy names has its own limit, and an entry the client wrote itself does not dodge it', async () => {
    server = await startTestServer(undefined, { trustProxy: 1, rateLimits: { tokens: 2 } });
    // nginx appends the address it saw ($proxy_add_x_forwarded_for): the last entry is the client.
    expect(await tokens(server, ['203.0.113.5', '203.0.113.5', '203.0.113.5'])).toEqual([200, 200, 429]);
    expect(await tokens(server, ['203.0.113.6'])).toEqual([200]);
    expect(await tokens(server, ['198.51.100.77, 203.0.113.5'])).toEqual([429]);
  });

  it('with no proxy trusted (the default), X-Forwarded-For is ignored: the limit is the connecting address', async () => {
    server = await startTestServer(undefined, { rateLimits: { tokens: 2 } });
    expect(await tokens(server, ['203.0.113.5', '203.0.113.6', '203.0.113.7'])).toEqual([200, 200, 429]);
  });

  it('TRUST_PROXY reads a number of hops or proxy addresses and CIDR ranges, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('')).toBeUndefined();
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 172.16.0.1,::1, fd00::/8')).toEqual(['10.0.0.0/8', '172.16.0.1', '::1', 'fd00::/8']);
    for (const bad of ['0', 'yes', 'true', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});
