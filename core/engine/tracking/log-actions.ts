import * as t from 'io-ts';
import { defineAction } from '../../store/action';
import { LogEndpoint } from './log-endpoints';

/*
 * The logging client (spec 001 §7 Logging). `target` names where a POST goes: a log endpoint, or
 * 'metric' for POST /v1/metric.
 */

// Inputs.
export const logRequested = defineAction('logging/logRequested', { endpoint: LogEndpoint, payload: t.unknown });
/** Meters and timers for the next metrics batch (validated per spec 001 §5 first). */
export const metricsQueued = defineAction('logging/metricsQueued', { meters: t.unknown, timers: t.unknown });

// Decisions and facts.
/** spec 001 §5: a payload breaking a rule is refused with its message, never sent. */
export const logRejected = defineAction('logging/logRejected', { target: t.string, message: t.string });
/** spec 001 §6: anonymous sessions send only error, warning, playback stats and stall logs. */
export const logDropped = defineAction('logging/logDropped', { target: t.string, reason: t.string });
/** spec 001 §9 Metrics batch: everything queued in the 10 s after the first item, as one POST. */
export const metricsBatchReady = defineAction('logging/metricsBatchReady', { meters: t.array(t.unknown), timers: t.array(t.unknown) });
export const logRetried = defineAction('logging/logRetried', { target: t.string, retry: t.number, status: t.union([t.number, t.null]), delayMs: t.number });
export const logSent = defineAction('logging/logSent', { target: t.string, attempts: t.number });
/** spec 001 §8 Logging: 'Logging service responded with status N' (or the request failed) after the last retry, or a refusal (4xx). */
export const logFailed = defineAction('logging/logFailed', { target: t.string, message: t.string });

/** Issue 12: the outbox was full, so its `count` oldest unsent logs were dropped (`total` since it last emptied): the counted marker. */
export const logsDropped = defineAction('logging/logsDropped', { count: t.number, total: t.number });

export const loggingActions = [logRequested, metricsQueued, logRejected, logDropped, metricsBatchReady, logRetried, logSent, logFailed, logsDropped] as const;
