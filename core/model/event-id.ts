import * as t from 'io-ts';

/** Longest event id the provider stores: a 32-hex-character random id plus a short suffix (`.49`). */
export const EVENT_ID_MAX_LENGTH = 64;

const EVENT_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The id that makes a log event idempotent (issue 12, exactly-once logging): letters, digits,
 * '.', '_' and '-', 8 to 64 characters. The provider stores each id once (a unique index), so a
 * retried event is stored once however often it is sent.
 */
export const EventId = new t.Type<string, string, unknown>(
  'EventId',
  (u): u is string => typeof u === 'string' && EVENT_ID_PATTERN.test(u),
  (u, c) =>
    typeof u === 'string' && EVENT_ID_PATTERN.test(u)
      ? t.success(u)
      : t.failure(u, c, `an event id is 8 to ${EVENT_ID_MAX_LENGTH} letters, digits, '.', '_' or '-'`),
  t.identity,
);

/**
 * The `event_id` field a log payload carries, besides the spec's fields. Optional on the wire so
 * that an event from an older page is still stored (without the once-only guarantee).
 */
export const WithEventId = t.partial({ event_id: EventId });
