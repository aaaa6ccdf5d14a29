import { produce } from 'immer';
import { throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakePorts } from '../../../adapters/fake';
import { createStore, type Envelope } from '../../store/store';
import { widgetReducer } from '../reducer';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { metadataClickedOnMobile } from './actions';
import { universalLinkEpics } from './universal-link.epic';

const phone: WidgetState = produce(initialWidgetState(albumData()), (d) => {
  d.platform.isMobile = true;
  d.platform.pageSearch = '?utm_source=site';
});

function run(refuse = false) {
  const navigated: string[] = [];
  const log: Envelope[] = [];
  // No timers: everything happens inside the dispatch, as the browser's gesture rule needs.
  const fake = createFakePorts(new TestScheduler(() => undefined));
  const ports = {
    ...fake,
    host: {
      ...fake.host,
      navigateTop: (url: string) => (navigated.push(url), refuse ? throwError(() => new Error('needs a user gesture')) : fake.host.navigateTop(url)),
    },
  };
  const store = createStore({ reducer: widgetReducer, epics: universalLinkEpics, deps: ports, initialState: phone, onEnvelope: (e) => log.push(e) });
  store.dispatch(metadataClickedOnMobile(), 'ui');
  return { navigated, types: log.map((e) => `${e.src} ${e.action.type}`) };
}

describe('spec 000 §7 Universal link (mobile): metadata clicked on mobile opens the top window', () => {
  it("goes to the item's external URL plus the page's query string and bo=1, synchronously inside the click", () => {
    const { navigated, types } = run();
    expect(types).toEqual(['ui widget/metadataClickedOnMobile', 'epic handoff/universalLinkDecided']);
    expect(navigated).toEqual([`${albumData().resource.external_urls.spotify}?utm_source=site&bo=1`]);
  });

  it('a top window the browser will not navigate is recorded, not thrown', () => {
    const { types } = run(true);
    expect(types.at(-1)).toBe('epic handoff/mobileAppFailed');
  });
});
