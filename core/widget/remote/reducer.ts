import type { Draft } from 'immer';
import { setRemoteVolume, takeRemoteState } from '../../contract/remote-control';
import { initialRemoteView } from '../../contract/remote-view';
import type { ActionOf } from '../../store/action';
import type { engineCommandDecided } from '../full-playback/contract-actions';
import type { WidgetState } from '../state';
import type { muteToggled, volumeChanged } from '../volume/actions';
import { clampVolume } from '../volume/state';
import type { devicesClosed, devicesToggled, deviceChosen, repeatCycled, shuffleToggled } from './actions';
import { selectRemoteView } from './state';
import type { remoteStateReceived } from './state-received';

/*
 * Issue 16 The controller's reducer, part of the widget's (core/widget/reducer.ts). Apart from the
 * view's selectors (./state.ts): only a page that may play in full runs it, and such a page has the
 * widget's lazy chunk before its store starts (ui/widget/main.tsx); an anonymous visitor's page
 * (spec 000 §4 Preview mode) has no controller, and its first frame does not carry this.
 */

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
