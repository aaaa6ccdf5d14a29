import type { Action } from '../store/action';
import type { ActionLogBatch, ActionLogEntry } from '../model/action-log-batch';
import type { HttpRequest } from '../ports';
import { EMBED_PRODUCT } from './impression';

/** A batch is sent 10 s after its first action, or as soon as it holds 50 actions. */
export const ACTION_LOG_FLUSH_MS = 10_000;
export const ACTION_LOG_MAX_BATCH = 50;

/** Types never logged: spec 000 §7 "except progress updates" (the event and the raw time facts it comes from). */
const PROGRESS_TYPES: ReadonlySet<string> = new Set(['playback/progressUpdated', 'media/timeUpdated']);

/**
 * spec 000 §7 "Every dispatched action except progress updates is logged". The logging channel's
 * own actions (`log/*`) are left out too: a failed batch must not be logged by the next batch,
 * which could fail in turn, for ever.
 */
export function isLoggedAction(action: Action): boolean {
  return !PROGRESS_TYPES.has(action.type) && !action.type.startsWith('log/');
}

/** The action as one entry, stamped with the widget clock's time. */
export function actionLogEntry(action: Action, t: number): ActionLogEntry {
  return { ...action, t };
}

/** POST {api host}/log/actions with a JSON batch (core/model/action-log-batch). */
export function actionLogRequest(apiHost: string, sessionId: string, entries: ReadonlyArray<ActionLogEntry>): HttpRequest {
  const body: ActionLogBatch = { session_id: sessionId, product: EMBED_PRODUCT, entries: [...entries] };
  return {
    method: 'POST',
    url: `${apiHost.replace(/\/+$/, '')}/log/actions`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}
