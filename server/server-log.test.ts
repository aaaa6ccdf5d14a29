import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type DestinationStream } from 'pino';
import { REDACTED, scrubText, scrubValue, serverLoggerOptions } from './server-log';
import { startTestServer, type TestServer } from './test-server';
import { sessionCookie, userToken } from './web-api/api-test-client';

/** The real server on loopback with its log on (level info: every request), its lines captured. */
function startLoggingServer(lines: string[]): Promise<TestServer> {
  return startTestServer(mkdtempSync(join(tmpdir(), 'embed-log-')), {
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    beforeListen: (app) => {
      // A handler that fails with secrets in its message and properties, as a library error carrying its request would.
      app.get('/test/fail', async (request) => {
        throw Object.assign(new Error(`upstream refused ${request.url} with ${request.headers.authorization ?? ''}`), {
          headers: { authorization: request.headers.authorization, cookie: request.headers.cookie },
          config: { url: request.url },
        });
      });
      // A handler that logs what a careless line would: the headers, and a message with the token.
      app.get('/test/careless', async (request, reply) => {
        request.log.info({ headers: request.headers, query: request.query }, `got ${request.url} as ${request.headers.authorization ?? ''}`);
        void reply.header('set-cookie', `${request.headers.cookie ?? ''}; HttpOnly`);
        request.log.info({ replyHeaders: reply.getHeaders() }, 'answered');
        return 'ok';
      });
    },
  });
}

describe("issue 12: the server's own log never prints a secret (access tokens, Authorization, Cookie, Set-Cookie)", () => {
  const lines: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startLoggingServer(lines);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('logs requests, failures and careless lines with every secret replaced', async () => {
    // Real secrets: a session cookie from POST /login (Set-Cookie) and a bearer token from /access_token.
    const cookie = await sessionCookie(server);
    const token = await userToken(server);
    const cookieValue = cookie.split('=')[1] ?? '';
    expect(cookieValue.length).toBeGreaterThan(15);
    const secretHeaders = { authorization: `Bearer ${token}`, cookie };

    // spec 001 §7 Realtime socket: the dealer's token in the query (here a plain GET, not an upgrade).
    await (await fetch(server.url(`/dealer?access_token=${token}`))).text();
    await (await fetch(server.url(`/v1/me?market=SE&access_token=${token}`), { headers: secretHeaders })).text();
    await (await fetch(server.url('/access_token?reason=test&productType=web_player'), { headers: { cookie } })).text();
    const failed = await fetch(server.url(`/test/fail?access_token=${token}`), { headers: secretHeaders });
    expect(failed.status).toBe(500);
    await (await fetch(server.url(`/test/careless?access_token=${token}`), { headers: secretHeaders })).text();

    const log = lines.join('');
    // The log is on and says what happened...
    expect(log).toContain(`/dealer?access_token=${REDACTED}`);
    expect(log).toContain('request failed');
    expect(log).toContain('upstream refused');
    expect(log).toContain('"answered"');
    expect(lines.length).toBeGreaterThan(10);
    // ...but no secret is in it, in any line.
    for (const secret of [token, cookieValue, encodeURIComponent(token)]) expect(log).not.toContain(secret);
  });
});

describe('every log call goes through the scrubbing (a lone error, an error and a message, an object)', () => {
  it('prints no secret from any of the forms server code uses', () => {
    const lines: string[] = [];
    const options = serverLoggerOptions({ level: 'info', stream: { write: (line: string) => void lines.push(line) } });
    if (typeof options !== 'object' || options === null) throw new Error('the logger is off');
    const { stream, ...rest } = options as { stream: DestinationStream };
    const log = pino(rest, stream);
    const secret = 'c2VjcmV0LXRva2VuLXRoYXQtaXMtbG9uZw';
    log.error(new Error(`fetch /dealer?access_token=${secret} failed`));
    log.error(new Error(`Bearer ${secret}`), 'a listener failed');
    log.warn({ err: new Error('x'), headers: { Authorization: `Bearer ${secret}` } }, 'socket');
    log.info(`GET /x?access_token=${secret}`);
    expect(lines).toHaveLength(4);
    expect(lines.join('')).not.toContain(secret);
    expect(lines[0]).toContain(`access_token=${REDACTED}`);
  });
});

describe('the scrubbing itself', () => {
  it('replaces secret query values, bearer credentials and secret members in text', () => {
    expect(scrubText('/dealer?access_token=abc.def-1&x=1')).toBe(`/dealer?access_token=${REDACTED}&x=1`);
    expect(scrubText('GET /x?a=1&token=zzz#f')).toBe(`GET /x?a=1&token=${REDACTED}#f`);
    expect(scrubText('authorization: Bearer abc123')).toBe(`authorization: Bearer ${REDACTED}`);
    expect(scrubText('{"accessToken":"abc\\"123","ok":1}')).toBe(`{"accessToken":"${REDACTED}","ok":1}`);
    expect(scrubText('nothing secret here')).toBe('nothing secret here');
  });

  it('replaces values under secret keys at any depth, case and spelling aside, and stops at a bounded depth', () => {
    expect(scrubValue({ headers: { Authorization: 'Bearer x', Cookie: 'a=b', 'set-cookie': ['c=d'], host: 'h' }, access_token: 't' })).toEqual({
      headers: { Authorization: REDACTED, Cookie: REDACTED, 'set-cookie': REDACTED, host: 'h' },
      access_token: REDACTED,
    });
    let deep: unknown = 'x';
    for (let i = 0; i < 1000; i += 1) deep = { d: deep };
    expect(JSON.stringify(scrubValue(deep))).toContain('[too deep]');
  });
});
