import { useEffect } from 'react';
import { map } from 'rxjs/operators';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The widget's ports from their own module: the engine's adapters (in the index) are not the widget's.
import { createBrowserPorts } from '../../adapters/browser/ports';
import { createStore } from '../../core/store/store';
import { deferredEpic, deferredEpicHearingAll } from '../../core/store/deferred-epic';
import { bindAdapterFacts } from '../../core/widget/adapter-facts';
import { bindErrorFacts } from './error-facts';
import { bindPlatformFacts } from './platform-facts';
import { bindPageHidden } from './page-hidden';
import { widgetEpicOrder } from '../../core/widget/epics';
import { extrasLoaded$, loadExtras } from './extras-loader';
import { createEarlyLog } from './early-log';
import { createLazyEnginePort } from '../engine/engine-port';
import { previewPageReducer } from '../../core/widget/reduce-widget';
import { initialWidgetState, type WidgetState } from '../../core/widget/state';
import { isPreviewMode } from '../../core/widget/preview-mode';
import { playerInitFailed } from '../../core/widget/platform/actions';
import { LIST_PLAYER_NO_TRACK_PLAYER } from '../../core/contract/failures';
import { StoreProvider } from '../hooks/store-context';
import { postTask } from '../hooks/deferred-subscribe';
import { EmbedApp } from './EmbedApp';
import { readEmbedData, showStartupError } from './read-embed-data';
import { PREVIEW_AUDIO_ELEMENT_ID, previewElementTag } from '../../core/model/embed-data';
import { createMediaElementSlot, MediaElementProvider } from '../components/video/media-element';

/** The engine's own bundle (build.mjs), typed only: it is fetched by URL, never bundled in. */
type EngineBundle = typeof import('../engine/engine-client');

declare global {
  interface Window {
    /** debug=1 only: the session's action log and state, for tests and engineers. */
    __embedDebug?: { actionLog: () => string; state: () => WidgetState };
  }
}

/** Marks the page once React has taken over the server's frame: tests and the bench wait for it. */
function MarkHydrated(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

type Extras = Awaited<ReturnType<typeof loadExtras>>;

const isDebug = (search: string): boolean => new URLSearchParams(search).get('debug') === '1';

/**
 * spec 000 §4 Start-up: read the embedded data, build the state, render once (hydrating the server's
 * frame). `debug`: the lazy chunk, loaded already, when the page keeps a debug action log (debug=1);
 * `chunkWaited`: the page waited for the chunk already (it may play in full); `chunkFailed`: every
 * attempt at it failed (extras-loader.ts retries).
 */
function boot(engineUrl: string, debug: Extras | null, chunkWaited = false, chunkFailed = false): void {
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
  // Full playback's and the controller's epics are in the lazy chunk (ui/widget/extras.ts): a page that
  // may play in full (spec 000 §4: logged in, with a token) starts once it is there, so they hear the
  // visitor's first click; an anonymous visitor's page stays in preview mode and starts at once.
  if (debug === null && !chunkWaited && !isPreviewMode(initialState)) {
    void loadExtras().then(
      () => boot(engineUrl, null, true),
      () => boot(engineUrl, null, true, true),
    );
    return;
  }

  // The preview player's one audio element (spec 001 §4), outside the React tree. The server's page
  // has it already, prefetching the first preview while the page parses; otherwise it is made here.
  // Issue 18: a <video> when the list has a video preview (previewElementTag), shown by the video frame.
  const tag = previewElementTag(data.resource);
  let audio = document.querySelector<HTMLMediaElement>(`${tag}#${PREVIEW_AUDIO_ELEMENT_ID}`);
  if (audio === null) {
    audio = document.createElement(tag);
    audio.id = PREVIEW_AUDIO_ELEMENT_ID;
    audio.hidden = true;
    if (audio instanceof HTMLVideoElement) audio.playsInline = true;
    document.body.appendChild(audio);
  }

  // The full-playback engine: its own bundle next to this one (build.mjs), fetched on a logged-in
  // visitor's first command only.
  // Issue 19 Capture: the started engine's log and transcript, for "Report a problem".
  let engineSession: (() => { actionLog: string; transcript: string }) | undefined;
  // Issue 18: the engine's media element, for the video frame to place (ui/widget/video-parts.tsx).
  const media = createMediaElementSlot();
  const engine = createLazyEnginePort(() =>
    (import(engineUrl) as Promise<EngineBundle>)
      .then((bundle) => bundle.startEngineClient({ hosts: data.config.hosts, version: data.config.version }))
      .then((client) => {
        engineSession = client.session;
        media.set(client.mediaElement);
        return client;
      }),
  );
  const ports = createBrowserPorts(window, audio, engine);
  // Issue 19 Capture: every page keeps its log from the first action ("Report a problem" sends it). Until the
  // lazy chunk (the log, its redaction) arrives, an array push per action (early-log.ts); then the chunk's log.
  const early = createEarlyLog();
  // The epics of the lazy chunk keep their place in the order (deferredEpic) from the start; the
  // logging channels (issue 12's exactly-once logging) hear the actions that came before them too.
  const late = <K extends keyof Extras>(key: K) => extrasLoaded$.pipe(map((extras) => extras[key]));
  const epics = widgetEpicOrder({
    embedApi: deferredEpic(late('embedApiEpic')),
    share: deferredEpic(late('shareEpic')),
    impression: deferredEpicHearingAll(late('impressionEpic')),
    actionLogging: deferredEpicHearingAll(late('actionLoggingEpic')),
    errorReporting: deferredEpicHearingAll(late('errorReportingEpic')),
    // Live from the start on a page that waited for the chunk; never answering on any other (preview mode).
    fullPlayback: deferredEpic(late('fullPlaybackEpic')),
    engineCommands: deferredEpic(late('engineCommandsEpic')),
    remoteMirror: deferredEpic(late('remoteMirrorEpic')),
  });
  // The store exists before any side input is bound, so a log starts with the first action.
  // Issue 16: the controller's part of the reducer comes with the lazy chunk (core/widget/reduce-widget.ts),
  // which a page that may play in full has by now; a preview page has no controller to reduce for.
  let reducer = previewPageReducer;
  extrasLoaded$.subscribe((extras) => (reducer = extras.widgetReducer));
  const store = createStore({ reducer: (state, action) => reducer(state, action), epics, deps: ports, initialState, onEnvelope: early.record });
  // The chunk is fetched now, on every page: the logging channels are in it (they catch up on the
  // actions so far as it arrives). spec 000 §7: with embed-api=1 the parent page's messages are
  // heard once its epics listen (the page's client retries api/connect until it is answered).
  void loadExtras();
  bindAdapterFacts(store, ports, { embedApiReader$: late('recordedMessage'), engineEventDecoder$: late('decodeEngineEvent') });
  // spec 000 §3 platform flags (user agent, page query string, hand-off cookie), read once.
  bindPlatformFacts(store, ports, window);
  // spec 000 §7 error-reporting service: its start-up context and the page's uncaught errors.
  bindErrorFacts(store, ports, window);
  // spec 000 §7 logging channel: what waits is sent when the page is hidden.
  bindPageHidden(store, window);
  // Without the chunk, full playback's epics are missing, and a page that may play in full would
  // ignore the visitor's clicks. It takes the path of an engine that cannot start (spec 000 §4
  // Initialization failure: preview mode, the preview player started): the visitor hears the
  // preview. "No track player": the engine's commands never leave this page without the chunk.
  if (chunkFailed && !isPreviewMode(initialState)) {
    store.dispatch(playerInitFailed({ code: LIST_PLAYER_NO_TRACK_PLAYER, message: "The widget's full-playback script could not be loaded." }), 'adapter');
  }

  const app = (
    <StoreProvider store={store} serverState={initialState} deferUpdates={postTask()}>
      <MediaElementProvider slot={media} preview={audio instanceof HTMLVideoElement ? audio : null}>
        <EmbedApp />
      </MediaElementProvider>
      <MarkHydrated />
    </StoreProvider>
  );
  // Hydrate the server-rendered frame; a page without one (no SSR) renders from scratch.
  if (root.firstElementChild === null) createRoot(root).render(app);
  else hydrateRoot(root, app);

  const withExtras = (extras: Extras): void => {
    // Issue 12: no secret in the log (the embed data's access token), and a bounded window of it in memory.
    const redactor = extras.createRedactor();
    let log: ReturnType<Extras['createActionLog']> | undefined;
    early.drain((start) => {
      log = extras.createActionLog(
        { app: 'embed-player', version: data.config.version, initialState },
        { redactor, ...extras.pageLogWindow(window.location.search, extras.ACTION_LOG_WINDOW), ...(start === undefined ? {} : { start }) },
      );
      return log.record;
    });
    const toJsonl = (): string => log?.toJsonl() ?? '';
    extras.mountReportProblem(window, { data, redactor, actionLog: toJsonl, engine: () => engineSession?.() ?? null });
    if (debug === null) return;
    const { LogDownload } = extras;
    // The state as the log has it: its secrets are the log's placeholders, so a replay of the log reaches it.
    window.__embedDebug = { actionLog: toJsonl, state: () => redactor.redact(store.getState()) };
    const tools = document.createElement('div');
    tools.className = 'devtools';
    document.body.appendChild(tools);
    createRoot(tools).render(
      <StoreProvider store={store}>
        <LogDownload toJsonl={toJsonl} />
      </StoreProvider>,
    );
  };
  if (debug !== null) withExtras(debug);
  else
    void loadExtras().then(withExtras, () => {
      // Without the chunk there is no log to send: the early log stays bounded (EARLY_LOG_CAP).
    });
}

/**
 * Starts the widget (ui/widget/main.tsx, the entry, calls it). `engineUrl`: the engine's own bundle,
 * next to the entry (build.mjs). debug=1 keeps the session's action log from its first action, and
 * its code is in the lazy chunk: such a page (tests, engineers) boots once the chunk is there; any
 * other page at once.
 */
export function startWidget(engineUrl: string): void {
  if (isDebug(window.location.search))
    void loadExtras().then(
      (extras) => boot(engineUrl, extras),
      () => boot(engineUrl, null, true, true),
    );
  else boot(engineUrl, null);
}
