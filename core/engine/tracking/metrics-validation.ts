/**
 * spec 001 §5 Metrics: "meters need what, result, reason; timers need what and duration; both
 * must be arrays. A timer breakdown must be an array. Log data must not be null." The spec quotes
 * no texts for these, so the messages below are ours, worded after those rules.
 */
export const METERS_NOT_ARRAY = 'Meters must be an array.';
export const TIMERS_NOT_ARRAY = 'Timers must be an array.';
export const METER_INCOMPLETE = 'A meter needs what, result and reason.';
export const TIMER_INCOMPLETE = 'A timer needs what and duration.';
export const BREAKDOWN_NOT_ARRAY = 'A timer breakdown must be an array.';
export const LOG_DATA_NULL = 'Log data must not be null.';

export type Meter = Readonly<Record<string, unknown>> & { readonly what: unknown; readonly result: unknown; readonly reason: unknown };
export type Timer = Readonly<Record<string, unknown>> & { readonly what: unknown; readonly duration: unknown };

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);
const has = (o: Record<string, unknown>, keys: ReadonlyArray<string>) => keys.every((k) => o[k] !== undefined && o[k] !== null);

/** The first rule a metrics payload breaks, or null when it may be queued. */
export function metricsError(meters: unknown, timers: unknown): string | null {
  if (!Array.isArray(meters)) return METERS_NOT_ARRAY;
  if (!Array.isArray(timers)) return TIMERS_NOT_ARRAY;
  if (!meters.every((m) => isObject(m) && has(m, ['what', 'result', 'reason']))) return METER_INCOMPLETE;
  if (!timers.every((m) => isObject(m) && has(m, ['what', 'duration']))) return TIMER_INCOMPLETE;
  if (!timers.every((m) => isObject(m) && (m['breakdown'] === undefined || Array.isArray(m['breakdown'])))) return BREAKDOWN_NOT_ARRAY;
  return null;
}

/** A log's data: never null; a timer log's breakdown must be an array (spec 001 §5). */
export function logDataError(endpoint: string, data: unknown): string | null {
  if (data === null || data === undefined) return LOG_DATA_NULL;
  if (endpoint === 'jssdk_timer' && isObject(data) && data['breakdown'] !== undefined && !Array.isArray(data['breakdown'])) {
    return BREAKDOWN_NOT_ARRAY;
  }
  return null;
}
