import type { EmePort, Ports } from '../../ports';
import type { Epic } from '../../store/store';
import type { SessionSlice } from '../session/state';
import type { DrmSlice } from './state';

/** What the DRM's epics use: time (caches, retries), randomness (retry jitter), HTTP (licence URL, server time, licences) and EME. */
export type DrmDeps = Pick<Ports, 'clock' | 'scheduler' | 'http' | 'random'> & { readonly eme: EmePort };

/** DRM epics read the DRM and the session, whose live token authorises each licence-side call. */
export type DrmEpic = Epic<DrmSlice & SessionSlice, DrmDeps>;
