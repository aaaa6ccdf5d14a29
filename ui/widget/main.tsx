import './widget.css';
import { lazy, Suspense, useEffect } from 'react';
import { map } from 'rxjs/operators';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The widget's ports from their own module: the engine's adapters (in the index) are not the widget's.
import { createBrowserPorts } from '../../adapters/browser/ports';
import { ACTION_LOG_WINDOW, createActionLog, pageLogWindow } from '../../core/store/action-log';
import { createRedactor } from '../../core/store/redact';
import { createStore } from '../../core/store/store';
import { deferredEpic } from '../../core/store/deferred-epic';
import { bindAdapterFacts } from '../../core/widget/adapter-facts';
import { bindErrorFacts } from './error-facts';
import { bindPlatformFacts } from './platform-facts';
import { bindPageHidden } from './page-hidden';
import { widgetEpicOrder } from '../../core/widget/epics';
import { isEmbedApiOn } from '../../core/widget/embed-api/raw-message';
import { extrasLoaded$, loadExtras } from './extras-loader';
import { createLazyEnginePort } from '../engine/engine-port';
import { widgetReducer } from '../../core/widget/reducer';
import { initialWidgetState, type WidgetState } from '../../core/widget/state';
import { StoreProvider } from '../hooks/store-context';
import { postTask } from '../hooks/deferred-subscribe';
import { EmbedApp } from './EmbedApp';
import { readEmbedData, showStartupError } from './read-embed-data';
import { PREVIEW_AUDIO_ELEMENT_ID } from '../../core/model/embed-data';

/** The engine's own bundle (build.mjs), typed only: it is fetched by URL, never bundled in. */
type EngineBundle = typeof import('../engine/engine-client');

declare global {
  interface Window {
    /** debug=1 only: the session's action log and state, for tests and engineers. */
    __embedDebug?: { actionLog: () => string; state: () => WidgetState };
  }
}

// In the widget's lazy chunk (ui/widget/extras.ts): without debug=1 it is not fetched for this.
const LogDownload = lazy(() => loadExtras().then((extras) => ({ default: extras.LogDownload })));

/** Marks the page once React has taken over the server's frame: tests and the bench wait for it. */
function MarkHydrated(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** spec 000 §4 Start-up: read the embedded data, build the state, render once (hydrating the server's frame). */
function boot(): void {
  // spec 000 §4: "creates a full-page container" (widget.css gives #root the full height).
  let root = document.getElementById('root');
  if (root === null) {
    root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
  }
  const read = readEmbedData(document);
  if (!read.ok) {
    console.error(read.message);
    showStartupError(root, read.message);
    return;
  }
  const { data } = read;
  const initialState = initialWidgetState(data);

  // The preview player's one audio element (spec 001 §4), outside the React tree. The server's page
  // has it already, prefetching the first preview while the page parses; otherwise it is made here.
  let audio = document.querySelector<HTMLAudioElement>(`audio#${PREVIEW_AUDIO_ELEMENT_ID}`);
  if (audio === null) {
    audio = document.createElement('audio');
    audio.id = PREVIEW_AUDIO_ELEMENT_ID;
    audio.hidden = true;
    document.body.appendChild(audio);
  }

  // The full-playback engine: its own bundle next to this one (build.mjs), fetched on a logged-in
  // visitor's first command only.
  const engine = createLazyEnginePort(() =>
    (import(new URL('engine.js', import.meta.url).href) as Promise<EngineBundle>).then((bundle) =>
      bundle.startEngineClient({ hosts: data.config.hosts, version: data.config.version }),
    ),
  );
  const ports = createBrowserPorts(window, audio, engine);
  // Issue 12: no secret in the log (the embed data's access token), and a bounded window of it in memory.
  const redactor = createRedactor();
  const log = createActionLog({ app: 'embed-player', version: data.config.version, initialState }, { redactor, ...pageLogWindow(window.location.search, ACTION_LOG_WINDOW) });
  // The epics of the lazy chunk keep their place in the order (deferredEpic) from the start.
  const epics = widgetEpicOrder({
    embedApi: deferredEpic(extrasLoaded$.pipe(map((extras) => extras.embedApiEpic))),
    share: deferredEpic(extrasLoaded$.pipe(map((extras) => extras.shareEpic))),
  });
  // The store exists before any side input is bound, so the log starts with the first action.
  const store = createStore({ reducer: widgetReducer, epics, deps: ports, initialState, onEnvelope: log.record });
  // spec 000 §7: with embed-api=1 the chunk is fetched now, and the parent page's messages are
  // heard once its epics listen (the page's client retries api/connect until it is answered).
  if (isEmbedApiOn(window.location.search)) void loadExtras();
  bindAdapterFacts(store, ports, { embedApiReady$: extrasLoaded$ });
  // spec 000 §3 platform flags (user agent, page query string, hand-off cookie), read once.
  bindPlatformFacts(store, ports, window);
  // spec 000 §7 error-reporting service: its start-up context and the page's uncaught errors.
  bindErrorFacts(store, ports, window);
  // spec 000 §7 logging channel: what waits is sent when the page is hidden.
  bindPageHidden(store, window);

  const app = (
    <StoreProvider store={store} serverState={initialState} deferUpdates={postTask()}>
      <EmbedApp />
      <MarkHydrated />
    </StoreProvider>
  );
  // Hydrate the server-rendered frame; a page without one (no SSR) renders from scratch.
  if (root.firstElementChild === null) createRoot(root).render(app);
  else hydrateRoot(root, app);

  if (new URLSearchParams(window.location.search).get('debug') === '1') {
    // The state as the log has it: its secrets are the log's placeholders, so a replay of the log reaches it.
    window.__embedDebug = { actionLog: () => log.toJsonl(), state: () => redactor.redact(store.getState()) };
    const tools = document.createElement('div');
    tools.className = 'devtools';
    document.body.appendChild(tools);
    createRoot(tools).render(
      <StoreProvider store={store}>
        <Suspense fallback={null}>
          <LogDownload toJsonl={log.toJsonl} />
        </Suspense>
      </StoreProvider>,
    );
  }
}

// The page evaluates this module after its first paint (server/embed/embed-page.ts bootScript).
boot();
