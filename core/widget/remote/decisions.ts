import { remoteCommandsOf, type RemoteIntent } from '../../contract';
import type { Action } from '../../store/action';
import { playToggleRequested, seekByRequested, seekRequested, skipNextRequested, skipPrevRequested, trackRowClicked } from '../actions';
import { engineCommandDecided } from '../full-playback/contract-actions';
import type { WidgetState } from '../state';
import { muteToggled, volumeChanged } from '../volume/actions';
import { deviceChosen, devicesToggled, repeatCycled, shuffleToggled } from './actions';
import { selectRemoteView } from './state';

/**
 * Issue 16 The controller: the visitor's commands while another device is the active one go to
 * that device (spec 001 §7 player commands and volume), decided against the state after the
 * reducer saw them (core/contract/remote-control.ts, shared with the web player); null when they are
 * not the controller's (this engine plays them). The devices button asks the engine to follow the
 * user's devices; a chosen device gets the playback (transfer), this browser's own included.
 */
export function remoteDecisions(state: WidgetState, action: Action): Action[] | null {
  const remote = selectRemoteView(state);
  const decided = (intent: RemoteIntent): Action[] | null => {
    const commands = remoteCommandsOf(remote, intent);
    return commands === null ? null : commands.map((command) => engineCommandDecided({ command }));
  };

  if (devicesToggled.match(action)) return remote.listOpen ? [engineCommandDecided({ command: { kind: 'observe' } })] : [];
  if (deviceChosen.match(action)) return decided({ kind: 'choose', deviceId: action.deviceId });
  if (playToggleRequested.match(action)) return decided({ kind: 'toggle', contextUri: state.resourceUri });
  if (trackRowClicked.match(action)) return decided({ kind: 'playAt', contextUri: state.resourceUri, index: action.index });
  if (skipNextRequested.match(action)) return decided({ kind: 'next' });
  if (skipPrevRequested.match(action)) return decided({ kind: 'previous' });
  if (seekRequested.match(action)) return decided({ kind: 'seek', positionMs: action.positionMs });
  if (seekByRequested.match(action)) return decided({ kind: 'seekBy', deltaMs: action.deltaMs, fromMs: state.playback.progress });
  if (volumeChanged.match(action) || muteToggled.match(action)) return decided({ kind: 'volume' });
  if (shuffleToggled.match(action)) return decided({ kind: 'shuffle' });
  if (repeatCycled.match(action)) return decided({ kind: 'repeat' });
  return null;
}
