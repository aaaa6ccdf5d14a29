import type { EngineCommand } from '../../contract';
import type { Action } from '../../store/action';
import { commandRequested, observeRequested } from '../connect/actions';
import { repeatRequested, shuffleRequested } from '../lists/actions';
import {
  clientInitialised,
  nextRequested,
  pauseRequested,
  playContextRequested,
  previousRequested,
  queueRequested,
  resumeRequested,
  seekByRequested,
  seekRequested,
  volumeRequested,
} from './actions';

function commandAction(command: EngineCommand): Action | null {
  switch (command.kind) {
    case 'initialise':
      return null;
    case 'play':
      return playContextRequested({ contextUri: command.contextUri, index: command.index, reason: 'playbtn' });
    case 'pause':
      return pauseRequested();
    case 'resume':
      return resumeRequested();
    case 'next':
      return nextRequested();
    case 'previous':
      return previousRequested();
    case 'seek':
      return seekRequested({ positionMs: command.positionMs });
    case 'seekBy':
      return seekByRequested({ deltaMs: command.deltaMs });
    case 'volume':
      return volumeRequested({ volume: command.volume });
    case 'shuffle':
      return shuffleRequested({ shuffle: command.shuffle });
    case 'repeat':
      return repeatRequested({ mode: command.mode });
    case 'queue':
      return queueRequested({ id: command.id, uri: command.uri });
    // Issue 16 The controller: the widget's remote-control view, through the remote-control client (core/engine/connect).
    case 'observe':
      return observeRequested();
    case 'transfer':
      return commandRequested({ id: command.id, command: { endpoint: 'transfer', target: command.deviceId, args: { restore_paused: 'restore' } } });
    case 'remote':
      return commandRequested({ id: command.id, command: { endpoint: command.endpoint, args: command.args } });
  }
}

/**
 * The engine's inputs for one of the widget's commands. spec 001 §4 Client lifecycle: the client
 * is initialised on the first pointer entry (the widget's 'initialise') or on the first command,
 * whichever comes first; `instanceId` is drawn only then.
 */
export function commandInputs(command: EngineCommand, initialised: boolean, instanceId: () => string): Action[] {
  const action = commandAction(command);
  const first = initialised ? [] : [clientInitialised({ instanceId: instanceId() })];
  return action === null ? first : [...first, action];
}
