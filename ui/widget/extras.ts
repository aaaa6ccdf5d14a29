/**
 * Everything the widget needs only after its first frame, as ONE lazy chunk (build.mjs splitting):
 * the modals, the share dialog, the debug log download, and the epics that answer them or the
 * parent page; the logging channels (impression, action batches, error reports, with their outbox
 * and redaction), which every page fetches right after booting and which hear the actions that came
 * before (ui/widget/start-widget.tsx); the debug action log; full playback's and the controller's epics,
 * which only a logged-in visitor's page runs (it waits for this chunk). One chunk, not one per
 * feature, because every lazy chunk that shares code with the first one makes esbuild split that code into another
 * up-front file, and each file compresses on its own: the initial-JS budget (100 KB gzipped) pays
 * for every split.
 */
import { combineEpics } from '../../core/store/store';
import { embedApiEpics } from '../../core/widget/embed-api/embed-api.epic';
import { shareEpics } from '../../core/widget/share/share.epic';
import type { WidgetEpic } from '../../core/widget/widget-epic';

export { default as ModalLayer } from '../modals/modal-layer';
export { default as ShareDialog } from '../share/share-dialog';
export { default as LogDownload } from '../devtools/log-download';
// Issue 16 The controller: the device list and the remote-control view, for logged-in visitors with devices.
export { RemoteBarView, RemoteDeviceList, RemoteListeningOn } from './remote-view-parts';
// Issue 18: a video episode's picture (ui/widget/video-parts.tsx places it in a slot).
export { VideoPicture } from './video-picture';
// Issue 19 Capture: the overflow menu's "Report a problem", on every page.
export { mountReportProblem } from '../devtools/mount-report-problem';
// Initial JS: the first frame's code (start-widget.tsx and what it imports) is reachable from this chunk
// too, so esbuild puts it in the one chunk both share (with React) instead of in main.js: one file
// compresses better than two and needs no import list between them (-1.6 KB gzipped). Never called here.
export { startWidget } from './start-widget';

export const embedApiEpic: WidgetEpic = combineEpics(...embedApiEpics);
// spec 000 §7: the parent page's messages are read here, with the epics that obey them (core/widget/embed-api/facts.ts).
export { recordedMessage } from '../../core/widget/embed-api/recorded-message';
export const shareEpic: WidgetEpic = combineEpics(...shareEpics);
export { impressionEpic } from '../../core/widget/impression.epic';
export { actionLoggingEpic } from '../../core/widget/action-logging.epic';
export { errorReportingEpic } from '../../core/widget/error-reporting.epic';
// spec 000 §4 Full playback and issue 16's controller: only outside preview mode (core/widget/epics.ts).
export { engineCommandsEpic, fullPlaybackEpic } from '../../core/widget/full-playback/full-playback.epic';
export { remoteMirrorEpic } from '../../core/widget/remote/remote.epic';
// Issue 16: the widget's reducer with the controller's part (core/widget/reduce-widget.ts).
export { widgetReducer } from '../../core/widget/reducer';
// spec 001 §4 Events forwarded: only a page whose engine started hears them (core/widget/adapter-facts.ts).
export { decodeEngineEvent } from '../../core/widget/full-playback/engine-facts';

// The action log: every page's (issue 19 Capture), fed from its first action by ui/widget/early-log.ts.
export { ACTION_LOG_WINDOW, createActionLog, pageLogWindow } from '../../core/store/action-log';
export { createRedactor } from '../../core/store/redact';
