import type { SchedulerLike } from 'rxjs';
import { sessionReducer } from '../../engine/session/reducer';
import { initialSessionState, type SessionSlice, type SessionState } from '../../engine/session/state';
import type { HttpPort } from '../../ports';
import type { Action } from '../../store/action';
import { createStore, type Envelope, type Store } from '../../store/store';
import { catalogueConfigured } from '../actions';
import { catalogueEpics } from '../epics';
import { catalogueReducer } from '../reducer';
import { initialCatalogueState, type CatalogueSlice } from '../state';

export type CatalogueTestState = CatalogueSlice & SessionSlice;

/** The configuration the tables use: Web API and gateway on two test hosts. */
export const TEST_CONFIG = catalogueConfigured({
  webApiUrl: 'https://api.test',
  gatewayUrl: 'https://gw.test',
  locale: 'sv',
  appVersion: '1568419200',
  sessionMarket: 'SE',
  userId: 'demo',
});

export const LOGGED_IN: SessionState = { ...initialSessionState, status: 'loaded', accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false };
export const ANONYMOUS: SessionState = { ...initialSessionState, status: 'loaded', accessToken: 'anon', expiresAtMs: 9e12, isAnonymous: true };
export const NO_TOKEN: SessionState = { ...initialSessionState, status: 'loaded' };

/**
 * The layer in a store (session + catalogue) on `scheduler`, with `http` a fake made by the test
 * (core/ must not import adapters/). `inputs` are dispatched at their virtual times.
 */
export function runCatalogue(options: {
  readonly scheduler: SchedulerLike;
  readonly http: HttpPort;
  readonly session: SessionState;
  readonly inputs: ReadonlyArray<readonly [number, Action]>;
}): { readonly store: Store<CatalogueTestState>; readonly log: Array<[number, Action]> } {
  const log: Array<[number, Action]> = [];
  const store = createStore<CatalogueTestState, { clock: { now(): number }; scheduler: SchedulerLike; http: HttpPort }>({
    reducer: (s, a) => ({ session: sessionReducer(s.session, a), catalogue: catalogueReducer(s.catalogue, a) }),
    epics: catalogueEpics,
    deps: { clock: { now: () => options.scheduler.now() }, scheduler: options.scheduler, http: options.http },
    initialState: { session: options.session, catalogue: initialCatalogueState },
    onEnvelope: (e: Envelope) => {
      if (e.src === 'epic') log.push([options.scheduler.now(), e.action]);
    },
  });
  for (const [at, action] of options.inputs) options.scheduler.schedule(() => store.dispatch(action), at);
  return { store, log };
}
