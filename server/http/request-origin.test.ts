import { request as httpRequest } from 'node:http';
import { startTestServer, type TestServer } from '../test-server';
import { bearerToken, userToken } from '../web-api/api-test-client';
import { parseAllowedHosts } from './request-origin';

/*
 * Issue 12: links and media URLs are built from PUBLIC_URL or, when it is empty, from a host the
 * server accepts (its listen address, the loopback names on its port, ALLOWED_HOSTS). A forged
 * Host header never comes back in a CDN URL, a licence URL, the service resolve or a Web API link:
 * those name the server's own listen address instead.
 */

let server: TestServer;
let port: number;
let anonymous: string;
let premium: string;
let trackId = '';
const FILE_ID = '0ac95ea4b7303ee2e3bb505a286e2249a900c1c2';

beforeAll(async () => {
  server = await startTestServer(undefined, { allowedHosts: ['player.example', 'cdn.example:9443'] });
  port = Number(new URL(server.url('/')).port);
  anonymous = await bearerToken(server);
  premium = await userToken(server, 'demo', 'demo');
  const found = await getWithHost('/v1/search?q=a&type=track&limit=1', `127.0.0.1:${port}`, anonymous);
  trackId = JSON.parse(found.text).tracks.items[0].id;
});
afterAll(() => server.stop());

/** A GET to the test server with the Host header given as is (fetch will not send a forged one). */
function getWithHost(path: string, host: string, token: string | null): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { host, ...(token === null ? {} : { authorization: `Bearer ${token}` }) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

const ROUTES: ReadonlyArray<readonly [string, () => string, () => string]> = [
  ['storage resolve cdnurl', () => `/storage-resolve/files/audio/interactive/${FILE_ID}`, () => anonymous],
  ['licence URL uri', () => '/melody/v1/license_url?keysystem=org.w3.clearkey&mediatype=audio&sdk_name=test&sdk_version=1', () => premium],
  ['service resolve (apresolve)', () => '/apresolve?type=dealer&type=spclient', () => anonymous],
  ['Web API href and external_urls', () => `/v1/tracks/${trackId}`, () => anonymous],
];

/** Hosts no accepted list holds: other names, other ports of accepted names, user info, a look-alike. */
const forgedHosts = () => [
  'evil.example',
  `evil.example:${port}`,
  'localhost:1',
  '127.0.0.1:1',
  'player.example.evil.test',
  'cdn.example:9444',
  'a@evil.example',
  '[::2]',
];
/** The host as a URL would carry it: after `//`, not followed by more port digits. */
const echoed = (host: string) => new RegExp(`//${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9])`);

describe('a forged Host header never comes back in an absolute URL the server builds', () => {
  it.each(ROUTES)('%s: each forged Host gives the listen address 127.0.0.1:PORT instead', async (_name, path, token) => {
    for (const host of forgedHosts()) {
      const answer = await getWithHost(path(), host, token());
      expect(answer.status).toBe(200);
      expect(answer.text).not.toMatch(/evil/);
      expect(answer.text).not.toMatch(echoed(host));
      expect(answer.text).toContain(`127.0.0.1:${port}`);
    }
  });

  it.each(ROUTES)('%s: an accepted Host (loopback names on this port, ALLOWED_HOSTS) is used as asked', async (_name, path, token) => {
    const cases: Array<[string, string]> = [
      [`localhost:${port}`, `localhost:${port}`],
      [`127.0.0.1:${port}`, `127.0.0.1:${port}`],
      [`[::1]:${port}`, `[::1]:${port}`],
      // A listed name without a port: on this port, or on the scheme's default (behind a proxy).
      [`player.example:${port}`, `player.example:${port}`],
      ['player.example', 'player.example'],
      ['PLAYER.example', 'player.example'],
      // A listed name:port only on that port.
      ['cdn.example:9443', 'cdn.example:9443'],
    ];
    for (const [host, expected] of cases) {
      const answer = await getWithHost(path(), host, token());
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(expected);
    }
  });
});

describe('ALLOWED_HOSTS (server/config.ts)', () => {
  it('reads comma-separated names and name:port, lower case, and refuses what is not a host', () => {
    expect(parseAllowedHosts(' Player.Example , cdn.example:9443,,')).toEqual(['player.example', 'cdn.example:9443']);
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(() => parseAllowedHosts('http://evil.example/')).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('GET /go (spec 000 §7 Desktop hand-off) judges a redirect by the accepted origin, not the Host header', () => {
  it('a redirect to a forged Host is refused (400); to this server it is kept', async () => {
    const go = (redirect: string) => `/go?uri=${encodeURIComponent(`spotify:track:${trackId}`)}&product=embed_v2&redirect=${encodeURIComponent(redirect)}`;
    expect((await getWithHost(go('http://evil.example/signup'), 'evil.example', null)).status).toBe(400);
    const own = await getWithHost(go(`http://127.0.0.1:${port}/signup`), 'evil.example', null);
    expect(own.status).toBe(200);
    expect(own.text).toContain(`http://127.0.0.1:${port}/signup`);
  });
});

describe('the login form judges its continue address by the accepted origin, not the Host header', () => {
  it('continue on a forged Host falls back to this server; on an accepted one it is kept', async () => {
    const form = (continueTo: string, host: string) => getWithHost(`/login?continue=${encodeURIComponent(continueTo)}`, host, null);
    const forged = await form('http://evil.example/album/x', 'evil.example');
    expect(forged.status).toBe(200);
    expect(forged.text).not.toMatch(/evil/);
    expect(forged.text).not.toContain('name="continue" value="/album/x"');
    // safeContinue keeps an address on this server as its path.
    const own = await form(`http://localhost:${port}/album/x`, `localhost:${port}`);
    expect(own.text).toContain('name="continue" value="/album/x"');
  });
});
