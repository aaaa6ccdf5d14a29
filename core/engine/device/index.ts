/**
 * The device service client of spec 001 (§3 Device descriptor, §4 Device service client and State
 * update sends, §5, §7 Track-playback service, §8, §9): pure rules, a reducer and epics over
 * deps.http / deps.scheduler. Mount: state `{ device: initialDeviceState, transport }` with
 * deviceReducer, the `deviceEpics`, and deps with a DeviceConfig (descriptor from checkDescriptor,
 * id from storedDeviceId). It follows the transport's connection ids and dealer messages.
 */
import { combineEpics } from '../../store/store';
import { commandsEpic } from './commands.epic';
import type { DeviceEpic } from './deps';
import { connectionIdEpic, deregisterEpic, registerEpic } from './registration.epic';
import { conflictEpic, stateUpdatesEpic, volumeEpic } from './state-updates.epic';

export * from './actions';
export * from './constants';
export { checkDescriptor, isValidDeviceId, type DeviceDescriptor } from './descriptor';
export { randomDeviceId, storedDeviceId } from './device-id';
export { deviceReducer } from './reducer';
export { initialDeviceState, type DeviceSlice, type DeviceState } from './state';
export type { DeviceConfig, DeviceDeps, DeviceEpic } from './deps';
export { COMMAND_URI, PLAY_TOKEN_LOST_URI } from './remote-command';
export { StateUpdateReason } from './state-update';
export { limitsStateUpdates } from './state-sender';
export { FEATURE_FLAGS_PATH, SEND_ALL_STATE_UPDATES, flagOutcome } from './feature-flag';
export type { StateRef } from './state-ref';
export { checkRemotePosition, checkRemoteVolume, checkVolume, scaleVolume } from './volume';

export const deviceEpics: ReadonlyArray<DeviceEpic> = [
  connectionIdEpic,
  registerEpic,
  deregisterEpic,
  commandsEpic,
  stateUpdatesEpic,
  conflictEpic,
  volumeEpic,
];
export const deviceEpic: DeviceEpic = combineEpics(...deviceEpics);
