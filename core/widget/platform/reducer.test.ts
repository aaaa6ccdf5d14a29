import { produce } from 'immer';
import type { Action } from '../../store/action';
import { widgetReducer } from '../reducer';
import { initialWidgetState, type PlatformState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import * as p from './actions';
import { EME_NO_SUPPORTED_KEYSYSTEM } from '../../contract';

const base = initialWidgetState(albumData());
const platform = (patch: Partial<PlatformState>, from: WidgetState = base): WidgetState =>
  produce(from, (d) => {
    Object.assign(d.platform, patch);
  });

const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const read = (userAgent: string, handoffCookie: string | null, search = '') => p.platformRead({ userAgent, search, handoffCookie });
const decided = p.mobileAppHandoffDecided({ url: 'https://open.test/album/album1?bo=1', setCookie: true, cookieDomain: null });

type Row = readonly [rule: string, before: WidgetState, action: Action, after: WidgetState];

const table: ReadonlyArray<Row> = [
  [
    'start-up on a phone: mobile, page query string kept',
    base,
    read(ANDROID, null, '?utm_source=x'),
    platform({ isMobile: true, pageSearch: '?utm_source=x' }),
  ],
  ['start-up in desktop Safari: Safari, not mobile', base, read(MAC_SAFARI, null), platform({ isSafari: true })],
  ['start-up with the hand-off cookie: the app was detected', base, read(ANDROID, 'yes'), platform({ isMobile: true, mobileAppInstalled: true })],
  ['a cookie of another value detects nothing', base, read(ANDROID, 'no'), platform({ isMobile: true })],
  [
    'spec 000 §4 PLAY_IN_MOBILE_APP sets the mobile-app-installed flag true',
    platform({ isMobile: true }),
    decided,
    platform({ isMobile: true, mobileAppInstalled: true }),
  ],
  [
    'spec 000 §4 "set playback to preview" sets forcePreview true',
    base,
    p.previewForced({ code: EME_NO_SUPPORTED_KEYSYSTEM }),
    platform({ forcePreview: true }),
  ],
];

const unchanged: ReadonlyArray<readonly [string, Action]> = [
  ['the visitor asking for the app (the decision sets the flag)', p.playInMobileAppRequested()],
  ['a failed hand-off step', p.mobileAppHandoffFailed({ step: 'navigate', err: 'blocked' })],
  // The epic decides (init-failure.epic.ts): the failure itself leaves the state as it is, whatever the code.
  ['an initialization failure', p.playerInitFailed({ code: EME_NO_SUPPORTED_KEYSYSTEM, message: 'No supported keysystem was found.' })],
];

describe('platform reducer (spec 000 §3 platform flags, §4 rules)', () => {
  it.each(table)('%s', (_rule, before, action, after) => {
    expect(widgetReducer(before, action)).toEqual(after);
  });

  it.each(unchanged)('%s changes nothing', (_rule, action) => {
    expect(widgetReducer(base, action)).toBe(base);
  });
});
