import type { Action } from '../../store/action';
import * as A from './actions';
import type { DeviceCommand } from './remote-command';
import { decideReplaceState } from './replace-state';
import type { StateRef } from './state-ref';

/** The one action a decoded device command becomes, given the current state ref (spec 001 §4 Device service client). */
export function commandAction(command: DeviceCommand, current: StateRef | null): Action {
  switch (command.kind) {
    case 'set_volume':
      return A.remoteVolumeSet({ volume: command.volume, commandId: command.commandId });
    case 'log_out':
      return A.remoteLogOut();
    case 'ping':
      return A.remotePing();
    case 'play_token_lost':
      return A.playTokenLost();
    case 'rejected':
      return A.commandRejected({ code: command.code, err: command.err });
    case 'replace_state': {
      const decision = decideReplaceState(current, command.command);
      switch (decision.kind) {
        case 'conflict':
          return A.stateConflicted({ rejected: decision.rejected });
        case 'clear':
          return A.stateCleared();
        case 'modify':
          return A.stateModified({ stateRef: decision.stateRef, seekTo: decision.seekTo });
        case 'load':
          return A.stateLoaded({
            stateRef: decision.stateRef,
            newContext: decision.newContext,
            seekTo: decision.seekTo,
            stateMachine: command.command.state_machine ?? null,
          });
      }
    }
  }
}
