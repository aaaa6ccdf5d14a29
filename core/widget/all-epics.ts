import { actionLoggingEpic } from './action-logging.epic';
import { errorReportingEpic } from './error-reporting.epic';
import { combineEpics } from '../store/store';
import { embedApiEpics } from './embed-api/embed-api.epic';
import { engineCommandsEpic, fullPlaybackEpic } from './full-playback/full-playback.epic';
import { widgetEpicOrder } from './epics';
import { impressionEpic } from './impression.epic';
import { remoteMirrorEpic } from './remote/remote.epic';
import { shareEpics } from './share/share.epic';
import type { WidgetEpic } from './widget-epic';

/** Every widget epic from the start, as replay and tests run the widget (the browser loads some later: ui/widget/main.tsx). */
export const widgetEpics: ReadonlyArray<WidgetEpic> = widgetEpicOrder({
  embedApi: combineEpics(...embedApiEpics),
  share: combineEpics(...shareEpics),
  impression: impressionEpic,
  actionLogging: actionLoggingEpic,
  errorReporting: errorReportingEpic,
  fullPlayback: fullPlaybackEpic,
  engineCommands: engineCommandsEpic,
  remoteMirror: remoteMirrorEpic,
});
