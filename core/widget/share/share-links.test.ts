import { absoluteUrl, copyTexts, embedCode, shareWindow, type ShareTarget } from './share-links';

const hosts = { open: 'https://open.test' };
const OPEN = 'https://open.test/album/4aawyAB9vmqN3uQ7FjRGTy';
const URI = 'spotify:album:4aawyAB9vmqN3uQ7FjRGTy';

describe('share links (spec 000 §7 share windows, copy link, copy embed code)', () => {
  it.each<[ShareTarget, boolean, string, string | null]>([
    ['facebook', false, `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(OPEN)}&hashtag=%23NowPlaying`, 'width=640,height=551'],
    ['messenger', false, `https://www.facebook.com/dialog/send?link=${encodeURIComponent(OPEN)}&redirect_uri=${encodeURIComponent(OPEN)}`, 'width=996,height=550'],
    ['messenger', true, `fb-messenger://share/?link=${encodeURIComponent(OPEN)}`, null],
    ['twitter', false, `https://twitter.com/intent/tweet?url=${encodeURIComponent(OPEN)}&hashtags=NowPlaying`, 'width=640,height=300'],
    ['whatsapp', false, `https://api.whatsapp.com/send?text=${encodeURIComponent(OPEN)}`, null],
  ])('Share window %s (mobile %s): address, size and hashtag', (target, mobile, url, size) => {
    const popup = shareWindow(target, OPEN, mobile);
    expect(popup.url).toBe(url);
    if (size === null) expect(popup.features).toBeNull();
    else expect(popup.features?.startsWith(`${size},`)).toBe(true);
  });

  it('Copy embed code: an iframe at the embed page, 300 x 380, allowing encrypted media (spec 000 §7, §9)', () => {
    expect(embedCode(hosts, URI)).toBe(
      '<iframe src="https://open.test/embed/album/4aawyAB9vmqN3uQ7FjRGTy" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>',
    );
    expect(() => embedCode(hosts, 'spotify:album:' + 'a'.repeat(23))).toThrow('Invalid Spotify URI!');
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
      embedCode: '<iframe src="http://127.0.0.1:8080/embed/album/a1" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>',
    });
    expect(copyTexts({ openUrl: OPEN, uri: URI, openHost: 'https://open.test' }, 'http://127.0.0.1:8080').embedCode).toContain('src="https://open.test/embed/album/');
  });
});
