import { authRetryDelayMs, reconnectDelayMs } from './backoff';
import { AUTH_RETRIES, CLOSE_CODE, QUICK_DISCONNECT_MS, RECONNECT_RETRIES } from './constants';
import type { TransportState } from './state';

/** How a dealer socket ended: its close code and reason, and whether it had opened. */
export interface SocketEnd {
  readonly code: number;
  readonly reason: string;
  readonly opened: boolean;
}

// spec 001 §8 Resolve/transport.
export const CANNOT_CONNECT_MESSAGE = 'Cannot connect to dealer';
export const DEALER_CONNECTION_ERROR = 'Dealer connection error';
export const authenticationFailedText = (code: number): string => `Dealer closed the connection before authenticating (code ${code})`;

export type CloseDecision =
  | { readonly kind: 'ignore' }
  | { readonly kind: 'retryConnect'; readonly retry: number; readonly delayMs: number; readonly err: string }
  | { readonly kind: 'connectionFailed'; readonly err: string }
  | { readonly kind: 'authenticationFailed'; readonly err: string }
  | { readonly kind: 'reconnect'; readonly attempt: number; readonly delayMs: number; readonly shortSessionMs: number | null }
  | { readonly kind: 'disconnect'; readonly reason: string; readonly shortSessionMs: number | null };

/**
 * What the transport does when its socket ends, from the state it was in (pure: spec 001 §4, §9).
 * - Connecting (not yet authenticated): retry up to 2 times, base 500 ms; then connection failed
 *   (the socket never opened) or authentication failed (it opened but no connection id came).
 * - Authenticated: a socket closed with 4000 (the closing code) is over; any other close, the
 *   heartbeat's 4001 included, reconnects. A session shorter than 5000 ms is a quick disconnect:
 *   it is reported, and the reconnect count goes on from the attempt that made it, so a dealer that
 *   keeps dropping new connections is given up after 3 attempts; a longer one starts again at 1.
 * - Reconnecting: up to 3 attempts, backoff from 1000 ms up to 15000 ms; then disconnected.
 */
export function decideAfterClose(state: TransportState, end: SocketEnd, now: number): CloseDecision {
  switch (state.status) {
    case 'connecting':
    case 'connected': {
      const err = end.opened ? authenticationFailedText(end.code) : CANNOT_CONNECT_MESSAGE;
      if (state.attempt < AUTH_RETRIES) return { kind: 'retryConnect', retry: state.attempt + 1, delayMs: authRetryDelayMs(state.attempt + 1), err };
      return end.opened ? { kind: 'authenticationFailed', err } : { kind: 'connectionFailed', err };
    }
    case 'authenticated': {
      const durationMs = now - (state.sessionStartedAt ?? now);
      const shortSessionMs = durationMs < QUICK_DISCONNECT_MS ? durationMs : null;
      if (end.code === CLOSE_CODE)
        return { kind: 'disconnect', reason: end.reason === '' ? `Closed by the dealer (code ${end.code})` : end.reason, shortSessionMs };
      return nextReconnect(shortSessionMs === null ? 1 : state.attempt + 1, shortSessionMs);
    }
    case 'reconnecting':
      return nextReconnect(state.attempt + 1, null);
    default:
      // Idle, resolving, disconnected, failed, logged out: no socket of ours was live.
      return { kind: 'ignore' };
  }
}

function nextReconnect(attempt: number, shortSessionMs: number | null): CloseDecision {
  return attempt > RECONNECT_RETRIES
    ? { kind: 'disconnect', reason: CANNOT_CONNECT_MESSAGE, shortSessionMs }
    : { kind: 'reconnect', attempt, delayMs: reconnectDelayMs(attempt), shortSessionMs };
}
