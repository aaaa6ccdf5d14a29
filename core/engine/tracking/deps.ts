import type { Ports } from '../../ports';
import type { Epic } from '../../store/store';
import type { SessionSlice } from '../session/state';
import type { TrackingSlice } from './state';

/** Tracking timers need time; the log sender adds HTTP and randomness (event ids, backoff jitter). */
export type TrackingDeps = Pick<Ports, 'clock' | 'scheduler'>;
export type TrackingEpic = Epic<TrackingSlice, TrackingDeps>;

/** Logs also need storage: the outbox keeps them until stored (issue 12). */
export type LoggingDeps = Pick<Ports, 'clock' | 'scheduler' | 'random' | 'http' | 'storage'>;
/** The log sender reads the session: only some logs may go out unauthenticated (spec 001 §6). */
export type LoggingEpic = Epic<SessionSlice, LoggingDeps>;
