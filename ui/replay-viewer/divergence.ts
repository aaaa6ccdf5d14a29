import { createFakePorts } from '../../adapters/fake';
import { engineReducer } from '../../core/engine/player';
import { engineReplayBuild } from '../../core/engine/player/tapped-deps';
import { checkResultOf, type CheckResult } from '../../core/replay-viewer/check';
import { linkTranscript, type TranscriptLinks } from '../../core/replay-viewer/transcript-links';
import { parseActionLog } from '../../core/store/action-log';
import { replayEngine, ReplayError } from '../../core/store/replay';
import type { Reducer } from '../../core/store/store';
import { parseTranscript } from '../../core/store/transcript';
import { widgetEpics } from '../../core/widget/all-epics';
import { widgetReducer } from '../../core/widget/reducer';
import { WEB_PLAYER_APP, webPlayerPageReducer, webPlayerPageReplayBuild } from '../webplayer/page-store';
import { ENGINE_APP, WIDGET_APP } from './load';

export type { CheckResult } from '../../core/replay-viewer/check';

/**
 * Issue 19 "jump to the first divergence when the capture is checked against today's code": the
 * widget's log replayed in engine mode (ARCHITECTURE.md §3), its inputs fed at their recorded times to
 * today's epics over the scheduler-driven fake ports, as `npm run replay -- check` does. The engine's
 * and a web player page's logs replay over their port transcripts instead (checkTranscriptLog).
 */
export function checkWidgetLog(text: string): CheckResult {
  try {
    const file = parseActionLog(text);
    if (file.header.app === WEB_PLAYER_APP)
      return { kind: 'not-checked', reason: 'A web player page’s log replays over its port transcript, and this session has none.' };
    if (file.header.app !== WIDGET_APP) return { kind: 'not-checked', reason: `This is ${file.header.app}'s log, not the widget's.` };
    const result = replayEngine(file, {
      reducer: widgetReducer,
      epics: widgetEpics,
      makeDeps: (scheduler) => createFakePorts(scheduler),
      expectApp: WIDGET_APP,
    });
    return checkResultOf(file, widgetReducer, result);
  } catch (err) {
    if (err instanceof ReplayError) return { kind: 'not-checked', reason: err.message };
    throw err;
  }
}

/** The logs that replay over a port transcript: the engine's and a web player page's (their epics read ports). */
export type TranscriptSource = 'engine' | 'webplayer';

const reducerOf = (source: TranscriptSource): Reducer<unknown> => (source === 'engine' ? engineReducer : webPlayerPageReducer) as Reducer<unknown>;

/**
 * A log and its port transcript, replayed on today's epics with the ports answering from the
 * transcript (as `npm run replay -- check` does for `<log>.transcript.jsonl`): the links between
 * the transcript's entries and the actions, and the check, from the same run.
 */
export function linkLogTranscript(source: TranscriptSource, logText: string, transcriptText: string): TranscriptLinks {
  const file = parseActionLog(logText);
  const transcript = parseTranscript(transcriptText);
  return source === 'engine'
    ? linkTranscript(file, transcript, { reducer: engineReducer, build: engineReplayBuild, expectApp: ENGINE_APP })
    : linkTranscript(file, transcript, { reducer: webPlayerPageReducer, build: webPlayerPageReplayBuild, expectApp: WEB_PLAYER_APP });
}

/** The check of a log that replays over its transcript, or why there is none. */
export function checkTranscriptLog(source: TranscriptSource, logText: string, links: TranscriptLinks | null): CheckResult {
  if (links === null) {
    const whose = source === 'engine' ? 'The engine’s log' : 'A web player page’s log';
    return { kind: 'not-checked', reason: `${whose} replays over its port transcript, and this session has none.` };
  }
  return checkResultOf<unknown>(parseActionLog(logText), reducerOf(source), links.replay);
}
