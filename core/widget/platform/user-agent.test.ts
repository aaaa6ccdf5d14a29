import { isMobileUserAgent, isSafariUserAgent } from './user-agent';

const UA = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  ipadSafari: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  headlessChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
};

describe('platform flags from the user agent (spec 000 §3 isMobile, isSafari)', () => {
  it.each([
    ['Android Chrome', UA.androidChrome, true, false],
    ['iPhone Safari', UA.iphoneSafari, true, true],
    ['iPhone Chrome (CriOS)', UA.iphoneChrome, true, false],
    ['iPad Safari', UA.ipadSafari, true, true],
    ['macOS Safari', UA.macSafari, false, true],
    ['macOS Chrome', UA.macChrome, false, false],
    ['Windows Edge', UA.windowsEdge, false, false],
    ['Linux Firefox', UA.linuxFirefox, false, false],
    ['headless Chrome (the e2e browser)', UA.headlessChrome, false, false],
    ['an empty user agent', '', false, false],
  ])('%s: mobile %s, Safari %s', (_name, ua, mobile, safari) => {
    expect(isMobileUserAgent(ua)).toBe(mobile);
    expect(isSafariUserAgent(ua)).toBe(safari);
  });
});
