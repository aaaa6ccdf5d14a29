import type { Draft } from 'immer';
import type { RemoteDevice, RemotePlaying } from '../../contract';
import type { ActionOf } from '../../store/action';
import type { engineCommandDecided } from '../full-playback/actions';
import type { WidgetState } from '../state';
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
    case 'remote/stateReceived':
      remote.activeDeviceId = action.state.activeDeviceId;
      remote.devices = action.state.devices;
      remote.playing = action.state.playing;
      return;
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
