import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { asyncScheduler } from 'rxjs';
import { isRight } from 'fp-ts/Either';
import { createAudioElement } from '../../adapters/browser/audio-element';
import { createFetchHttp } from '../../adapters/browser/fetch-http';
import { catalogueConfigured, catalogueEpics, catalogueReducer, initialCatalogueState, termsCheckRequested, type CatalogueState } from '../../core/catalogue';
import { EngineEvent } from '../../core/contract/events';
import { sessionReducer } from '../../core/engine/session/reducer';
import { initialSessionState, type SessionState } from '../../core/engine/session/state';
import type { Action } from '../../core/store/action';
import { createStore, type Store } from '../../core/store/store';
import {
  engineEventReceived,
  previewFactReceived,
  WEBPLAYER_EPICS,
  webPlayerReducer,
  type PreviewElement,
  type WebPlayerDeps,
  type WebPlayerState,
} from '../../core/webplayer';
import { pageTokenRefreshEpic } from '../../core/catalogue/page-token';
import type { EngineClient } from '../engine/engine-port';
import { PAGE_DATA_ID, ROOT_ID, type WebPlayerPageData } from './page-data';
import { TermsDialog } from './terms-dialog';
import { WebPlayerApp } from './WebPlayerApp';

/** The page's store: the engine's session (the token), the request layer and the web player's own state. */
interface PageState {
  readonly session: SessionState;
  readonly catalogue: CatalogueState;
  readonly webplayer: WebPlayerState;
}

type PageDeps = { clock: { now(): number }; scheduler: typeof asyncScheduler; http: ReturnType<typeof createFetchHttp> } & WebPlayerDeps;

/**
 * Anonymous visitors hear previews on one audio element, the widget's preview player's adapter
 * (spec 001 §4 preview player); its facts enter the store. Listeners never get one: the engine plays.
 */
function previewElement(enabled: boolean, dispatch: (action: Action) => void): PreviewElement {
  const element = document.createElement('audio');
  element.className = 'wp-preview-audio';
  if (enabled) document.body.appendChild(element);
  const port = createAudioElement(element);
  if (enabled) {
    port.facts$.subscribe((fact) =>
      dispatch(previewFactReceived({ kind: fact.kind, positionMs: fact.positionMs, durationMs: Number.isFinite(fact.durationMs) ? fact.durationMs : null })),
    );
  }
  return port;
}

function createPageStore(data: WebPlayerPageData): Store<PageState> {
  const session = data.session;
  // The element's facts reach the store once it exists (the store is made with the element as its dep).
  let dispatchLater: (action: Action, src?: 'ui' | 'adapter') => void = () => undefined;
  const preview = previewElement(!data.state.loggedIn, (action) => dispatchLater(action, 'adapter'));
  const store = createStore<PageState, PageDeps>({
    reducer: (s, a) => ({ session: sessionReducer(s.session, a), catalogue: catalogueReducer(s.catalogue, a), webplayer: webPlayerReducer(s.webplayer, a) }),
    epics: [...catalogueEpics, ...WEBPLAYER_EPICS, pageTokenRefreshEpic],
    deps: { clock: { now: () => asyncScheduler.now() }, scheduler: asyncScheduler, http: createFetchHttp((url, init) => fetch(url, init)), preview },
    initialState: {
      session:
        session === null
          ? initialSessionState
          : { ...initialSessionState, status: 'loaded', accessToken: session.accessToken, expiresAtMs: session.expiresAtMs, isAnonymous: false },
      catalogue: initialCatalogueState,
      webplayer: data.state,
    },
  });
  dispatchLater = (action, src) => store.dispatch(action, src);
  const origin = window.location.origin;
  store.dispatch(
    catalogueConfigured({
      webApiUrl: origin,
      gatewayUrl: origin,
      locale: document.documentElement.lang || 'en',
      appVersion: data.version,
      sessionMarket: session?.market ?? '',
      userId: session?.userId ?? null,
    }),
  );
  return store;
}

interface EngineBundle {
  startEngineClient(options: { hosts: { api: string; accounts: string }; version: string }): Promise<EngineClient>;
}

/** The widget's full-playback engine (its own bundle, /widget/engine.js), started on the first command. */
function lazyEngine(version: string): (send: (engine: EngineClient) => void, onEvent: (event: unknown) => void) => void {
  let engine: Promise<EngineClient> | undefined;
  return (send, onEvent) => {
    engine ??= (import(new URL('engine.js', import.meta.url).href) as Promise<EngineBundle>)
      .then((bundle) => bundle.startEngineClient({ hosts: { api: '', accounts: '' }, version }))
      .then((client) => {
        client.events$.subscribe((event) => onEvent(event));
        client.send({ kind: 'initialise' });
        return client;
      });
    void engine.then(send);
  };
}

function Root({ data, store }: { data: WebPlayerPageData; store: Store<PageState> }) {
  const state = useSyncExternalStore(
    store.subscribe,
    () => store.getState().webplayer,
    () => data.state,
  );
  const dispatch = useCallback((action: Action) => store.dispatch(action), [store]);
  const engine = useRef(lazyEngine(data.version));
  const sent = useRef({ command: 0 });

  useEffect(() => {
    // Every command not sent yet, in order: a step may queue two, and React may render several steps at once.
    for (const { seq, command } of state.commands) {
      if (seq <= sent.current.command) continue;
      sent.current.command = seq;
      engine.current(
        (client) => client.send(command),
        (event) => {
          const decoded = EngineEvent.decode(event);
          if (isRight(decoded)) dispatch(engineEventReceived({ event: decoded.right }));
        },
      );
    }
  }, [state.commands, dispatch]);

  // spec 001 §7 Terms: a listener's page asks at load whether the licence in force must be reaccepted.
  const terms = useSyncExternalStore(
    store.subscribe,
    () => store.getState().catalogue.terms,
    () => null,
  );
  useEffect(() => {
    if (data.state.loggedIn) dispatch(termsCheckRequested({ requestId: 'terms-check', language: document.documentElement.lang || 'en' }));
  }, [data.state.loggedIn, dispatch]);

  // Tests and tools wait for this: the buttons act from here on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <>
      <WebPlayerApp state={state} dispatch={dispatch} title={data.title} query={data.query} />
      {terms === null ? null : <TermsDialog terms={terms} dispatch={dispatch} />}
    </>
  );
}

const root = document.getElementById(ROOT_ID);
const json = document.getElementById(PAGE_DATA_ID)?.textContent;
if (root !== null && json !== undefined && json !== null) {
  const data = JSON.parse(json) as WebPlayerPageData;
  hydrateRoot(root, <Root data={data} store={createPageStore(data)} />);
}
