import { AUTH_BACKOFF_BASE_MS, GENERIC_BACKOFF_BASE_MS, GENERIC_BACKOFF_JITTER, RECONNECT_BACKOFF_BASE_MS, RECONNECT_BACKOFF_MAX_MS } from './constants';

/** spec 001 §9 Authentication retries 2, base 500 ms: doubling from the base (retry 1 → 500, 2 → 1000). */
export function authRetryDelayMs(retry: number): number {
  return AUTH_BACKOFF_BASE_MS * 2 ** Math.max(0, retry - 1);
}

/** spec 001 §9 Socket reconnection: doubling from 1000 ms, capped at 15000 ms (1000, 2000, 4000, …). */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(RECONNECT_BACKOFF_MAX_MS, RECONNECT_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

/**
 * spec 001 §9 Generic backoff: base 200 ms, linear (retry n waits n × 200 ms), 20% jitter either
 * way; `draw` is a number in [0, 1) from the random port (0.5 gives no jitter).
 */
export function genericBackoffMs(retry: number, draw: number): number {
  const linear = GENERIC_BACKOFF_BASE_MS * Math.max(1, retry);
  return Math.round(linear * (1 + GENERIC_BACKOFF_JITTER * (2 * draw - 1)));
}
