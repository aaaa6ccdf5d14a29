import { parseActionLog } from '../../core/store/action-log';
import type { StoredCapture } from '../../core/model/capture';
import type { Reducer } from '../../core/store/store';
import { engineReducer } from '../../core/engine/player';
import { widgetReducer } from '../../core/widget/reducer';
import { createReplayTimeline, type ReplayTimeline } from '../../core/replay-viewer/timeline';

/** The `app` the widget and the engine write in their log headers (scripts/replay.ts). */
export const WIDGET_APP = 'embed-player';
export const ENGINE_APP = 'embed-engine';

export interface LoadedLog {
  /** 'widget' or 'engine': which side recorded it. */
  readonly source: 'widget' | 'engine';
  readonly name: string;
  readonly timeline: ReplayTimeline<unknown>;
  /** The log as recorded, for the check against today's code (./divergence.ts). */
  readonly text: string;
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

function openLog(name: string, text: string): LoadedLog {
  const file = parseActionLog(text);
  // Fold replay (ARCHITECTURE.md §3) with the reducer of the app that recorded the log.
  const engine = file.header.app === ENGINE_APP;
  const reducer = (engine ? engineReducer : widgetReducer) as Reducer<unknown>;
  return { source: engine ? 'engine' : 'widget', name, timeline: createReplayTimeline(file, reducer), text };
}

export function loadCapture(capture: CaptureJson): LoadedSession {
  const logs = [openLog('widget', capture.widget.actionLog)];
  if (capture.engine !== null && capture.engine.actionLog.trim() !== '') logs.push(openLog('engine', capture.engine.actionLog));
  const viewport = capture.environment.viewport;
  return {
    title: `Capture ${capture.id} (${capture.createdAt})`,
    description: capture.description,
    logs,
    viewport: viewport !== undefined && viewport.width > 0 && viewport.height > 0 ? viewport : null,
    environment: capture.environment,
  };
}

/**
 * Local files dropped on the page: each action log (a fixture's `<name>.jsonl` or `<name>.engine.jsonl`);
 * port transcripts (`*.transcript.jsonl`) are not shown by this viewer yet and are skipped.
 */
export function loadFiles(files: ReadonlyArray<{ readonly name: string; readonly text: string }>): LoadedSession {
  const logs = files
    .filter((file) => !file.name.endsWith('.transcript.jsonl'))
    .map((file) => openLog(file.name, file.text))
    .sort((a, b) => (a.source === b.source ? 0 : a.source === 'widget' ? -1 : 1));
  if (logs.length === 0) throw new Error('No action log among the dropped files (a .jsonl whose first line is a log header).');
  return { title: files.map((file) => file.name).join(', '), description: null, logs, viewport: null, environment: null };
}
