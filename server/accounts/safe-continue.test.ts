import { safeContinue } from './safe-continue';

const OWN = ['http://127.0.0.1:8080', 'https://provider.example'];

describe('safeContinue: after login, only back to the provider (no open redirect)', () => {
  it.each([
    ['/album/4aawyAB9vmqN3uQ7FjRGTy', '/album/4aawyAB9vmqN3uQ7FjRGTy'],
    ['/embed/track/x?utm_source=embed_player#top', '/embed/track/x?utm_source=embed_player#top'],
    ['http://127.0.0.1:8080/album/a', '/album/a'],
    ['https://provider.example/show/b', '/show/b'],
  ])('keeps a path or an address on its own origins: %s', (value, expected) => {
    expect(safeContinue(value, OWN)).toBe(expected);
  });

  it.each([
    'https://evil.test/phish',
    '//evil.test/phish',
    '/\\evil.test',
    '/\t/evil.test',
    '\\\\evil.test',
    '/.//evil.test',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://127.0.0.1:9999/other-port',
    'https://127.0.0.1:8080/other-scheme',
    'http://[::1',
    '',
  ])('sends anything else to / : %j', (value) => {
    expect(safeContinue(value, OWN)).toBe('/');
  });

  it('sends a missing or non-string parameter to /', () => {
    expect(safeContinue(undefined, OWN)).toBe('/');
    expect(safeContinue(['/a', '/b'], OWN)).toBe('/');
  });
});
