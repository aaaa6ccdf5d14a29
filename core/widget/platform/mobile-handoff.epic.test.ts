import { produce } from 'immer';
import { throwError, type SchedulerLike } from 'rxjs';
import { createFakePorts, type FakePorts } from '../../../adapters/fake';
import type { CookieSpec } from '../../ports';
import * as a from '../actions';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { runScenario, type Scenario } from '../testing/scenario';

const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const TRANSFER = 'https://open.test/album/album1?utm_source=site&bo=1';

/** A phone whose preview plays the first track. */
const playingOnPhone: WidgetState = produce(initialWidgetState(albumData()), (d) => {
  d.platform.isMobile = true;
  d.platform.pageSearch = '?utm_source=site';
  d.playback.isPlaying = true;
  d.playback.trackUri = 'spotify:track:track1';
  d.player = { started: true, index: 0, status: 'playing', error: null };
});

interface Seen {
  /** The audio and host calls of the hand-off, in one order (pause, cookie, navigation). */
  readonly order: string[];
  readonly cookies: CookieSpec[];
}

/** Fake ports that also record the hand-off's calls in one list, and can refuse a step. */
function portsWith(seen: Seen, refuse: { cookie?: boolean; navigate?: boolean } = {}) {
  return (scheduler: SchedulerLike): FakePorts => {
    const fake = createFakePorts(scheduler);
    return {
      ...fake,
      audio: { ...fake.audio, pause: () => (seen.order.push('pause'), fake.audio.pause()) },
      host: {
        ...fake.host,
        writeCookie: (cookie) => {
          seen.order.push('cookie');
          seen.cookies.push(cookie);
          return refuse.cookie ? throwError(() => new Error('cookies are blocked')) : fake.host.writeCookie(cookie);
        },
        navigateTop: (url) => {
          seen.order.push(`navigate ${url}`);
          return refuse.navigate ? throwError(() => new Error('top navigation needs a user gesture')) : fake.host.navigateTop(url);
        },
      },
    };
  };
}

const scenario = (s: Scenario, refuse?: { cookie?: boolean; navigate?: boolean }) => {
  const seen: Seen = { order: [], cookies: [] };
  const run = runScenario({ prefixes: ['preview/', 'handoff/'], ...s }, { makePorts: portsWith(seen, refuse), assertEqual: (x, y) => expect(x).toEqual(y) });
  return { ...run, ...seen };
};

const decided = (url: string, setCookie: boolean) => a.mobileAppHandoffDecided({ url, setCookie, cookieDomain: 'open.test' });

describe('spec 000 §4 PLAY_IN_MOBILE_APP and the hand-off to the mobile app (effects)', () => {
  it('app not detected: pauses, sets the hand-off cookie (yes, 5000 days, provider domain), then navigates the top window', () => {
    const { order, cookies, state } = scenario({
      initialState: playingOnPhone,
      ui: '-h',
      inputs: { h: a.playInMobileAppRequested() },
      expected: '-(pd)',
      outputs: { p: a.pauseDecided(), d: decided(TRANSFER, true) },
    });
    expect(order).toEqual(['pause', 'cookie', `navigate ${TRANSFER}`]);
    expect(cookies).toEqual([{ name: 'sp_handoff', value: 'yes', days: 5000, domain: 'open.test' }]);
    // PLAY_IN_MOBILE_APP sets the flag: the next play on this page hands off at once.
    expect(state.platform.mobileAppInstalled).toBe(true);
  });

  it('play rule: on a phone whose hand-off cookie was read at start-up, the play button hands off (no cookie again, no preview)', () => {
    const { order, cookies, ports } = scenario({
      adapter: 'r',
      ui: '--t',
      inputs: { r: a.platformRead({ userAgent: ANDROID, search: '', handoffCookie: 'yes' }), t: a.playToggleRequested({ via: 'button' }) },
      expected: '--d',
      outputs: { d: decided('https://open.test/album/album1?bo=1', false) },
    });
    expect(order).toEqual(['navigate https://open.test/album/album1?bo=1']);
    expect(cookies).toEqual([]);
    expect(ports.calls.audio).toEqual(['prefetch https://cdn.test/preview/track1.mp3']);
  });

  it('play rule: a track row (play from an index) hands off too once the flag is set', () => {
    const installed = produce(playingOnPhone, (d) => {
      d.platform.mobileAppInstalled = true;
      d.playback.isPlaying = false;
      d.playback.isPaused = true;
    });
    const { order } = scenario({
      initialState: installed,
      ui: '-r',
      inputs: { r: a.trackRowClicked({ index: 2 }) },
      expected: '-d',
      outputs: { d: decided(TRANSFER, false) },
    });
    expect(order).toEqual([`navigate ${TRANSFER}`]);
  });

  it('a phone without the app plays the preview as usual (no hand-off)', () => {
    const { order } = scenario({
      adapter: 'r',
      ui: '--t',
      inputs: { r: a.platformRead({ userAgent: ANDROID, search: '', handoffCookie: null }), t: a.playToggleRequested({ via: 'button' }) },
      expected: '--(slp)',
      outputs: {
        s: a.playerStarted(),
        l: a.trackLoadDecided({ index: 0, uri: 'spotify:track:track1', src: 'https://cdn.test/preview/track1.mp3' }),
        p: a.playDecided(),
      },
    });
    expect(order).toEqual([]);
  });

  it('a refused cookie is recorded and the top window still navigates (the visitor asked for the app)', () => {
    const { order } = scenario(
      {
        initialState: playingOnPhone,
        ui: '-h',
        inputs: { h: a.playInMobileAppRequested() },
        expected: '-(pdf)',
        outputs: { p: a.pauseDecided(), d: decided(TRANSFER, true), f: a.mobileAppHandoffFailed({ step: 'cookie', err: 'cookies are blocked' }) },
      },
      { cookie: true },
    );
    expect(order).toEqual(['pause', 'cookie', `navigate ${TRANSFER}`]);
  });

  it('a refused navigation is recorded and the epic lives on: the next click tries again', () => {
    const failed = a.mobileAppHandoffFailed({ step: 'navigate', err: 'top navigation needs a user gesture' });
    const { order } = scenario(
      {
        initialState: playingOnPhone,
        ui: '-h-----h',
        inputs: { h: a.playInMobileAppRequested() },
        // A group takes as many frames as its characters: (pdf) ends at frame 5.
        expected: '-(pdf)-(pgf)',
        outputs: { p: a.pauseDecided(), d: decided(TRANSFER, true), g: decided(TRANSFER, false), f: failed },
      },
      { navigate: true },
    );
    // The second time the app counts as detected (the flag was set): no cookie.
    expect(order).toEqual(['pause', 'cookie', `navigate ${TRANSFER}`, 'pause', `navigate ${TRANSFER}`]);
  });
});
