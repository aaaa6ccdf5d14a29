import type { Action, ActionOf } from '../../store/action';
import type { connectActions } from './actions';
import { isOrphaned } from './cluster';
import { ACK_MEMORY } from './constants';
import type { ConnectState } from './state';

type ConnectAction = ActionOf<(typeof connectActions)[number]>;
const isConnectAction = (action: Action): action is ConnectAction => action.type.startsWith('connect/');

const remember = (ackIds: ReadonlyArray<string>, ackId: string | null): ReadonlyArray<string> =>
  ackId === null ? ackIds : [...ackIds, ackId].slice(-ACK_MEMORY);

/** The remote-control client's state (spec 001 §4 Remote-control client). */
export function connectReducer(state: ConnectState, action: Action): ConnectState {
  if (!isConnectAction(action)) return state;
  switch (action.type) {
    case 'connect/observeRequested':
      return state.observing ? state : { ...state, observing: true, status: state.status === 'idle' ? 'waiting' : state.status };
    case 'connect/unobserveRequested':
      return { ...state, observing: false, status: 'idle', connectionId: null };
    case 'connect/observerRegistrationRequested':
      return { ...state, status: 'registering', connectionId: action.connectionId };
    case 'connect/observerRegistered':
      return action.connectionId === state.connectionId ? { ...state, status: 'registered', lastError: null } : state;
    case 'connect/observerRegistrationFailed':
      return { ...state, status: state.status === 'registering' ? 'failed' : state.status, lastError: action.err };
    case 'connect/clusterUpdated':
      return {
        ...state,
        cluster: action.cluster,
        lastTimestamp: action.cluster.timestamp,
        orphaned: isOrphaned(action.cluster),
        ackIds: remember(state.ackIds, action.ackId),
      };
    case 'connect/clusterIgnored':
      return { ...state, ackIds: remember(state.ackIds, action.ackId) };
    case 'connect/clusterRejected':
      return { ...state, lastError: action.err };
    case 'connect/observerDeregistered':
    case 'connect/activeDeviceChanged':
    case 'connect/commandRequested':
    case 'connect/commandRefused':
    case 'connect/commandSuperseded':
    case 'connect/commandSent':
    case 'connect/commandFailed':
    case 'connect/commandAcknowledged':
    case 'connect/commandTimedOut':
    case 'connect/devicesRequested':
    case 'connect/devicesListed':
    case 'connect/devicesFailed':
      return state;
  }
}
