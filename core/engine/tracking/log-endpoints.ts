import * as t from 'io-ts';

/** spec 001 §7 Logging: POST /v1/logging/{endpoint}, JSON body. */
export const LogEndpoint = t.keyof({
  client_event: null,
  elapsed_time: null,
  jssdk_error: null,
  jssdk_interval_timer: null,
  jssdk_playback_stats: null,
  jssdk_playback_start: null,
  jssdk_stall: null,
  jssdk_timer: null,
  jssdk_warning: null,
  track_stream_verification: null,
});
export type LogEndpoint = t.TypeOf<typeof LogEndpoint>;

export const LOGGING_PATH = '/v1/logging/';
/** spec 001 §7 Logging: POST /v1/metric with meters and timers; success is 202. */
export const METRIC_PATH = '/v1/metric';

/** spec 001 §6 Anonymous: some log types are allowed unauthenticated (error, warning, playback stats, stall). */
const UNAUTHENTICATED: ReadonlySet<LogEndpoint> = new Set<LogEndpoint>(['jssdk_error', 'jssdk_warning', 'jssdk_playback_stats', 'jssdk_stall']);

export function mayLogUnauthenticated(endpoint: LogEndpoint): boolean {
  return UNAUTHENTICATED.has(endpoint);
}

/**
 * A log's URL. spec 001 §6: logging omits the bearer token, so the outbox (core/logging/outbox.ts)
 * sends nothing but a JSON body, keepalive, so that the logs sent as a page is hidden or closed
 * (playback stats at stop) still arrive; none of it is a secret kept in storage.
 */
export const logUrl = (baseUrl: string, path: string): string => `${baseUrl}${path}`;

export const logPath = (endpoint: LogEndpoint): string => `${LOGGING_PATH}${endpoint}`;

/**
 * Issue 12: the payload with its event id as one more field, `event_id`, beside the spec's fields
 * (spec 001 §3 Log payloads are objects; the provider keeps fields it does not know). A field
 * rather than a header: it stays with the event in storage and in the provider's table, and the
 * widget's batches, whose events each need their own, carry it the same way. A payload that is
 * not an object is sent as it is (the provider refuses it).
 */
export function withEventId(payload: unknown, eventId: string): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  return { ...(payload as Record<string, unknown>), event_id: eventId };
}
