/**
 * The remote-control client of spec 001 §4 (and the calls of §7 Remote-control service): observer
 * registration, the cluster (ordered by timestamp, active-device changes, orphaned state), the
 * commands with their checks and acks, and the device list. It starts when the controller asks
 * (connect/observeRequested), so an engine that only plays never registers as an observer.
 * Mount: state `{ connect: initialConnectState, transport, session }`, connectReducer, connectEpics.
 */
import { combineEpics } from '../../store/store';
import { clusterEpic } from './cluster.epic';
import { connectCommandsEpic } from './commands.epic';
import type { ConnectEpic } from './deps';
import { devicesEpic } from './devices.epic';
import { observeEpic, registerObserverEpic, unobserveEpic } from './registration.epic';

export * from './actions';
export * from './constants';
export * from './cluster';
export {
  checkCommand,
  checkTracks,
  repeatCommands,
  PLAYER_ENDPOINTS,
  RESTORE_PAUSED,
  RemoteCommand,
  type CommandEndpoint,
  type PlayerEndpoint,
  type RestorePaused,
} from './command';
export { connectReducer } from './reducer';
export { initialConnectState, type ConnectSlice, type ConnectState, type ObserverStatus } from './state';
export { observerIdOf } from './registration.epic';
export type { ConnectDeps, ConnectEpic } from './deps';

export const connectEpics: ReadonlyArray<ConnectEpic> = [observeEpic, registerObserverEpic, unobserveEpic, clusterEpic, connectCommandsEpic, devicesEpic];
export const connectEpic: ConnectEpic = combineEpics(...connectEpics);
