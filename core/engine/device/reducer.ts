import type { Action, ActionOf } from '../../store/action';
import type { deviceActions } from './actions';
import type { DeviceState } from './state';
import { conflictBatch, sameRef } from './state-update';
import { SEND_ALL_STATE_UPDATES } from './feature-flag';
import { limitsStateUpdates } from './state-sender';

type DeviceAction = ActionOf<(typeof deviceActions)[number]>;
const isDeviceAction = (action: Action): action is DeviceAction => action.type.startsWith('device/');

/** The device client's state machine; exhaustive over the device actions. */
export function deviceReducer(state: DeviceState, action: Action): DeviceState {
  if (!isDeviceAction(action)) return state;
  switch (action.type) {
    case 'device/registrationRequested':
      return { ...state, registration: 'registering', connectionId: action.connectionId };
    case 'device/registered':
      return action.connectionId === state.connectionId ? { ...state, registration: 'registered', lastError: null } : state;
    case 'device/registrationFailed':
      return { ...state, registration: 'failed', lastError: action.err };
    case 'device/deregistered':
      return { ...state, registration: 'deregistered', connectionId: null };
    case 'device/remoteVolumeSet':
      return { ...state, volume: action.volume };
    case 'device/stateConflicted':
      return action.rejected === null ? state : { ...state, rejectedRefs: [...state.rejectedRefs, action.rejected] };
    case 'device/conflictRefsSent':
      return { ...state, rejectedRefs: conflictBatch(state.rejectedRefs).rest };
    // spec 001 §4: no state ref → paused, cleared, state emptied; the remote log-out clears too.
    case 'device/stateCleared':
    case 'device/remoteLogOut':
      return { ...state, stateRef: null, paused: true };
    // The same state, paused or resumed by a controller: the device is paused or playing once its media is
    // (media facts), so the state update it then sends says so (spec 001 §4 State update sends: pause, resume).
    case 'device/stateModified':
      return { ...state, stateRef: action.stateRef };
    case 'device/stateLoaded':
    case 'device/localStateChanged':
      return { ...state, stateRef: action.stateRef, paused: action.stateRef.paused };
    // spec 001 §4: "A play-token-lost message pauses playback."
    case 'device/playTokenLost':
      return state.stateRef === null ? { ...state, paused: true } : { ...state, paused: true, stateRef: { ...state.stateRef, paused: true } };
    case 'device/stateUpdateSent':
      return { ...state, lastSeq: action.seq };
    // spec 001 §7: the answer's updated_state_ref is applied when the service changed the ref the
    // update named, and nothing moved locally since (a later change of ours is newer than the answer).
    case 'device/stateUpdateAnswered':
      if (action.updatedRef === null || sameRef(action.updatedRef, action.sentRef) || !sameRef(state.stateRef, action.sentRef)) return state;
      return { ...state, stateRef: action.updatedRef, paused: action.updatedRef.paused };
    case 'device/localVolumeChanged':
      return { ...state, volume: action.volume };
    case 'device/commandRejected':
    case 'device/stateUpdateFailed':
    case 'device/deregistrationFailed':
    case 'device/volumeSendFailed':
    case 'device/conflictSendFailed':
      return { ...state, lastError: action.err };
    case 'device/featureFlagResolved':
      return action.name === SEND_ALL_STATE_UPDATES ? { ...state, limitStateUpdates: limitsStateUpdates(action.on) } : state;
    case 'device/deregistrationRequested':
    case 'device/featureFlagRequested':
    case 'device/featureFlagFailed':
    case 'device/remotePing':
    case 'device/stateUpdateRequested':
    case 'device/volumeSent':
      return state;
    default: {
      const unhandled: never = action;
      return unhandled === undefined ? state : state;
    }
  }
}
