import * as t from 'io-ts';
import { WithEventId } from '../../core/model/event-id';

/*
 * spec 001 §3 Log payloads and §7 Logging: POST /v1/logging/{kind}, each body carrying sdk_id,
 * platform and client_version plus its kind's identifying fields (others pass through, stored).
 */

// Issue 12: event_id (core/model/event-id.ts), extra to the spec's fields, makes a retried log stored once.
const Common = t.intersection([t.type({ sdk_id: t.string, platform: t.string, client_version: t.string }), WithEventId]);
const withCommon = <P extends t.Props>(props: P) => t.intersection([Common, t.type(props)]);

export const LOG_KINDS = {
  client_event: withCommon({ source: t.string, event: t.string }),
  elapsed_time: withCommon({ unique_id: t.string, event: t.string, elapsed_time: t.number }),
  jssdk_error: withCommon({ type: t.string, message: t.string }),
  jssdk_warning: withCommon({ type: t.string, message: t.string }),
  // spec 001 §3 interval timer: timer_name, timer_id, intervals (a list).
  jssdk_interval_timer: withCommon({ timer_name: t.string, timer_id: t.string, intervals: t.array(t.unknown) }),
  // spec 001 §5: "A timer breakdown must be an array."
  jssdk_timer: t.intersection([withCommon({ timer_name: t.string, ms_duration: t.number }), t.partial({ breakdown: t.array(t.unknown) })]),
  jssdk_playback_stats: withCommon({ play_track: t.string, file_id: t.string, playback_id: t.string }),
  jssdk_playback_start: withCommon({ play_track: t.string, file_id: t.string, playback_id: t.string }),
  jssdk_stall: withCommon({ play_track: t.string, playback_id: t.string, ms_stalled: t.number }),
  track_stream_verification: withCommon({ play_track: t.string, playback_id: t.string, ms_played: t.number }),
} as const;
export type LogKind = keyof typeof LOG_KINDS;

export const isLogKind = (kind: string): kind is LogKind => Object.prototype.hasOwnProperty.call(LOG_KINDS, kind);

/**
 * spec 001 §6: the kinds an anonymous session may send: error, warning, playback stats, stall. The
 * engine keeps this rule (core/engine/tracking/log-endpoints.ts); the service cannot, as logs come
 * without a token from every session (§6: logging omits the bearer).
 */
export const UNAUTHENTICATED_KINDS: ReadonlySet<LogKind> = new Set<LogKind>(['jssdk_error', 'jssdk_warning', 'jssdk_playback_stats', 'jssdk_stall']);

/** spec 001 §5: meters need what, result, reason; timers need what and duration; both must be arrays. */
const Meter = t.intersection([
  t.type({ what: t.string, result: t.string, reason: t.string }),
  t.partial({ endpoint: t.string, unit: t.string, 'status-code': t.number }),
]);
const Timer = t.intersection([
  t.type({ what: t.string, duration: t.number }),
  // spec 001 §5: a timer breakdown must be an array.
  t.partial({ endpoint: t.string, unit: t.string, 'status-code': t.number, breakdown: t.array(t.unknown) }),
]);
export const MetricBody = t.intersection([
  t.type({ meters: t.array(Meter), timers: t.array(Timer) }),
  t.partial({ platform: t.string, sdk_id: t.string }),
  WithEventId,
]);
