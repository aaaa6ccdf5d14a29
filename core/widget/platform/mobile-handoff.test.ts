import { produce } from 'immer';
import { pauseDecided } from '../actions';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { mobileAppHandoffDecided } from './actions';
import {
  appDetectedFromCookie,
  handsOffToApp,
  HANDOFF_COOKIE_DAYS,
  HANDOFF_COOKIE_VALUE,
  mobileHandoffDecisions,
  providerCookieDomain,
  transferPlaybackUri,
} from './mobile-handoff';

const base = initialWidgetState(albumData());
const with_ = (patch: (s: { -readonly [K in keyof WidgetState]: WidgetState[K] }) => void): WidgetState => produce(base, (d) => patch(d as never));
const mobile = with_((s) => {
  s.platform = { ...s.platform, isMobile: true, pageSearch: '?utm_source=site' };
});
const mobileWithApp = with_((s) => {
  s.platform = { ...s.platform, isMobile: true, mobileAppInstalled: true };
});

describe('spec 000 §4 / §9 hand-off constants', () => {
  it('the cookie holds yes for 5000 days', () => {
    expect(HANDOFF_COOKIE_VALUE).toBe('yes');
    expect(HANDOFF_COOKIE_DAYS).toBe(5000);
  });

  it.each([
    ['the cookie of an earlier hand-off', 'yes', true],
    ['no cookie', null, false],
    ['another value', 'no', false],
  ])('app detected from %s -> %s', (_case, cookie, expected) => {
    expect(appDetectedFromCookie(cookie)).toBe(expected);
  });
});

describe("providerCookieDomain (spec 000 §4: the cookie is set on the provider's domain)", () => {
  it.each([
    ['a subdomain of the provider', 'https://open.example.com', 'example.com'],
    ['with a port and a path', 'https://open.example.com:8443/x', 'example.com'],
    ['a two-label host', 'https://example.com', 'example.com'],
    ['a country-code second-level domain', 'https://open.example.co.uk', 'example.co.uk'],
    ['upper case', 'HTTPS://Open.Example.COM', 'example.com'],
    ['relative (the demo: the embed page is the provider): host-only', '', null],
    ['an IP address: host-only', 'http://127.0.0.1:8080', null],
    ['localhost: host-only', 'http://localhost:8080', null],
    ['an IPv6 address: host-only', 'http://[::1]:8080', null],
  ])('%s: %s -> %s', (_case, host, expected) => {
    expect(providerCookieDomain(host)).toBe(expected);
  });
});

describe('transferPlaybackUri (the universal link of spec 000 §7: external URL, page query string, bo=1)', () => {
  it.each([
    ['no query string', base, 'https://open.test/album/album1?bo=1'],
    ['the page query string is carried', mobile, 'https://open.test/album/album1?utm_source=site&bo=1'],
  ])('%s', (_case, state, expected) => {
    expect(transferPlaybackUri(state)).toBe(expected);
  });
});

describe('spec 000 §4 Play rules: "On mobile with the mobile app installed, play hands off to the app."', () => {
  it.each([
    ['desktop', base, false],
    ['mobile, app not installed', mobile, false],
    ['mobile, app installed', mobileWithApp, true],
    [
      'desktop with the flag set (no hand-off off mobile)',
      with_((s) => {
        s.platform = { ...s.platform, mobileAppInstalled: true };
      }),
      false,
    ],
  ])('%s -> %s', (_case, state, expected) => {
    expect(handsOffToApp(state)).toBe(expected);
  });
});

describe('mobileHandoffDecisions (spec 000 §4 Hand-off to the mobile app)', () => {
  const playing = (s: WidgetState) =>
    produce(s, (d) => {
      d.playback.isPlaying = true;
    });
  const decided = (url: string, setCookie: boolean, cookieDomain: string | null = 'open.test') => mobileAppHandoffDecided({ url, setCookie, cookieDomain });
  it.each([
    ['app not detected, nothing playing: cookie, then top navigation', mobile, [decided('https://open.test/album/album1?utm_source=site&bo=1', true)]],
    ['app not detected, playing: paused first', playing(mobile), [pauseDecided(), decided('https://open.test/album/album1?utm_source=site&bo=1', true)]],
    ['app detected: no cookie', mobileWithApp, [decided('https://open.test/album/album1?bo=1', false)]],
    ['app detected, playing: paused, no cookie', playing(mobileWithApp), [pauseDecided(), decided('https://open.test/album/album1?bo=1', false)]],
  ])('%s', (_case, state, expected) => {
    // open.test has two labels: the cookie domain is the host itself.
    expect(mobileHandoffDecisions(state)).toEqual(expected);
  });
});
