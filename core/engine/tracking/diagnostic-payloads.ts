import { PLAYBACK_ERROR_PREFIX } from './constants';
import type { LogContext } from './payloads';

/*
 * The payloads of spec 001 §3 "Log payloads" the engine sends besides the playback ones
 * (payloads.ts): client event, error and warning, elapsed time, timer and interval timer. All
 * carry sdk_id, platform, client_version; the field values that §3 does not fix are ours, each
 * said where it is chosen (core/engine/player/diagnostics.epic.ts).
 */

const common = (ctx: LogContext) => ({ sdk_id: ctx.sdkId, platform: ctx.platform, client_version: ctx.clientVersion });

/** spec 001 §8 Logging "Client error sources: harmony and transport": harmony is the player, transport the dealer connection. */
export type ErrorSource = 'harmony' | 'transport';

/** spec 001 §8 Generic: "Playback errors are logged as exceptions with prefix PLAYBACK_ERROR". */
export const playbackErrorMessage = (code: string, message: string): string => `${PLAYBACK_ERROR_PREFIX}: ${code}: ${message}`;

/** spec 001 §3 client event: source, context, event, event_version, test_version, source_version, source_vendor, json_data. */
export function clientEventPayload(ctx: LogContext, source: string, event: string, data: Record<string, unknown>) {
  return {
    ...common(ctx),
    source,
    context: ctx.sessionId,
    event,
    event_version: '1',
    test_version: '',
    source_version: ctx.clientVersion,
    source_vendor: ctx.sdkId,
    json_data: JSON.stringify(data),
  };
}

/** spec 001 §3 error and warning: source, source_version, type, message, stack, json_data, json_data_version. */
export function problemPayload(ctx: LogContext, source: ErrorSource, type: string, message: string, data: Record<string, unknown>) {
  return { ...common(ctx), source, source_version: ctx.clientVersion, type, message, stack: '', json_data: JSON.stringify(data), json_data_version: 1 };
}

/** spec 001 §3 elapsed time: unique_id, event, elapsed_time. */
export function elapsedTimePayload(ctx: LogContext, event: string, elapsedMs: number) {
  return { ...common(ctx), unique_id: `${ctx.sessionId}:${event}`, event, elapsed_time: elapsedMs };
}

/** spec 001 §3 timer: timer_name, ms_duration, breakdown, breakdown_version, json_data. */
export function timerPayload(
  ctx: LogContext,
  name: string,
  msDuration: number,
  breakdown: ReadonlyArray<{ readonly name: string; readonly ms: number }>,
  data: Record<string, unknown>,
) {
  return { ...common(ctx), timer_name: name, ms_duration: msDuration, breakdown: [...breakdown], breakdown_version: 1, json_data: JSON.stringify(data) };
}

/** spec 001 §3 interval timer: timer_name, timer_id, intervals. */
export function intervalTimerPayload(ctx: LogContext, name: string, id: string, intervals: ReadonlyArray<{ readonly start: number; readonly end: number }>) {
  return { ...common(ctx), timer_name: name, timer_id: id, intervals: [...intervals] };
}
