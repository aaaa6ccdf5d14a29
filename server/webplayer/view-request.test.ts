import { viewUrl } from './view-request';
import type { Visitor } from './page-context';

// The pages ask for views as the engine's request layer does (core/catalogue ENDPOINTS.view):
// spec 001 §7 platform web and the listener's market, spec 001 §9 content_limit 12, limit 10, types album, playlist, artist, show.
const anonymous: Visitor = { token: 't', anonymous: true, expiresAtMs: 0, session: null };
const now = new Date('2026-11-26T09:00:00.000Z');

describe('viewUrl (the request layer’s view request, in-process)', () => {
  it('spec 001 §9 defaults, platform web, a timestamp and the market from the token', () => {
    const url = new URL(viewUrl(anonymous, 'featured', now), 'http://x');
    expect(url.pathname).toBe('/v1/views/featured');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      platform: 'web',
      content_limit: '12',
      limit: '10',
      types: 'album,playlist,artist,show',
      timestamp: '2026-11-26T09:00:00.000Z',
      market: 'from_token',
    });
  });

  it('a section shown whole asks for its type only, with a larger content limit; the view id is encoded', () => {
    const url = new URL(viewUrl(anonymous, 'a b', now, { types: ['album'], content_limit: 50 }), 'http://x');
    expect(url.pathname).toBe('/v1/views/a%20b');
    expect(url.searchParams.get('types')).toBe('album');
    expect(url.searchParams.get('content_limit')).toBe('50');
    expect(url.searchParams.get('limit')).toBe('10');
  });
});
