import type { Action, ActionOf } from '../../store/action';
import * as A from './actions';
import type { TransportState } from './state';

type TransportAction = ActionOf<(typeof A.transportActions)[number]>;

const isTransportAction = (action: Action): action is TransportAction => action.type.startsWith('transport/');

/** The transport's state machine (see state.ts); exhaustive over the transport's actions. */
export function transportReducer(state: TransportState, action: Action): TransportState {
  if (!isTransportAction(action)) return state;
  switch (action.type) {
    case 'transport/connectRequested':
      // Only the owner's resolve URL is kept; the lifecycle epic refuses the others. The token stays in the session.
      return action.caller === state.owner ? { ...state, resolveUrl: action.resolveUrl } : state;
    case 'transport/tokenUpdated':
      return state;
    case 'transport/serviceResolveRequested':
      return {
        ...state,
        status: 'resolving',
        endpoints: null,
        connectionId: null,
        attempt: 0,
        sessionStartedAt: null,
        lastError: null,
        reconnectWhenOnline: false,
      };
    case 'transport/beforeOfflineDisconnect':
      return { ...state, reconnectWhenOnline: true };
    case 'transport/disconnectRequested':
      // The owner's disconnect also cancels a reconnection waiting for the network.
      return action.caller === state.owner ? { ...state, reconnectWhenOnline: false } : state;
    case 'transport/serviceResolveRetried':
    case 'transport/socketErrored':
      return { ...state, lastError: action.err };
    case 'transport/serviceResolved':
      return { ...state, status: 'connecting', endpoints: { dealer: action.dealer, spclient: action.spclient } };
    case 'transport/socketOpenRequested':
      return { ...state, status: action.reconnect ? 'reconnecting' : 'connecting', attempt: action.attempt };
    case 'transport/connected':
      return action.reconnect ? state : { ...state, status: 'connected' };
    case 'transport/authenticated':
    case 'transport/reconnected':
      return { ...state, status: 'authenticated', connectionId: action.connectionId, sessionStartedAt: action.at, lastError: null };
    case 'transport/connectRetryScheduled':
      return { ...state, status: 'connecting', lastError: action.err };
    case 'transport/connectionFailed':
    case 'transport/authenticationFailed':
      return { ...state, status: 'failed', connectionId: null, lastError: action.err };
    case 'transport/reconnecting':
      return { ...state, status: 'reconnecting', connectionId: null, attempt: action.attempt };
    case 'transport/disconnected':
      return { ...state, status: 'disconnected', connectionId: null, sessionStartedAt: null };
    case 'transport/loggedOut':
      return { ...state, status: 'loggedOut', connectionId: null, sessionStartedAt: null, reconnectWhenOnline: false };
    // The decisions epic reads the status as it was when the socket closed, so closing changes nothing here.
    case 'transport/socketClosed':
    case 'transport/networkChanged':
    case 'transport/authenticateRequested':
    case 'transport/beforeOnlineDisconnect':
    case 'transport/replyRequested':
    case 'transport/lifecycleRefused':
    case 'transport/frameRejected':
    case 'transport/heartbeatPingSent':
    case 'transport/heartbeatPongReceived':
    case 'transport/messageReceived':
    case 'transport/requestReceived':
    case 'transport/shortSessionDisconnected':
      return state;
    default: {
      // Compile-time exhaustiveness; an unknown 'transport/' type at run time changes nothing.
      const unhandled: never = action;
      return unhandled === undefined ? state : state;
    }
  }
}
