import { Observable, Subscription, type SchedulerLike } from 'rxjs';
import { AUTHENTICATE_IDENT, AUTHENTICATE_KEY } from '../../core/engine/transport/constants';
import type { SocketConnection, SocketEvent, SocketPort } from '../../core/ports';

/** What one fake dealer connection does on its own, at scheduler delays from the moment it opens. */
export interface FakeSocketScript {
  /** Events the far end sends (open, messages, error, close), each at ms after open(). */
  readonly events?: ReadonlyArray<readonly [number, SocketEvent]>;
  /** Answers each `{"type":"ping"}` sent with `{"type":"pong"}` this many ms later; never when undefined. */
  readonly pongAfterMs?: number;
  /**
   * Answers each authentication request (spec 001 §7 Realtime socket: the client authenticates
   * with its token after connecting) with a successful reply this many ms later; never when undefined.
   */
  readonly authReplyAfterMs?: number;
}

/** Picks the script of the n-th connection (0-based) to a URL. */
export type FakeSocketScripter = (url: string, index: number) => FakeSocketScript;

export interface FakeSocketRecord {
  readonly index: number;
  readonly at: number;
}

export interface FakeSocket extends SocketPort {
  /** URLs opened, in order (the index of a connection is its place here). */
  readonly opened: string[];
  readonly sent: Array<FakeSocketRecord & { readonly text: string }>;
  readonly closed: Array<FakeSocketRecord & { readonly code: number; readonly reason: string }>;
  /** Sends an event from the far end to a live connection now (the latest by default): a server push. */
  emit(event: SocketEvent, index?: number): void;
}

/** A dealer that accepts: opens after 1 ms, announces the connection id after 2 ms, answers an authentication at once and pings in 1 ms. */
export function acceptingDealer(connectionId: string): FakeSocketScript {
  const text = JSON.stringify({
    type: 'message',
    method: 'PUT',
    uri: `hm://pusher/v1/connections/${encodeURIComponent(connectionId)}`,
    headers: { 'Spotify-Connection-Id': connectionId },
  });
  return {
    events: [
      [1, { kind: 'open' }],
      [2, { kind: 'message', text }],
    ],
    pongAfterMs: 1,
    authReplyAfterMs: 0,
  };
}

/** A dealer that cannot be reached: an error then close 1006 after 1 ms, never open (as browsers report it). */
export const unreachableDealer: FakeSocketScript = {
  events: [
    [1, { kind: 'error' }],
    [1, { kind: 'close', code: 1006, reason: '' }],
  ],
};

/**
 * A scheduler-driven SocketPort for marble tests and engine replay (ARCHITECTURE.md §2 adapters/fake).
 * Like a real socket, a connection's events stop after its close event, and closing from this end
 * delivers the close event on the next scheduler turn.
 */
export function createFakeSocket(scheduler: SchedulerLike, scripter: FakeSocketScripter): FakeSocket {
  const opened: string[] = [];
  const sent: FakeSocket['sent'] = [];
  const closed: FakeSocket['closed'] = [];
  const live = new Map<number, (event: SocketEvent) => void>();

  const open = (url: string): SocketConnection => {
    let deliver: ((event: SocketEvent) => void) | null = null;
    let index = -1;
    let pongAfterMs: number | undefined;
    let authReplyAfterMs: number | undefined;
    const later = (ms: number, event: SocketEvent) => scheduler.schedule(() => deliver?.(event), ms);
    const events$ = new Observable<SocketEvent>((subscriber) => {
      index = opened.length;
      opened.push(url);
      const timers = new Subscription();
      deliver = (event) => {
        subscriber.next(event);
        if (event.kind === 'close') {
          deliver = null;
          live.delete(index);
          subscriber.complete();
        }
      };
      live.set(index, (event) => deliver?.(event));
      const script = scripter(url, index);
      for (const [ms, event] of script.events ?? []) timers.add(later(ms, event));
      pongAfterMs = script.pongAfterMs;
      authReplyAfterMs = script.authReplyAfterMs;
      return () => {
        timers.unsubscribe();
        deliver = null;
        live.delete(index);
      };
    });
    return {
      events$,
      send: (text) => {
        if (deliver === null) return;
        sent.push({ index, at: scheduler.now(), text });
        if (pongAfterMs !== undefined && isPing(text)) later(pongAfterMs, { kind: 'message', text: JSON.stringify({ type: 'pong' }) });
        if (authReplyAfterMs !== undefined && isAuthentication(text)) {
          later(authReplyAfterMs, { kind: 'message', text: JSON.stringify({ type: 'reply', key: AUTHENTICATE_KEY, payload: { success: true } }) });
        }
      },
      close: (code, reason) => {
        if (deliver === null) return;
        closed.push({ index, at: scheduler.now(), code, reason });
        later(0, { kind: 'close', code, reason });
      },
    };
  };

  return {
    open,
    opened,
    sent,
    closed,
    emit: (event, index = opened.length - 1) => live.get(index)?.(event),
  };
}

function isAuthentication(text: string): boolean {
  try {
    return (JSON.parse(text) as { message_ident?: unknown }).message_ident === AUTHENTICATE_IDENT;
  } catch {
    return false;
  }
}

function isPing(text: string): boolean {
  try {
    return (JSON.parse(text) as { type?: unknown }).type === 'ping';
  } catch {
    return false;
  }
}
