import { connect } from 'node:net';
import { startTestServer, type TestServer } from '../test-server';

/*
 * Issue 12 Hardening, "no request ends the process": raw HTTP/1.1 upgrade requests that no browser
 * sends, at the real server's socket. Each gets an answer or a closed socket of its own, and the
 * server answers the next request. (Before the fix, `GET //[` with Upgrade threw in the upgrade
 * handler, outside fastify, and ended the process.)
 */

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.url('/')).port);
});
afterAll(() => server.stop());

/** Sends raw bytes and reads what comes back until the server closes or 2 s pass; answers the status line. */
function raw(bytes: string, options: { reset?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer.split('\r\n')[0] ?? '');
    };
    const timer = setTimeout(done, 2000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (options.reset === true) socket.resetAndDestroy();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes, 'latin1');
    if (options.reset === true) setImmediate(() => socket.resetAndDestroy());
  });
}

const upgrade = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`;

async function stillAnswers(): Promise<void> {
  const answer = await fetch(server.url('/'));
  expect(answer.status).toBe(200);
}

describe('no request ends the process: odd upgrade requests (issue 12)', () => {
  it.each([
    ['a target the URL parser reads as a bad host', upgrade('//[')],
    ['a bad host in absolute-form', upgrade('http://[/dealer')],
    ['absolute-form to the dealer with no token', upgrade('http://127.0.0.1/dealer')],
    ['authority-form', upgrade('127.0.0.1:1')],
    ['asterisk-form', upgrade('*')],
    ['an escaped NUL and escapes that are not UTF-8', upgrade('/dealer%00?access_token=%ff%fe')],
    ['a bad percent escape in the token', upgrade('/dealer?access_token=%zz')],
    ['an odd websocket version', upgrade('/dealer?access_token=x', 'Sec-WebSocket-Version: 99\r\n').replace('Sec-WebSocket-Version: 13\r\n', '')],
    ['an upgrade to elsewhere', upgrade('/v1/me')],
    ['a CONNECT with upgrade', 'CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'],
  ])('%s gets an answer or a closed socket, and the server still answers', async (_name, request) => {
    await raw(request);
    await stillAnswers();
  });

  it('a client that resets its connection right after an upgrade request does not end the process', async () => {
    for (let i = 0; i < 5; i++) await raw(upgrade('/dealer'), { reset: true });
    for (let i = 0; i < 5; i++) await raw(upgrade('//['), { reset: true });
    await stillAnswers();
  });

  it('refuses an upgrade target that names no path with 400 and an unknown path with 404', async () => {
    expect(await raw(upgrade('*'))).toBe('HTTP/1.1 400 Bad Request');
    expect(await raw(upgrade('/elsewhere'))).toBe('HTTP/1.1 404 Not Found');
    expect(await raw(upgrade('/dealer'))).toBe('HTTP/1.1 401 Unauthorized');
  });
});

describe('no request holds its socket for good (issue 12)', () => {
  it('a request whose body never comes is timed out by the server (fastify turns Node’s request timeout off by default)', () => {
    expect(server.app.server.requestTimeout).toBeGreaterThan(0);
    expect(server.app.server.headersTimeout).toBeGreaterThan(0);
  });
});
