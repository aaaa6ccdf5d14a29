import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { asyncScheduler } from 'rxjs';
import { isRight } from 'fp-ts/Either';
import { createAudioElement } from '../../adapters/browser/audio-element';
import { createFetchHttp } from '../../adapters/browser/fetch-http';
import { catalogueConfigured, initialCatalogueState, termsCheckRequested } from '../../core/catalogue';
import { EngineEvent } from '../../core/contract/events';
import { initialSessionState } from '../../core/engine/session/state';
import type { Action } from '../../core/store/action';
import type { Store } from '../../core/store/store';
import { engineEventReceived, pageHasVideoPreview, previewFactReceived, type PreviewElement } from '../../core/webplayer';
import { webPlayerCapture } from './capture';
import { createPageRecording, createRecordedPageStore, type PageRecording, type WebPlayerPageState } from './page-store';
import type { CaptureFn } from './nav';
import { PAGE_DATA_ID, ROOT_ID, type WebPlayerPageData } from './page-data';
import { TermsDialog } from './terms-dialog';
import { WebPlayerApp } from './WebPlayerApp';
import { createMediaElementSlot, MediaElementProvider, type MediaElementSlot } from '../components/video/media-element';

type PageState = WebPlayerPageState;

/**
 * Anonymous visitors hear previews on one audio element, the widget's preview player's adapter
 * (spec 001 §4 preview player); its facts enter the store. Listeners never get one: the engine plays.
 * Issue 18: a <video> (hidden until the now-playing panel shows it) when a row of the page has a
 * video preview, as the widget's preview element is (core/model/embed-data.ts previewElementTag).
 */
function previewElement(enabled: boolean, video: boolean, dispatch: (action: Action) => void): { port: PreviewElement; element: HTMLMediaElement } {
  const element = document.createElement(video ? 'video' : 'audio');
  element.className = 'wp-preview-audio';
  if (element instanceof HTMLVideoElement) {
    element.hidden = true;
    element.playsInline = true;
  }
  if (enabled) document.body.appendChild(element);
  const port = createAudioElement(element);
  if (enabled) {
    port.facts$.subscribe((fact) =>
      dispatch(previewFactReceived({ kind: fact.kind, positionMs: fact.positionMs, durationMs: Number.isFinite(fact.durationMs) ? fact.durationMs : null })),
    );
  }
  return { port, element };
}

/** The page's store, recorded from its first action (issue 19 Capture: "Report a problem" sends the log). */
function createPageStore(data: WebPlayerPageData): { store: Store<PageState>; recording: PageRecording; previewVideo: HTMLVideoElement | null } {
  const session = data.session;
  // The element's facts reach the store once it exists (the store is made with the element as its dep).
  let dispatchLater: (action: Action, src?: 'ui' | 'adapter') => void = () => undefined;
  const { port: preview, element } = previewElement(!data.state.loggedIn, pageHasVideoPreview(data.state), (action) => dispatchLater(action, 'adapter'));
  const initialState: PageState = {
    session:
      session === null
        ? initialSessionState
        : { ...initialSessionState, status: 'loaded', accessToken: session.accessToken, expiresAtMs: session.expiresAtMs, isAnonymous: false },
    catalogue: initialCatalogueState,
    webplayer: data.state,
  };
  const recording = createPageRecording(data.version, initialState, window.location.search);
  // Issue 19: the epics' ports pass through the recording tap, so the capture holds a port transcript
  // and the page's log replays in engine mode (its epics re-run against it), as the engine's does.
  const store = createRecordedPageStore(recording, initialState, {
    clock: { now: () => asyncScheduler.now() },
    scheduler: asyncScheduler,
    http: createFetchHttp((url, init) => fetch(url, init)),
    preview,
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
  return { store, recording, previewVideo: element instanceof HTMLVideoElement ? element : null };
}

/** The engine's own bundle (build.mjs), typed only: it is fetched by URL, never bundled in. */
type EngineBundle = typeof import('../engine/engine-client');
type EngineClient = Awaited<ReturnType<EngineBundle['startEngineClient']>>;

/** The started engine's log and transcript (issue 19 Capture), for "Report a problem"; null before the first play. */
type EngineSession = () => { actionLog: string; transcript: string } | null;

/** The widget's full-playback engine (its own bundle, /widget/engine.js), started on the first command. */
interface LazyEngine {
  readonly run: (send: (engine: EngineClient) => void, onEvent: (event: unknown) => void) => void;
  readonly session: EngineSession;
}

function lazyEngine(version: string, media: MediaElementSlot): LazyEngine {
  let engine: Promise<EngineClient> | undefined;
  let started: EngineClient | undefined;
  const run = (send: (engine: EngineClient) => void, onEvent: (event: unknown) => void) => {
    engine ??= (import(new URL('engine.js', import.meta.url).href) as Promise<EngineBundle>)
      .then((bundle) => bundle.startEngineClient({ hosts: { api: '', accounts: '' }, version }))
      .then((client) => {
        started = client;
        // Issue 18: the engine's element, for the now-playing video panel (./video-panel.tsx).
        media.set(client.mediaElement);
        client.events$.subscribe((event) => onEvent(event));
        client.send({ kind: 'initialise' });
        return client;
      });
    void engine.then(send);
  };
  return { run, session: () => started?.session() ?? null };
}

interface RootProps {
  readonly data: WebPlayerPageData;
  readonly store: Store<PageState>;
  readonly engine: LazyEngine;
  readonly capture: CaptureFn;
}

function Root({ data, store, engine, capture }: RootProps) {
  const state = useSyncExternalStore(
    store.subscribe,
    () => store.getState().webplayer,
    () => data.state,
  );
  const dispatch = useCallback((action: Action) => store.dispatch(action), [store]);
  const sent = useRef({ command: 0 });

  useEffect(() => {
    // Every command not sent yet, in order: a step may queue two, and React may render several steps at once.
    for (const { seq, command } of state.commands) {
      if (seq <= sent.current.command) continue;
      sent.current.command = seq;
      engine.run(
        (client) => client.send(command),
        (event) => {
          const decoded = EngineEvent.decode(event);
          // The engine's events are facts from outside the page (the log's 'adapter' source), not the listener's intents.
          if (isRight(decoded)) store.dispatch(engineEventReceived({ event: decoded.right }), 'adapter');
        },
      );
    }
  }, [state.commands, store, engine]);

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
      <WebPlayerApp state={state} dispatch={dispatch} title={data.title} query={data.query} capture={capture} />
      {terms === null ? null : <TermsDialog terms={terms} dispatch={dispatch} />}
    </>
  );
}

const root = document.getElementById(ROOT_ID);
const json = document.getElementById(PAGE_DATA_ID)?.textContent;
if (root !== null && json !== undefined && json !== null) {
  const data = JSON.parse(json) as WebPlayerPageData;
  const { store, recording, previewVideo } = createPageStore(data);
  const media = createMediaElementSlot();
  const engine = lazyEngine(data.version, media);
  // Issue 19 Capture: "Report a problem" in the top bar's overflow menu (and Alt+Shift+R) sends this page's session.
  const capture = webPlayerCapture(window, { getState: () => store.getState(), recording, engine: engine.session });
  hydrateRoot(
    root,
    <MediaElementProvider slot={media} preview={previewVideo}>
      <Root data={data} store={store} engine={engine} capture={capture} />
    </MediaElementProvider>,
  );
}
