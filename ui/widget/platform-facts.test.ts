import { throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakePorts } from '../../adapters/fake';
import type { Ports } from '../../core/ports';
import { createStore, type Envelope } from '../../core/store/store';
import { widgetReducer } from '../../core/widget/reducer';
import { initialWidgetState } from '../../core/widget/state';
import { albumData } from '../../core/widget/testing/album-data';
import { bindPlatformFacts } from './platform-facts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function setUp(options: { cookie?: string; location?: string; patch?: (ports: Ports) => Ports } = {}) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const fake = createFakePorts(scheduler, options.location === undefined ? {} : { location: options.location });
  if (options.cookie !== undefined) fake.host.writeCookie({ name: 'sp_handoff', value: options.cookie, days: 5000 }).subscribe();
  const ports = options.patch ? options.patch(fake) : fake;
  const envelopes: Envelope[] = [];
  const store = createStore({
    reducer: widgetReducer,
    epics: [],
    deps: ports,
    initialState: initialWidgetState(albumData()),
    onEnvelope: (e) => envelopes.push(e),
  });
  bindPlatformFacts(store, ports, { navigator: { userAgent: IPHONE } as Navigator });
  return { store, actions: () => envelopes.map((e) => [e.src, e.action]) };
}

describe('bindPlatformFacts (spec 000 §3 platform flags, §4 hand-off cookie, at the edge)', () => {
  it('dispatches the user agent, the page query string and the hand-off cookie, raw, as one adapter fact', () => {
    const { actions, store } = setUp({ cookie: 'yes', location: 'https://embed.test/embed/album/x?utm_source=site' });
    expect(actions()).toEqual([['adapter', { type: 'widget/platformRead', userAgent: IPHONE, search: '?utm_source=site', handoffCookie: 'yes' }]]);
    // The core decides: an iPhone is mobile and Safari; the cookie says the app was detected before.
    expect(store.getState().platform).toEqual({
      isMobile: true,
      isSafari: true,
      mobileAppInstalled: true,
      forcePreview: false,
      pageSearch: '?utm_source=site',
    });
  });

  it('no cookie: null; the app is not detected', () => {
    const { actions, store } = setUp();
    expect(actions()[0]?.[1]).toMatchObject({ handoffCookie: null, search: '' });
    expect(store.getState().platform.mobileAppInstalled).toBe(false);
  });

  it('an unreadable cookie and address count as absent (the fact is still dispatched)', () => {
    const { actions } = setUp({
      patch: (ports) => ({
        ...ports,
        host: { ...ports.host, readCookie: () => throwError(() => new Error('denied')), location: () => throwError(() => new Error('denied')) },
      }),
    });
    expect(actions()).toEqual([['adapter', { type: 'widget/platformRead', userAgent: IPHONE, search: '', handoffCookie: null }]]);
  });
});
