import * as t from 'io-ts';
import { EventId } from './event-id';

/** At most this many entries in one batch: the widget flushes at 50 (core/widget/action-logging.epic). */
export const MAX_ACTION_LOG_ENTRIES = 500;

/** One logged action: its type, its time on the widget's clock, and its payload fields as they are. */
export const ActionLogEntry = t.intersection(
  // Issue 12: event_id (core/model/event-id.ts) makes a retried entry stored once.
  [t.type({ type: t.string }), t.partial({ seq: t.number, t: t.number, event_id: EventId })],
  'ActionLogEntry',
);
export type ActionLogEntry = t.TypeOf<typeof ActionLogEntry> & Readonly<Record<string, unknown>>;

const entriesWithin = new t.Type<ActionLogEntry[], ActionLogEntry[], unknown>(
  'ActionLogEntries',
  (u): u is ActionLogEntry[] => t.array(ActionLogEntry).is(u) && u.length <= MAX_ACTION_LOG_ENTRIES,
  (u, c) => {
    if (Array.isArray(u) && u.length > MAX_ACTION_LOG_ENTRIES) return t.failure(u, c, `at most ${MAX_ACTION_LOG_ENTRIES} entries`);
    return t.array(ActionLogEntry).validate(u, c);
  },
  t.identity,
);

/**
 * spec 000 §7 "Every dispatched action except progress updates is logged": the JSON body of
 * POST {api host}/log/actions. The widget builds it; the provider decodes it with this same codec.
 */
export const ActionLogBatch = t.type(
  {
    session_id: t.string,
    // spec 000 §7: product has the value embed_v2.
    product: t.literal('embed_v2'),
    entries: entriesWithin,
  },
  'ActionLogBatch',
);
export type ActionLogBatch = t.TypeOf<typeof ActionLogBatch>;
