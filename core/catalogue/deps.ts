import type { SessionSlice } from '../engine/session/state';
import type { Ports } from '../ports';
import type { Epic } from '../store/store';
import type { CatalogueSlice } from './state';

/** HTTP for the calls, the scheduler for their 30000 ms timeout (spec 001 §7). */
export type CatalogueDeps = Pick<Ports, 'http' | 'scheduler'>;

/** The layer reads its own slice and the session, the one holder of the live token (core/engine/session). */
export type CatalogueEpic = Epic<CatalogueSlice & SessionSlice, CatalogueDeps>;
