import type { RemoteDevice, RemotePlaying } from './events';

/*
 * Issue 16 The controller, as any page shows it (the widget's remote-control view, the web player's
 * player bar): the remoteState events the engine forwards (spec 001 §4 Remote-control client) kept
 * as a view, what it shows (the device that plays elsewhere, what it plays, its volume, the device
 * list). How a cluster or a control changes the view, and the engine commands each control
 * becomes, are in ./remote-control.ts: the widget's first frame reads the view, and only a page
 * whose engine runs changes it (the widget's lazy chunk). Pure: each page keeps the view in its own state.
 */

export interface RemoteViewState {
  readonly activeDeviceId: string | null;
  readonly devices: ReadonlyArray<RemoteDevice>;
  readonly playing: RemotePlaying | null;
  /** The device list is open. */
  readonly listOpen: boolean;
  /** Remote commands decided so far: their ids are w1, w2... (replayable, unlike a random id). */
  readonly sent: number;
  /**
   * The volume the listener set for the active other device, shown until a cluster reports that device at it
   * (the command goes after the engine's 1 s debounce, spec 001 §9, and its report comes later still).
   */
  readonly volumeSet?: { readonly deviceId: string; readonly level: number } | null;
  /** The last volume above 0 set for another device: unmuting it brings it back. */
  readonly volumeLastAudible?: number;
}

export const initialRemoteView: RemoteViewState = { activeDeviceId: null, devices: [], playing: null, listOpen: false, sent: 0 };

/**
 * The device the controls drive: the active device when it is not this page's own engine (and not
 * unknown). Null when nothing is active or playback is here.
 */
export function remoteDeviceOf(view: RemoteViewState): RemoteDevice | null {
  if (view.activeDeviceId === null) return null;
  const device = view.devices.find((d) => d.id === view.activeDeviceId);
  return device === undefined || device.local ? null : device;
}

/** What the other device plays, when the controls drive one. */
export const remotePlayingOf = (view: RemoteViewState): RemotePlaying | null => (remoteDeviceOf(view) === null ? null : view.playing);

/**
 * The volume of the active other device (the cluster's, 0..1), or the one just set for it; null
 * when playback is here or the device cannot change its volume (spec 001 §3 volume -1).
 */
export function remoteVolumeOf(view: RemoteViewState): number | null {
  const device = remoteDeviceOf(view);
  if (device === null || device.volume < 0) return null;
  const set = view.volumeSet;
  return set != null && set.deviceId === device.id ? set.level : device.volume;
}

/** spec 001 §3 repeat modes, in the order the repeat button steps through them. */
export const NEXT_REPEAT = { OFF: 'CONTEXT', CONTEXT: 'TRACK', TRACK: 'OFF' } as const;
