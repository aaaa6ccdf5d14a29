// Issue 12 "Security headers": no page but the embeds can be framed by another origin, every answer
// has nosniff, the embeds stay frameable everywhere, and the Web API answers CORS as the public one.
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { helmetOptions } from './security-headers';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await (await fetch(server.url('/access_token?reason=test&productType=web_player'))).json()).accessToken;
});
afterAll(() => server.stop());

const albumId = () => demoCatalogue().albums[0]?.id ?? '';
const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url(path), { headers, redirect: 'manual' });

describe('pages that are not embeds cannot be framed by other origins (clickjacking)', () => {
  it.each([
    ['the login page', () => '/login?continue=%2F'],
    ['the sign-up page', () => '/signup?forward_url=%2F'],
    ['the demo page', () => '/'],
    ['an item page', () => `/album/${albumId()}`],
    ['the /go page', () => `/go?uri=${encodeURIComponent(`spotify:album:${albumId()}`)}&product=embed_v2`],
    ['the not-found page', () => '/no/such/page'],
  ])("%s: CSP frame-ancestors 'self', X-Frame-Options SAMEORIGIN, nosniff", async (_name, path) => {
    const response = await get(path());
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the CSP names frame-ancestors only: the pages keep their inline style and data block', async () => {
    const response = await get(`/album/${albumId()}`);
    expect(response.headers.get('content-security-policy')).not.toMatch(/default-src|script-src|style-src/);
  });
});

describe('embeds stay frameable by every site', () => {
  it.each([
    ['an embed page', () => `/embed/album/${albumId()}`],
    ['an embed of an id that names nothing (its own "Invalid Spotify URI!" page)', () => '/embed/album/nothing-here'],
  ])('%s: no frame-ancestors, no X-Frame-Options, nosniff', async (_name, path) => {
    const response = await get(path());
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('every answer has X-Content-Type-Options: nosniff', () => {
  it.each([
    ['Web API JSON', () => `/v1/albums/${albumId()}`],
    ['a Web API error', () => '/v1/albums/nothing'],
    ['the token route', () => '/access_token?reason=test&productType=web_player'],
    ['a path the router refuses (bad escape), answered outside every hook', () => '/embed/album/%E0%A4%A'],
  ])('%s', async (_name, path) => {
    const response = await get(path(), { authorization: `Bearer ${token}` });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the Web API answers CORS as the public Spotify Web API does (@fastify/cors)', () => {
  it('a bearer call from another origin: Access-Control-Allow-Origin *, no credentials', async () => {
    const response = await get(`/v1/albums/${albumId()}`, { origin: 'https://app.example', authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('a preflight is answered with the methods and the Authorization and Content-Type headers', async () => {
    const response = await fetch(server.url('/v1/me/tracks'), {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE, PATCH');
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('the pages with the session cookie answer no CORS, and no preflight outside the Web API', async () => {
    const page = await get('/access_token?reason=test&productType=web_player', { origin: 'https://evil.test' });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(server.url('/login'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('HSTS', () => {
  it('is sent only when PUBLIC_URL is https (an http-only demo host is never pinned)', () => {
    expect(helmetOptions('https://provider.example').strictTransportSecurity).toEqual({ maxAge: 180 * 24 * 60 * 60 });
    expect(helmetOptions('').strictTransportSecurity).toBe(false);
    expect(helmetOptions('http://demo.example').strictTransportSecurity).toBe(false);
  });
});
