import { initialRemoteView, remoteDeviceOf, remotePlayingOf, remoteVolumeOf, type RemoteViewState } from '../../contract/remote-view';
import type { RemoteDevice, RemotePlaying } from '../../contract/events';
import type { WidgetState } from '../state';
import { selectVolume } from '../volume/state';

/**
 * The controller's part of the widget state (absent until the first cluster or devices button, as in
 * older logs): the shared view of core/contract/remote-view.ts, as the first frame reads it. Its
 * reducer is ./reducer.ts.
 */
export type { RemoteViewState };
export { initialRemoteView };

export const selectRemoteView = (state: Pick<WidgetState, 'remote'>): RemoteViewState => state.remote ?? initialRemoteView;

/**
 * The device the remote-control view drives: the active device when it is not this widget's own
 * engine (and not unknown). Null when nothing is active or playback is here.
 */
export const selectRemoteDevice = (state: Pick<WidgetState, 'remote'>): RemoteDevice | null => remoteDeviceOf(selectRemoteView(state));

/**
 * The volume of the active other device (the cluster's, 0..1), or the one the visitor just set for it;
 * null when playback is here or the device cannot change its volume (spec 001 §3 volume -1).
 */
export const selectRemoteVolume = (state: Pick<WidgetState, 'remote'>): number | null => remoteVolumeOf(selectRemoteView(state));

/** The volume the control shows and drives: the active other device's, else this browser's own. */
export function selectShownVolume(state: Pick<WidgetState, 'remote' | 'volume'>): number {
  return selectRemoteVolume(state) ?? selectVolume(state);
}

/** What the other device plays, when the view drives one. */
export const selectRemotePlaying = (state: Pick<WidgetState, 'remote'>): RemotePlaying | null => remotePlayingOf(selectRemoteView(state));
