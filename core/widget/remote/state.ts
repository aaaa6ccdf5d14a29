import type { Draft } from 'immer';
import {
  deviceListOf,
  initialRemoteView,
  remoteDeviceOf,
  remotePlayingOf,
  remoteVolumeOf,
  setRemoteVolume,
  takeRemoteState,
  type RemoteDevice,
  type RemotePlaying,
  type RemoteViewState,
} from '../../contract';
import type { ActionOf } from '../../store/action';
import type { engineCommandDecided } from '../full-playback/actions';
import type { WidgetState } from '../state';
import type { muteToggled, volumeChanged } from '../volume/actions';
import { clampVolume, selectVolume } from '../volume/state';
import type { devicesClosed, devicesToggled, deviceChosen, remoteStateReceived, repeatCycled, shuffleToggled } from './actions';

/** The controller's part of the widget state (absent until the first cluster or devices button, as in older logs): the shared view of core/contract/remote-view.ts. */
export type { RemoteViewState };
export { initialRemoteView };

export type RemoteAction =
  | ActionOf<typeof remoteStateReceived>
  | ActionOf<typeof devicesToggled>
  | ActionOf<typeof devicesClosed>
  | ActionOf<typeof deviceChosen>
  | ActionOf<typeof shuffleToggled>
  | ActionOf<typeof repeatCycled>;

export function reduceRemote(draft: Draft<WidgetState>, action: RemoteAction): void {
  const remote = (draft.remote ??= { ...initialRemoteView, devices: [] });
  switch (action.type) {
    case 'remote/stateReceived': {
      const next = takeRemoteState(remote, action.state);
      remote.activeDeviceId = action.state.activeDeviceId;
      remote.devices = action.state.devices;
      remote.playing = action.state.playing;
      if (remote.volumeSet != null) remote.volumeSet = next.volumeSet ?? null;
      return;
    }
    case 'remote/devicesToggled':
      remote.listOpen = !remote.listOpen;
      return;
    case 'remote/devicesClosed':
    case 'remote/deviceChosen':
      remote.listOpen = false;
      return;
    // The commands they become are decided elsewhere (decisions.ts) and counted below.
    case 'remote/shuffleToggled':
    case 'remote/repeatCycled':
      return;
  }
}

/** A decided remote or transfer command takes the next id. */
export function countRemoteCommand(draft: Draft<WidgetState>, action: ActionOf<typeof engineCommandDecided>): void {
  const kind = action.command.kind;
  if (kind !== 'remote' && kind !== 'transfer') return;
  const remote = (draft.remote ??= { ...initialRemoteView, devices: [] });
  remote.sent += 1;
}

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

/**
 * The slider and mute button while another device that can change its volume is active: they set
 * that device's volume (the command is decided in decisions.ts), this browser's own stays as it is.
 * False when they are this browser's (the volume reducer takes them).
 */
export function reduceRemoteVolume(draft: Draft<WidgetState>, action: ActionOf<typeof volumeChanged> | ActionOf<typeof muteToggled>): boolean {
  const next = setRemoteVolume(selectRemoteView(draft), action.type === 'widget/volumeChanged' ? clampVolume(action.volume) : null);
  if (next === null) return false;
  const remote = (draft.remote ??= { ...initialRemoteView, devices: [] });
  remote.volumeSet = next.volumeSet ?? null;
  if (next.volumeLastAudible !== undefined) remote.volumeLastAudible = next.volumeLastAudible;
  return true;
}

/** What the other device plays, when the view drives one. */
export const selectRemotePlaying = (state: Pick<WidgetState, 'remote'>): RemotePlaying | null => remotePlayingOf(selectRemoteView(state));

/** The device list, the active device first, then by name (this browser's own among them). */
export const selectDeviceList = (state: Pick<WidgetState, 'remote'>): ReadonlyArray<RemoteDevice & { readonly active: boolean }> =>
  deviceListOf(selectRemoteView(state));
