import type { Draft } from 'immer';
import type { RemoteDevice, RemotePlaying } from '../../contract';
import type { ActionOf } from '../../store/action';
import type { engineCommandDecided } from '../full-playback/actions';
import type { WidgetState } from '../state';
import type { muteToggled, volumeChanged } from '../volume/actions';
import { clampVolume, selectVolume } from '../volume/state';
import type { devicesClosed, devicesToggled, deviceChosen, remoteStateReceived, repeatCycled, shuffleToggled } from './actions';

/** The controller's part of the widget state (absent until the first cluster or devices button, as in older logs). */
export interface RemoteViewState {
  readonly activeDeviceId: string | null;
  readonly devices: ReadonlyArray<RemoteDevice>;
  readonly playing: RemotePlaying | null;
  /** The device list is open. */
  readonly listOpen: boolean;
  /** Remote commands decided so far: their ids are w1, w2... (replayable, unlike a random id). */
  readonly sent: number;
  /**
   * The volume the visitor set for the active other device, shown until a cluster reports that device at it
   * (the command goes after the engine's 1 s debounce, spec 001 §9, and its report comes later still).
   */
  readonly volumeSet?: { readonly deviceId: string; readonly level: number } | null;
  /** The last volume above 0 set for another device: unmuting it brings it back. */
  readonly volumeLastAudible?: number;
}

export const initialRemoteView: RemoteViewState = { activeDeviceId: null, devices: [], playing: null, listOpen: false, sent: 0 };

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
      remote.activeDeviceId = action.state.activeDeviceId;
      remote.devices = action.state.devices;
      remote.playing = action.state.playing;
      const set = remote.volumeSet;
      if (set != null) {
        const reported = action.state.activeDeviceId === set.deviceId ? action.state.devices.find((d) => d.id === set.deviceId) : undefined;
        // spec 001 §5: the device reports round(65535 × volume), 0..1 again in the cluster.
        if (reported === undefined || Math.abs(reported.volume - set.level) <= 1 / VOLUME_STEPS) remote.volumeSet = null;
      }
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
export function selectRemoteDevice(state: Pick<WidgetState, 'remote'>): RemoteDevice | null {
  const remote = selectRemoteView(state);
  if (remote.activeDeviceId === null) return null;
  const device = remote.devices.find((d) => d.id === remote.activeDeviceId);
  return device === undefined || device.local ? null : device;
}

/** spec 001 §5: a device's volume goes over the wire as an integer 0..65535. */
const VOLUME_STEPS = 65535;

/**
 * The volume of the active other device (the cluster's, 0..1), or the one the visitor just set for it;
 * null when playback is here or the device cannot change its volume (spec 001 §3 volume -1).
 */
export function selectRemoteVolume(state: Pick<WidgetState, 'remote'>): number | null {
  const device = selectRemoteDevice(state);
  if (device === null || device.volume < 0) return null;
  const set = selectRemoteView(state).volumeSet;
  return set != null && set.deviceId === device.id ? set.level : device.volume;
}

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
  const shown = selectRemoteVolume(draft);
  const device = selectRemoteDevice(draft);
  if (shown === null || device === null) return false;
  const remote = (draft.remote ??= { ...initialRemoteView, devices: [] });
  const lastAudible = remote.volumeLastAudible ?? (shown > 0 ? shown : 1);
  const level = action.type === 'widget/volumeChanged' ? clampVolume(action.volume) : shown > 0 ? 0 : lastAudible;
  if (shown > 0) remote.volumeLastAudible = shown;
  if (level > 0) remote.volumeLastAudible = level;
  remote.volumeSet = { deviceId: device.id, level };
  return true;
}

/** What the other device plays, when the view drives one. */
export function selectRemotePlaying(state: Pick<WidgetState, 'remote'>): RemotePlaying | null {
  return selectRemoteDevice(state) === null ? null : selectRemoteView(state).playing;
}

/** The device list, the active device first, then by name (this browser's own among them). */
export function selectDeviceList(state: Pick<WidgetState, 'remote'>): ReadonlyArray<RemoteDevice & { readonly active: boolean }> {
  const remote = selectRemoteView(state);
  return remote.devices
    .map((d) => ({ ...d, active: d.id === remote.activeDeviceId }))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
