import * as t from 'io-ts';
import type { HttpRequest } from '../../ports';
import { redactSecrets } from '../../store/redact';

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
 * A log POST. spec 001 §6: logging omits the bearer token. keepalive so that the logs sent as a
 * page is hidden or closed (playback stats at stop) still arrive.
 */
export function logRequest(baseUrl: string, path: string, payload: unknown): HttpRequest {
  return {
    method: 'POST',
    url: `${baseUrl}${path}`,
    headers: { 'content-type': 'application/json' },
    // Issue 12: no secret leaves in a log (core/store/redact.ts).
    body: JSON.stringify(redactSecrets(payload)),
    keepalive: true,
  };
}

export const logPath = (endpoint: LogEndpoint): string => `${LOGGING_PATH}${endpoint}`;
