import { goUrl, loginUrl, openUrl, signUpUrl, universalLink } from './links';

const hosts = { api: 'https://api.test', open: 'https://open.test', accounts: 'https://accounts.test', static: 'https://static.test' };
const OPEN = 'https://open.test/album/4aawyAB9vmqN3uQ7FjRGTy';
const URI = 'spotify:album:4aawyAB9vmqN3uQ7FjRGTy';

describe('links (spec 000 §7 Links built)', () => {
  it('Open URL: the public web player host plus the item type and id', () => {
    expect(openUrl(hosts, URI)).toBe(OPEN);
    expect(openUrl({ open: 'https://open.test/' }, 'spotify:track:abc')).toBe('https://open.test/track/abc');
  });

  it('Sign-up link: an embed creation flow, source and campaign parameters, forward URL holding the open URL', () => {
    const url = new URL(signUpUrl(hosts, OPEN));
    expect(url.origin + url.pathname).toBe('https://accounts.test/signup');
    expect(url.searchParams.get('flow_id')).toBe('embed');
    expect(url.searchParams.get('utm_source')).toBe('embed_player');
    expect(url.searchParams.get('utm_campaign')).toBe('embed_v2');
    expect(url.searchParams.get('forward_url')).toBe(OPEN);
  });

  it('Login link: accounts login page with source parameters and a continue URL holding the open URL', () => {
    const url = new URL(loginUrl(hosts, OPEN));
    expect(url.origin + url.pathname).toBe('https://accounts.test/login');
    expect(url.searchParams.get('utm_source')).toBe('embed_player');
    expect(url.searchParams.get('continue')).toBe(OPEN);
  });

  it.each([
    [false, `https://open.test/go?uri=${encodeURIComponent(URI)}&product=embed_v2&redirect=${encodeURIComponent(signUpUrl(hosts, OPEN))}`],
    [true, `https://open.test/go?uri=${encodeURIComponent(URI)}&product=embed_v2`],
  ])('Desktop hand-off /go with uri and product=embed_v2; redirect to sign-up only for anonymous (logged in: %s)', (loggedIn, expected) => {
    expect(goUrl(hosts, URI, loggedIn)).toBe(expected);
  });

  it('the /go link is relative to the server when the open host is empty (the reference provider default)', () => {
    expect(goUrl({ open: '', accounts: '' }, URI, true)).toBe(`/go?uri=${encodeURIComponent(URI)}&product=embed_v2`);
  });

  it.each([
    [OPEN, '', `${OPEN}?bo=1`],
    [OPEN, '?embed-api=1', `${OPEN}?embed-api=1&bo=1`],
    [`${OPEN}?si=x`, '?a=b', `${OPEN}?si=x&a=b&bo=1`],
  ])('Universal link: external URL + current query string + bo=1 (%s %s)', (external, search, expected) => {
    expect(universalLink(external, search)).toBe(expected);
  });
});
