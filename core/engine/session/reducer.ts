import type { Action, ActionOf } from '../../store/action';
import * as A from './actions';
import { initialSessionState, type SessionState } from './state';

type SessionAction = ActionOf<(typeof A.sessionActions)[number]>;

const isSessionAction = (action: Action): action is SessionAction => action.type.startsWith('session/');

const without = (waiting: ReadonlyArray<string>, served: ReadonlyArray<string>) => waiting.filter((c) => !served.includes(c));

/** The session's state machine (state.ts); exhaustive over the session's actions. */
export function sessionReducer(state: SessionState, action: Action): SessionState {
  if (!isSessionAction(action)) return state;
  switch (action.type) {
    case 'session/loadRequested':
      return { ...initialSessionState, status: 'loading', accountsUrl: action.accountsUrl };
    case 'session/storedTokenRead':
      return action.token === null ? state : { ...state, ...action.token };
    case 'session/loaded':
      return { ...state, status: 'loaded' };
    case 'session/tokenRefreshRequested':
      // One shared refresh: a second caller only joins the waiting list.
      return { ...state, refreshing: true, waiting: state.waiting.includes(action.caller) ? state.waiting : [...state.waiting, action.caller] };
    case 'session/tokenReceived':
      return {
        ...state,
        status: state.status === 'loggedOut' ? 'loaded' : state.status,
        accessToken: action.accessToken,
        expiresAtMs: action.expiresAtMs,
        isAnonymous: action.isAnonymous,
        clientId: action.clientId,
        refreshing: false,
        waiting: without(state.waiting, action.callers),
        lastError: null,
      };
    case 'session/tokenRefreshFailed':
      return { ...state, refreshing: false, waiting: without(state.waiting, action.callers), lastError: action.err };
    case 'session/loggedOut':
      return { ...initialSessionState, status: 'loggedOut', accountsUrl: state.accountsUrl, lastError: state.lastError };
    case 'session/tokenRequested':
    case 'session/productStateChanged':
    case 'session/logoutRequested':
    case 'session/tokenProvided':
      return state;
    default: {
      const unhandled: never = action;
      return unhandled === undefined ? state : state;
    }
  }
}
