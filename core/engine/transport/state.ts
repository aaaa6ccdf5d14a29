import type { Endpoints } from './service-resolve';

/**
 * The transport's finite state (spec 001 §4 Transport lifecycle): idle → resolving → connecting →
 * connected (socket open) → authenticated (the dealer accepted the token the client sent after the connection id: spec 001 §7); an authenticated socket that
 * drops goes reconnecting → authenticated again, or disconnected; failed when the first connect
 * gives up; loggedOut on a client logout message.
 */
export type TransportStatus = 'idle' | 'resolving' | 'connecting' | 'connected' | 'authenticated' | 'reconnecting' | 'disconnected' | 'failed' | 'loggedOut';

export interface TransportState {
  /** spec 001 §6: only the owner may connect, disconnect or force-disconnect. */
  readonly owner: string;
  /** The client (spec 001 §4) that uses this transport: the owner, or one it was handed to. */
  readonly client: string;
  /**
   * spec 001 §4 "On connect the client authenticates automatically if it owns the transport or
   * lifecycle management is allowed": the client's allowLifecycleManagement option.
   */
  readonly lifecycleManagement: boolean;
  readonly status: TransportStatus;
  readonly resolveUrl: string | null;
  readonly endpoints: Endpoints | null;
  readonly connectionId: string | null;
  /** The attempt of the current socket: 0..2 while connecting, 1..3 while reconnecting. */
  readonly attempt: number;
  /** When the current connection authenticated (deps.clock), for the quick-disconnect rule. */
  readonly sessionStartedAt: number | null;
  readonly lastError: string | null;
  /** The network went offline under a connection (spec 001 §4 before offline disconnect): connect again once it is back. */
  readonly reconnectWhenOnline: boolean;
}

export interface TransportOptions {
  /** The client using the transport; the owner by default (the client owns its transport). */
  readonly client?: string;
  /** spec 001 §4: the client may authenticate a transport it does not own. Off by default. */
  readonly allowLifecycleManagement?: boolean;
}

export function initialTransportState(owner: string, options: TransportOptions = {}): TransportState {
  return {
    owner,
    client: options.client ?? owner,
    lifecycleManagement: options.allowLifecycleManagement ?? false,
    status: 'idle',
    resolveUrl: null,
    endpoints: null,
    connectionId: null,
    attempt: 0,
    sessionStartedAt: null,
    lastError: null,
    reconnectWhenOnline: false,
  };
}

/** States in which a connection exists or is being made: connect is a no-op, disconnect acts. */
export function isActive(status: TransportStatus): boolean {
  return status === 'resolving' || status === 'connecting' || status === 'connected' || status === 'authenticated' || status === 'reconnecting';
}

/** spec 001 §4: whether the client authenticates by itself once connected. */
export function authenticatesOnConnect(state: Pick<TransportState, 'owner' | 'client' | 'lifecycleManagement'>): boolean {
  return state.client === state.owner || state.lifecycleManagement;
}

/** What the transport's epics read: any app state holding the transport under `transport`. */
export interface TransportSlice {
  readonly transport: TransportState;
}
