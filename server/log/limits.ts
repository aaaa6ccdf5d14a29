import { ACTION_LOG_ENTRY_MAX_CHARS } from '../../core/logging/action-logging';
import { ERROR_REPORT_MAX_BYTES } from '../../core/model/error-report';

/*
 * Issue 12: what one log event may weigh, per endpoint. An event over its cap is refused with 413
 * and a message naming the cap: a client retries 5xx and no answer, never a 413, so an oversized
 * event is not sent for ever. Where a request carries one event, its body is the event (fastify's
 * bodyLimit answers the 413); where it carries a batch (/log/actions), the other events are stored.
 */

/** /log/actions: one entry's JSON, in characters; the widget sends a stand-in for a larger one (core/logging/action-logging.ts). */
export const ACTION_ENTRY_MAX_CHARS = ACTION_LOG_ENTRY_MAX_CHARS;
/** /log/actions: the whole batch (500 entries at most, core/model/action-log-batch.ts), so a batch of capped entries fits. */
export const ACTION_BATCH_MAX_BYTES = 1024 * 1024;
/** /log/analytics: an impression is ~200 bytes; spec 001 §3's analytics fields are short strings. */
export const ANALYTICS_EVENT_MAX_BYTES = 8 * 1024;
/** /log/errors: spec 000 §9 / spec 001 §9, a serialized report is at most 102400 bytes. */
export const ERROR_REPORT_EVENT_MAX_BYTES = ERROR_REPORT_MAX_BYTES;
/** /v1/logging/{kind} and /v1/metric: the engine sends them keepalive, which carries 64 KiB at most. */
export const ENGINE_LOG_EVENT_MAX_BYTES = 64 * 1024;

/** The 413 message of a body over `limit` bytes. */
export const tooLargeMessage = (what: string, limit: number): string => `The ${what} is over the ${limit}-byte limit of one log event; it was not stored.`;
