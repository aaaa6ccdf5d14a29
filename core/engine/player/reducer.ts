import type { Action } from '../../store/action';
import { isRight } from 'fp-ts/Either';
import { registered, remoteLogOut, stateCleared, stateUpdateAnswered } from '../device/actions';
import { drmFailed } from '../drm/actions';
import { mediaPlayerFailed } from '../media/actions';
import { trackLoadRequested } from '../lists/actions';
import { trackingStarted } from '../tracking/actions';
import { playerInitFailed } from '../../contract';
import { clientInitialised, machineAdopted, machineLoaded, playContextRequested, productStateFailed, productStateFetched } from './actions';
import { licenseTypeOf, PRODUCT_STATE_GET } from './product-state.epic';
import type { PlayerState } from './state';
import { StateMachine } from './state-machine';

/**
 * spec 001 §7 PUT devices/{id}/state "response has state_machine": the service's copy of the
 * machine playing replaces ours (its restrictions, e.g. an ad's, then decide the commands). A
 * machine of another id is not the one playing (a newer replace_state brings its own); one that
 * does not decode, or says nothing new, changes nothing.
 */
function answeredMachine(current: StateMachine | null, answered: unknown): StateMachine | null {
  if (current === null || answered === null) return null;
  const decoded = StateMachine.decode(answered);
  if (!isRight(decoded) || decoded.right.state_machine_id !== current.state_machine_id) return null;
  return JSON.stringify(decoded.right) === JSON.stringify(current) ? null : decoded.right;
}

/** The player glue's state; the pieces it joins keep their own (session, transport, device, list, media, drm, tracking). */
export function playerReducer(state: PlayerState, action: Action): PlayerState {
  if (productStateFetched.match(action)) return { ...state, licenseType: licenseTypeOf(action.body) };
  if (productStateFailed.match(action) && action.call === PRODUCT_STATE_GET) return { ...state, licenseType: licenseTypeOf(null) };
  if (clientInitialised.match(action)) return { ...state, initialised: true, instanceId: action.instanceId };
  if (playContextRequested.match(action)) return { ...state, pendingReason: action.reason };
  if (machineLoaded.match(action)) return { ...state, machine: action.machine, trackIndex: null, startMs: action.startMs, autoplay: action.autoplay };
  // The playback goes on: its id, and where the next load starts, are untouched.
  if (machineAdopted.match(action)) return { ...state, machine: action.machine, trackIndex: action.index };
  if (trackLoadRequested.match(action)) return { ...state, trackIndex: action.index, pendingReason: null };
  // The start position and paused flag of a replace_state hold for its first track only.
  if (trackingStarted.match(action)) return { ...state, playbackId: action.playbackId, playbacks: state.playbacks + 1, startMs: 0, autoplay: true };
  // spec 001 §4: no state ref (or a remote log-out) clears the state: nothing is loaded any more.
  if (stateCleared.match(action) || remoteLogOut.match(action)) return { ...state, machine: null, trackIndex: null, playbackId: null };
  // spec 001 §4 / spec 000 §4: an initialization failure (the DRM's no usable key system, ...).
  if (playerInitFailed.match(action)) return { ...state, failure: action.message };
  // spec 001 §4 Client lifecycle: an unrecoverable playback error disables the local player; a new registration enables it.
  if ((mediaPlayerFailed.match(action) || drmFailed.match(action)) && action.fatal) return { ...state, disabled: action.message };
  if (registered.match(action) && state.disabled !== null) return { ...state, disabled: null };
  if (stateUpdateAnswered.match(action)) {
    const machine = answeredMachine(state.machine, action.stateMachine);
    return machine === null ? state : { ...state, machine };
  }
  return state;
}
