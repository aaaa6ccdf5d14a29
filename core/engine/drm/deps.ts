import type { EmePort, Ports } from '../../ports';
import type { Epic } from '../../store/store';
import type { DrmSlice } from './state';

/** What the DRM's epics use: time (caches, retries), randomness (retry jitter), HTTP (licence URL, server time, licences) and EME. */
export type DrmDeps = Pick<Ports, 'clock' | 'scheduler' | 'http' | 'random'> & { readonly eme: EmePort };

export type DrmEpic = Epic<DrmSlice, DrmDeps>;
