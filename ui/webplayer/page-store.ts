import type { Observable, SchedulerLike } from 'rxjs';
import { catalogueEpics, catalogueReducer, type CatalogueState } from '../../core/catalogue';
import { pageTokenRefreshEpic } from '../../core/catalogue/page-token';
import type { HttpPort } from '../../core/ports';
import { sessionReducer } from '../../core/engine/session/reducer';
import type { SessionState } from '../../core/engine/session/state';
import { ACTION_LOG_WINDOW, createActionLog, pageLogWindow } from '../../core/store/action-log';
import { createRedactor, type Redactor } from '../../core/store/redact';
import { createRecordingTap, type PortTap, type RecordingTap } from '../../core/store/port-tap';
import { createStore, type Envelope, type Epic, type Reducer, type Store } from '../../core/store/store';
import { serializeTranscript, TRANSCRIPT_SCHEMA, TRANSCRIPT_WINDOW } from '../../core/store/transcript';
import { WEBPLAYER_EPICS, webPlayerReducer, type PreviewElement, type WebPlayerState } from '../../core/webplayer';

/**
 * The `app` of a web player page's action log header (issue 19 Capture), beside the widget's
 * 'embed-player' and the engine's 'embed-engine': a reader folds the log with `webPlayerPageReducer`.
 */
export const WEB_PLAYER_APP = 'web-player';

/** A web player page's store: the engine's session (the token), the request layer and the web player's own state. */
export interface WebPlayerPageState {
  readonly session: SessionState;
  readonly catalogue: CatalogueState;
  readonly webplayer: WebPlayerState;
}

/** The page's one reducer: what its log folds with (ui/webplayer/main.tsx's store, a replay of a capture). */
export const webPlayerPageReducer: Reducer<WebPlayerPageState> = (state, action) => ({
  session: sessionReducer(state.session, action),
  catalogue: catalogueReducer(state.catalogue, action),
  webplayer: webPlayerReducer(state.webplayer, action),
});

/** What the page's epics read of the world (ui/webplayer/main.tsx gives the browser's). */
export interface WebPlayerPagePorts {
  readonly clock: { now(): number };
  readonly scheduler: SchedulerLike;
  readonly http: HttpPort;
  readonly preview: PreviewElement;
}

/**
 * The page's epics and deps with every port passing through `tap` (ARCHITECTURE.md: every side input
 * comes through the injected deps, so a port transcript holds all the epics learnt): the recording tap
 * on the page, the replay tap in engine replay (core/store/transcript-replay.ts), which never reaches `ports`.
 */
export function webPlayerPageOverTap(
  tap: PortTap,
  ports?: WebPlayerPagePorts,
): { readonly epics: ReadonlyArray<Epic<WebPlayerPageState, WebPlayerPagePorts>>; readonly deps: WebPlayerPagePorts } {
  const real = (): WebPlayerPagePorts => {
    if (ports === undefined) throw new Error('Replay reached a real port: every port answer must come from the transcript.');
    return ports;
  };
  const preview = (method: 'load' | 'play' | 'pause' | 'seek' | 'setVolume', args: readonly unknown[], run: (element: PreviewElement) => Observable<void>) =>
    tap.stream(`preview.${method}`, args, () => run(real().preview));
  const deps: WebPlayerPagePorts = {
    clock: { now: () => tap.value('clock.now', [], () => real().clock.now()) },
    scheduler: tap.scheduler(() => real().scheduler),
    http: { request: (request) => tap.stream('http.request', [request], () => real().http.request(request)) },
    preview: {
      load: (src) => preview('load', [src], (element) => element.load(src)),
      play: () => preview('play', [], (element) => element.play()),
      pause: () => preview('pause', [], (element) => element.pause()),
      seek: (positionMs) => preview('seek', [positionMs], (element) => element.seek(positionMs)),
      setVolume: (volume) => preview('setVolume', [volume], (element) => element.setVolume(volume)),
    },
  };
  return { epics: [...catalogueEpics, ...WEBPLAYER_EPICS, pageTokenRefreshEpic], deps };
}

/** Builds the page's store for replay over a transcript: every port from the tap (the header's config is null: the page keeps none). */
export const webPlayerPageReplayBuild = (tap: PortTap, _config: unknown) => webPlayerPageOverTap(tap);

export interface PageRecording {
  /** The store's onEnvelope. */
  readonly record: (envelope: Envelope, stateAfter?: unknown) => void;
  /** The log so far (JSONL), redacted as recorded. */
  readonly toJsonl: () => string;
  readonly redactor: Redactor;
  /** Where the store's ports pass, recording their answers: the store is made and its inputs enter through it. */
  readonly tap: RecordingTap;
  /** The port transcript so far (JSONL), through the log's redactor, for engine replay of the log. */
  readonly transcript: () => string;
}

/**
 * Issue 19 Capture: a web player page records its store from the first action, as the widget does
 * (core/store/action-log, a bounded window, every line through the page's redactor: the page's
 * token is in its state), so that "Report a problem" can send it.
 */
export function createPageRecording(version: string, initialState: WebPlayerPageState, search: string): PageRecording {
  const redactor = createRedactor();
  const log = createActionLog({ app: WEB_PLAYER_APP, version, initialState }, { redactor, ...pageLogWindow(search, ACTION_LOG_WINDOW) });
  // One redactor for the log and its transcript, so that a token has the same placeholder in both
  // (replay hands the transcript's answers to the epics, whose actions must equal the log's), and the
  // transcript's window as the engine's (ui/engine/engine-client.ts).
  const tap = createRecordingTap({ redactor, ...pageLogWindow(search, TRANSCRIPT_WINDOW) });
  const transcript = (): string => {
    const dropped = tap.dropped();
    const header = { kind: 'transcript' as const, schema: TRANSCRIPT_SCHEMA, app: WEB_PLAYER_APP, config: null, ...(dropped === 0 ? {} : { dropped }) };
    return serializeTranscript({ header, entries: tap.entries() });
  };
  return { record: log.record, toJsonl: log.toJsonl, redactor, tap, transcript };
}

/**
 * The page's store over its recording's tap (ui/webplayer/main.tsx): made inside the tap, its epics'
 * ports passing through it, and every input (the listener's, the page's facts) entering through it,
 * so that the transcript notes where each came among the ports' answers.
 */
export function createRecordedPageStore(recording: PageRecording, initialState: WebPlayerPageState, ports: WebPlayerPagePorts): Store<WebPlayerPageState> {
  const { tap } = recording;
  const { epics, deps } = webPlayerPageOverTap(tap, ports);
  const store = tap.starting(() => createStore({ reducer: webPlayerPageReducer, epics, deps, initialState, onEnvelope: recording.record }));
  return {
    getState: () => store.getState(),
    state$: store.state$,
    envelopes$: store.envelopes$,
    subscribe: store.subscribe,
    stop: () => store.stop(),
    dispatch: (action, src) => tap.input(() => store.dispatch(action, src)),
  };
}
