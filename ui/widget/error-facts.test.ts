import { TestScheduler } from 'rxjs/testing';
import { createFakePorts } from '../../adapters/fake';
import { createStore, type Envelope } from '../../core/store/store';
import { widgetReducer } from '../../core/widget/reducer';
import { initialWidgetState } from '../../core/widget/state';
import { albumData } from '../../core/widget/testing/album-data';
import { bindErrorFacts, describeThrown } from './error-facts';

function setUp(cookie?: string) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const ports = createFakePorts(scheduler);
  if (cookie !== undefined) ports.host.writeCookie({ name: 'sp_t', value: cookie, days: 1 }).subscribe();
  const envelopes: Envelope[] = [];
  const store = createStore({
    reducer: widgetReducer,
    epics: [],
    deps: ports,
    initialState: initialWidgetState(albumData()),
    onEnvelope: (e) => envelopes.push(e),
  });
  const unbind = bindErrorFacts(store, ports, window);
  return { envelopes, unbind, actions: () => envelopes.map((e) => [e.src, e.action]) };
}

describe('bindErrorFacts (spec 000 §7 error-reporting service, at the edge)', () => {
  it('dispatches the start-up context: the user id cookie, navigator.webdriver, the page host', () => {
    const { actions, unbind } = setUp('user-1');
    expect(actions()).toEqual([['adapter', { type: 'widget/errorReporterContextRead', userId: 'user-1', automated: false, pageHost: window.location.host }]]);
    unbind();
  });

  it('a missing cookie gives user id null', () => {
    const { actions, unbind } = setUp();
    expect(actions()[0]?.[1]).toMatchObject({ userId: null });
    unbind();
  });

  it("turns the window's uncaught errors into widget/errorCaught adapter facts, until unbound", () => {
    const { actions, unbind } = setUp();
    const error = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'Uncaught Error: boom' }));
    expect(actions()[1]).toEqual(['adapter', { type: 'widget/errorCaught', message: 'boom', stack: error.stack }]);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(actions()[2]).toEqual(['adapter', { type: 'widget/errorCaught', message: 'Script error.', stack: '' }]);
    unbind();
    window.dispatchEvent(new ErrorEvent('error', { message: 'later' }));
    expect(actions()).toHaveLength(3);
  });
});

describe('describeThrown', () => {
  it.each([
    ['a string', 'oops', { message: 'oops', stack: '' }],
    ['undefined', undefined, { message: '', stack: '' }],
    ['an object', { code: 1 }, { message: '', stack: '' }],
  ])('%s', (_name, thrown, described) => {
    expect(describeThrown(thrown)).toEqual(described);
  });
});
