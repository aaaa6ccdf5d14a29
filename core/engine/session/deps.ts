import type { Ports } from '../../ports';
import type { Epic } from '../../store/store';
import type { SessionSlice } from './state';

/** What the session's epics use: time (expiry), HTTP (token, logout) and storage (the stored token). */
export type SessionDeps = Pick<Ports, 'clock' | 'scheduler' | 'http' | 'storage'>;

export type SessionEpic = Epic<SessionSlice, SessionDeps>;
