import type { Epic } from '../store/store';
import type { Ports } from '../ports';
import type { WidgetState } from './state';

/** Every widget epic sees the widget state and all the ports (ARCHITECTURE.md §3). */
export type WidgetEpic = Epic<WidgetState, Ports>;
