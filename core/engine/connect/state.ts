import type { Cluster } from './cluster';

/** spec 001 §4 Remote-control client: unobserved until asked; registered once the PUT answered 2xx. */
export type ObserverStatus = 'idle' | 'waiting' | 'registering' | 'registered' | 'failed';

export interface ConnectState {
  /** Whether the controller asked for the cluster (and so registers on each new connection id). */
  readonly observing: boolean;
  readonly status: ObserverStatus;
  /** The connection id the observer is registered (or registering) for. */
  readonly connectionId: string | null;
  readonly cluster: Cluster | null;
  /** spec 001 §4: cluster messages older than this are ignored. */
  readonly lastTimestamp: number | null;
  /** spec 001 §4: a player state but no active device. */
  readonly orphaned: boolean;
  /** The ack ids clusters brought lately (a cluster may confirm a command before its answer arrives). */
  readonly ackIds: ReadonlyArray<string>;
  readonly lastError: string | null;
}

export const initialConnectState: ConnectState = {
  observing: false,
  status: 'idle',
  connectionId: null,
  cluster: null,
  lastTimestamp: null,
  orphaned: false,
  ackIds: [],
  lastError: null,
};

export interface ConnectSlice {
  readonly connect: ConnectState;
}

/** The slice, or the initial one in a log recorded before the remote-control client existed (player/index.ts). */
export const connectStateOf = (s: Partial<ConnectSlice>): ConnectState => s.connect ?? initialConnectState;
