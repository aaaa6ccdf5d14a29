import { catalogueReducer, type CatalogueState } from '../../core/catalogue';
import { sessionReducer } from '../../core/engine/session/reducer';
import type { SessionState } from '../../core/engine/session/state';
import { ACTION_LOG_WINDOW, createActionLog, pageLogWindow } from '../../core/store/action-log';
import { createRedactor, type Redactor } from '../../core/store/redact';
import type { Envelope, Reducer } from '../../core/store/store';
import { webPlayerReducer, type WebPlayerState } from '../../core/webplayer';

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

export interface PageRecording {
  /** The store's onEnvelope. */
  readonly record: (envelope: Envelope, stateAfter?: unknown) => void;
  /** The log so far (JSONL), redacted as recorded. */
  readonly toJsonl: () => string;
  readonly redactor: Redactor;
}

/**
 * Issue 19 Capture: a web player page records its store from the first action, as the widget does
 * (core/store/action-log, a bounded window, every line through the page's redactor: the page's
 * token is in its state), so that "Report a problem" can send it.
 */
export function createPageRecording(version: string, initialState: WebPlayerPageState, search: string): PageRecording {
  const redactor = createRedactor();
  const log = createActionLog({ app: WEB_PLAYER_APP, version, initialState }, { redactor, ...pageLogWindow(search, ACTION_LOG_WINDOW) });
  return { record: log.record, toJsonl: log.toJsonl, redactor };
}
