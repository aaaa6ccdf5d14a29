import { deviceListOf } from '../../contract/remote-control';
import type { RemoteDevice } from '../../contract/events';
import type { WidgetState } from '../state';
import { selectRemoteView } from './state';

/**
 * The device list, the active device first, then by name (this browser's own among them). Apart from
 * ./state.ts: only the open list reads it (ui/widget/remote-view-parts.tsx, in the widget's lazy chunk).
 */
export const selectDeviceList = (state: Pick<WidgetState, 'remote'>): ReadonlyArray<RemoteDevice & { readonly active: boolean }> =>
  deviceListOf(selectRemoteView(state));
