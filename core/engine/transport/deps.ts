import type { Ports, SocketPort } from '../../ports';
import type { Epic } from '../../store/store';
import type { SessionSlice } from '../session/state';
import type { TransportSlice } from './state';

/** What the transport's epics use: time, randomness (backoff jitter), HTTP (service resolve) and websockets. */
export type TransportDeps = Pick<Ports, 'clock' | 'scheduler' | 'random' | 'http'> & { readonly socket: SocketPort };

/** A transport epic runs in any store whose state holds the transport under `transport` and the session (its live token) under `session`. */
export type TransportEpic = Epic<TransportSlice & SessionSlice, TransportDeps>;
