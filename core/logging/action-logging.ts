import type { Action } from '../store/action';
import { redactSecrets } from '../store/redact';
import type { ActionLogBatch, ActionLogEntry } from '../model/action-log-batch';
import { entryEventId } from './event-id';
import { EMBED_PRODUCT } from './impression';
import type { OutboxItem } from './outbox';

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
  // Issue 12: no secret leaves in a log (core/store/redact.ts).
  return { ...redactSecrets(action), t };
}

/**
 * Issue 12: an entry above this many characters of JSON (the provider's cap per event,
 * server/log/limits.ts) is sent as its type, time, id and size only, so that one oversized action
 * (megabytes of parent-page text) neither costs the batch nor is refused with it.
 */
export const ACTION_LOG_ENTRY_MAX_CHARS = 16_384;

/** The entry as sent: itself, or its stand-in when it is over the cap. */
export function cappedEntry(entry: ActionLogEntry): ActionLogEntry {
  const chars = JSON.stringify(entry).length;
  if (chars <= ACTION_LOG_ENTRY_MAX_CHARS) return entry;
  const { type, t, seq, event_id } = entry;
  return {
    type,
    ...(t === undefined ? {} : { t }),
    ...(seq === undefined ? {} : { seq }),
    ...(event_id === undefined ? {} : { event_id }),
    oversized: chars,
  };
}

/**
 * POST {api host}/log/actions with a JSON batch (core/model/action-log-batch), as an outbox item
 * whose id is `batchId`; each entry's `event_id` is the batch id and its index (issue 12), so a
 * retried batch carries the same ids.
 */
export function actionLogItem(apiHost: string, sessionId: string, batchId: string, entries: ReadonlyArray<ActionLogEntry>): OutboxItem {
  const body: ActionLogBatch = {
    session_id: sessionId,
    product: EMBED_PRODUCT,
    entries: entries.map((entry, index) => cappedEntry({ ...entry, event_id: entryEventId(batchId, index) })),
  };
  return { id: batchId, url: `${apiHost.replace(/\/+$/, '')}/log/actions`, body: JSON.stringify(body) };
}
