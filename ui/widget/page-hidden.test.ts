import { TestScheduler } from 'rxjs/testing';
import { createFakePorts } from '../../adapters/fake';
import { createStore, type Envelope } from '../../core/store/store';
import { widgetReducer } from '../../core/widget/reducer';
import { initialWidgetState } from '../../core/widget/state';
import { albumData } from '../../core/widget/testing/album-data';
import { bindPageHidden } from './page-hidden';

describe('bindPageHidden (the logging channel sends what waits when the page is hidden)', () => {
  it('dispatches widget/pageHidden on pagehide and on visibilitychange to hidden only, until unbound', () => {
    const ports = createFakePorts(new TestScheduler((a, b) => expect(a).toEqual(b)));
    const envelopes: Envelope[] = [];
    const store = createStore({
      reducer: widgetReducer,
      epics: [],
      deps: ports,
      initialState: initialWidgetState(albumData()),
      onEnvelope: (e) => envelopes.push(e),
    });
    const unbind = bindPageHidden(store, window);
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

    document.dispatchEvent(new Event('visibilitychange'));
    expect(envelopes).toEqual([]);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(envelopes.map((e) => [e.src, e.action.type])).toEqual([
      ['adapter', 'widget/pageHidden'],
      ['adapter', 'widget/pageHidden'],
    ]);
    unbind();
    window.dispatchEvent(new Event('pagehide'));
    expect(envelopes).toHaveLength(2);
  });
});
