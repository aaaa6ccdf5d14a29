import { goUrl, signUpUrl } from '../../core/widget/links';
import { startTestServer, type TestServer } from '../test-server';
import { safeRedirect } from './go-route';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const URI = 'spotify:album:4aawyAB9vmqN3uQ7FjRGTy';
const hosts = { open: '', accounts: '' };

describe('GET /go (spec 000 §2 Routes, §7 Desktop hand-off)', () => {
  it('a logged-in visitor is sent straight on to the open URL of the item', async () => {
    const response = await fetch(server.url(goUrl(hosts, URI, true)));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=/album/4aawyAB9vmqN3uQ7FjRGTy">');
    expect(html).toContain('href="/album/4aawyAB9vmqN3uQ7FjRGTy"');
    expect(html).not.toContain('Sign up');
  });

  it('an anonymous visitor (redirect to the sign-up link, built by the widget) is offered the sign-up first', async () => {
    const response = await fetch(server.url(goUrl(hosts, URI, false)));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('http-equiv="refresh"');
    const signUp = signUpUrl(hosts, '/album/4aawyAB9vmqN3uQ7FjRGTy').replace(/&/g, '&amp;');
    expect(html).toContain(`<a class="primary" href="${signUp}">Sign up to listen</a>`);
    expect(html).toContain('href="/album/4aawyAB9vmqN3uQ7FjRGTy"');
  });

  it('accepts a redirect to the absolute address of this server', async () => {
    const redirect = server.url('/signup?flow_id=embed');
    const response = await fetch(server.url(`/go?uri=${encodeURIComponent(URI)}&product=embed_v2&redirect=${encodeURIComponent(redirect)}`));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`href="${redirect}"`);
  });

  it.each([
    ['no uri', '/go?product=embed_v2'],
    ['an invalid uri', '/go?uri=spotify%3Aalbum%3Aabc!&product=embed_v2'],
    ['a base62 id over 22 characters', `/go?uri=spotify%3Aalbum%3A${'a'.repeat(23)}&product=embed_v2`],
  ])("answers %s with 400 and 'Invalid Spotify URI!' (spec 000 §8)", async (_name, path) => {
    const response = await fetch(server.url(path));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Invalid Spotify URI!');
  });

  it.each([
    ['no product', `/go?uri=${encodeURIComponent(URI)}`],
    ['another product', `/go?uri=${encodeURIComponent(URI)}&product=web`],
  ])('answers %s with 400: product must be embed_v2', async (_name, path) => {
    const response = await fetch(server.url(path));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('embed_v2');
  });

  it.each(['https://evil.test/phish', '//evil.test/phish', '/\\evil.test', 'javascript:alert(1)'])(
    'refuses a redirect off the provider (%s): no open redirect',
    async (redirect) => {
      const response = await fetch(server.url(`/go?uri=${encodeURIComponent(URI)}&product=embed_v2&redirect=${encodeURIComponent(redirect)}`));
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain('evil.test');
    },
  );
});

describe('safeRedirect (no open redirect)', () => {
  const own = ['https://provider.test'];
  it.each([
    ['/signup?x=1', '/signup?x=1'],
    ['https://provider.test/signup', 'https://provider.test/signup'],
    ['https://provider.test.evil/signup', null],
    ['http://provider.test/signup', null],
    ['ftp://provider.test/x', null],
    ['//provider.test/x', null],
    ['not a url', null],
    // A browser reads these as '//evil.test' (WHATWG URL drops tabs, turns backslashes into slashes).
    ['/\t/evil.test', null],
    ['/\\evil.test', null],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirect(input, own)).toBe(expected);
  });
});
