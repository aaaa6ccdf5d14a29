import { parseActionLog } from '../../core/store/action-log';
import type { StoredCapture } from '../../core/model/capture';
import type { Reducer } from '../../core/store/store';
import { engineReducer } from '../../core/engine/player';
import { widgetReducer } from '../../core/widget/reducer';
import { WEB_PLAYER_APP, webPlayerPageReducer } from '../webplayer/page-store';
import { createReplayTimeline, type ReplayTimeline } from '../../core/replay-viewer/timeline';

/** The `app` the widget and the engine write in their log headers (scripts/replay.ts). */
export const WIDGET_APP = 'embed-player';
export const ENGINE_APP = 'embed-engine';

export interface LoadedLog {
  /** Which side recorded it: the widget, its engine, or a web player page (its log stands where the widget's does in a capture). */
  readonly source: 'widget' | 'engine' | 'webplayer';
  readonly name: string;
  readonly timeline: ReplayTimeline<unknown>;
  /** The log as recorded, for the check against today's code (./divergence.ts). */
  readonly text: string;
  /** The port transcript (JSONL) recorded beside the log (the engine's, a web player page's), when there is one. */
  readonly transcript: string | null;
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export interface LoadedSession {
  readonly title: string;
  readonly description: string | null;
  readonly logs: ReadonlyArray<LoadedLog>;
  /** The captured page's size (the environment's viewport), when the capture says it. */
  readonly viewport: Viewport | null;
  readonly environment: unknown;
}

/** What GET /api/captures/{id} answers (server/capture/routes.ts). */
export type CaptureJson = StoredCapture;

function openLog(name: string, text: string, transcript: string | null = null): LoadedLog {
  const file = parseActionLog(text);
  // Fold replay (ARCHITECTURE.md §3) with the reducer of the app that recorded the log.
  const source = file.header.app === ENGINE_APP ? 'engine' : file.header.app === WEB_PLAYER_APP ? 'webplayer' : 'widget';
  const reducer = (source === 'engine' ? engineReducer : source === 'webplayer' ? webPlayerPageReducer : widgetReducer) as Reducer<unknown>;
  return { source, name, timeline: createReplayTimeline(file, reducer), text, transcript: source === 'widget' ? null : transcript };
}

export function loadCapture(capture: CaptureJson): LoadedSession {
  const pageTranscript = capture.widget.transcript ?? '';
  const first = openLog('widget', capture.widget.actionLog, pageTranscript.trim() === '' ? null : pageTranscript);
  // A web player page's capture holds the page's log where a widget's holds the widget's (ui/webplayer/capture.ts).
  const logs = [first.source === 'webplayer' ? { ...first, name: 'page' } : first];
  if (capture.engine !== null && capture.engine.actionLog.trim() !== '') {
    logs.push(openLog('engine', capture.engine.actionLog, capture.engine.transcript.trim() === '' ? null : capture.engine.transcript));
  }
  const viewport = capture.environment.viewport;
  return {
    title: `Capture ${capture.id} (${capture.createdAt})`,
    description: capture.description,
    logs,
    viewport: viewport !== undefined && viewport.width > 0 && viewport.height > 0 ? viewport : null,
    environment: capture.environment,
  };
}

const TRANSCRIPT_SUFFIX = '.transcript.jsonl';

/**
 * Local files dropped on the page: each action log (a fixture's `<name>.jsonl` or `<name>.engine.jsonl`),
 * with the port transcript kept beside an engine's log (`<name>.engine.transcript.jsonl`, scripts/replay-cli.ts
 * transcriptPathOf); a lone transcript dropped with a lone engine log goes with it whatever their names.
 */
export function loadFiles(files: ReadonlyArray<{ readonly name: string; readonly text: string }>): LoadedSession {
  const transcripts = files.filter((file) => file.name.endsWith(TRANSCRIPT_SUFFIX));
  const actionLogs = files.filter((file) => !file.name.endsWith(TRANSCRIPT_SUFFIX));
  const engineLogs = actionLogs.filter((file) => file.name.endsWith('.engine.jsonl'));
  const transcriptOf = (name: string): string | null => {
    const beside = transcripts.find((file) => file.name === name.replace(/\.jsonl$/, TRANSCRIPT_SUFFIX));
    if (beside !== undefined) return beside.text;
    return transcripts.length === 1 && engineLogs.length <= 1 ? (transcripts[0]?.text ?? null) : null;
  };
  const logs = actionLogs
    .map((file) => openLog(file.name, file.text, transcriptOf(file.name)))
    .sort((a, b) => (a.source === b.source ? 0 : a.source === 'widget' ? -1 : 1));
  if (logs.length === 0) throw new Error('No action log among the dropped files (a .jsonl whose first line is a log header).');
  return { title: files.map((file) => file.name).join(', '), description: null, logs, viewport: null, environment: null };
}
