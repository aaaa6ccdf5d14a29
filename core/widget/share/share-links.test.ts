import { absoluteUrl, copyTexts, embedCode, shareWindow, type ShareTarget } from './share-links';

const hosts = { open: 'https://open.test' };
const OPEN = 'https://open.test/album/4aawyAB9vmqN3uQ7FjRGTy';
const URI = 'spotify:album:4aawyAB9vmqN3uQ7FjRGTy';

describe('share links (spec 000 §7 share windows, copy link, copy embed code)', () => {
  it.each<[ShareTarget, boolean, string, string | null]>([
    ['facebook', false, `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(OPEN)}&hashtag=%23NowPlaying`, 'width=640,height=551'],
    [
      'messenger',
      false,
      `https://www.facebook.com/dialog/send?link=${encodeURIComponent(OPEN)}&redirect_uri=${encodeURIComponent(OPEN)}`,
      'width=996,height=550',
    ],
    ['messenger', true, `fb-messenger://share/?link=${encodeURIComponent(OPEN)}`, null],
    ['twitter', false, `https://twitter.com/intent/tweet?url=${encodeURIComponent(OPEN)}&hashtags=NowPlaying`, 'width=640,height=300'],
    ['whatsapp', false, `https://api.whatsapp.com/send?text=${encodeURIComponent(OPEN)}`, null],
  ])('Share window %s (mobile %s): address, size and hashtag', (target, mobile, url, size) => {
    const popup = shareWindow(target, OPEN, mobile);
    expect(popup.url).toBe(url);
    if (size === null) expect(popup.features).toBeNull();
    else expect(popup.features?.startsWith(`${size},`)).toBe(true);
  });

  it('Copy embed code: an iframe at the embed page with the uri as a parameter, 300 x 380, allowing encrypted media (spec 000 §7, §9)', () => {
    expect(embedCode(hosts, URI)).toBe(
      '<iframe src="https://open.test/embed?uri=spotify:album:4aawyAB9vmqN3uQ7FjRGTy&amp;embed-api=1" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>',
    );
    expect(() => embedCode(hosts, 'spotify:album:' + 'a'.repeat(23))).toThrow('Invalid Spotify URI!');
  });

  it.each([
    ['a colon-form uri', URI, URI],
    ['a playlist under its owner', 'spotify:user:bob:playlist:37i9dQZF1DX', 'spotify:playlist:37i9dQZF1DX'],
    ['a track with a context and play', 'spotify:track:t1?context=spotify%3Aalbum%3Aa1&play=true', 'spotify:track:t1'],
    ['a URL-form uri', 'https://open.test/show/s1?si=x', 'spotify:show:s1'],
  ])('the snippet read back as a browser reads it names the item and carries embed-api=1 (spec 000 §2 Routes): %s', (_name, uri, expected) => {
    const attribute = /src="([^"]*)"/.exec(embedCode(hosts, uri))?.[1] ?? '';
    // HTML decodes &amp; in an attribute; nothing else in the attribute is an entity.
    expect(attribute.replace(/&amp;/g, '&')).not.toMatch(/&(?!embed-api)/);
    const src = new URL(attribute.replace(/&amp;/g, '&'));
    expect([src.origin, src.pathname, src.searchParams.getAll('uri'), src.searchParams.get('embed-api')]).toEqual([
      'https://open.test',
      '/embed',
      [expected],
      '1',
    ]);
  });

  it.each([
    ['/album/x', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080/album/x'],
    ['https://open.test/album/x', 'http://127.0.0.1:8080', 'https://open.test/album/x'],
    ['//cdn.test/x', 'http://127.0.0.1:8080', '//cdn.test/x'],
  ])('a relative link is made absolute against the page origin for copying (%s)', (url, origin, expected) => {
    expect(absoluteUrl(url, origin)).toBe(expected);
  });

  it('copy texts: the open URL and the embed code, absolute against the page origin when the hosts are relative', () => {
    expect(copyTexts({ openUrl: '/album/a1', uri: 'spotify:album:a1', openHost: '' }, 'http://127.0.0.1:8080')).toEqual({
      link: 'http://127.0.0.1:8080/album/a1',
      embedCode:
        '<iframe src="http://127.0.0.1:8080/embed?uri=spotify:album:a1&amp;embed-api=1" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>',
    });
    expect(copyTexts({ openUrl: OPEN, uri: URI, openHost: 'https://open.test' }, 'http://127.0.0.1:8080').embedCode).toContain(
      'src="https://open.test/embed?uri=spotify:album:',
    );
  });
});
