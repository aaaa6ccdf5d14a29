/**
 * The session of spec 001 (§3 Session, §4 Auth, §7 Token, §9 Token default lifetime): a stored
 * token reused until it expires, one shared refresh, logout on a 4xx refresh of a logged-in user,
 * a forced refresh on a product-state change, and the controller guard.
 * Mount: state `{ session: initialSessionState }` reduced by sessionReducer, the epics of
 * `sessionEpics`. Drive it with sessionLoadRequested / tokenRequested / productStateChanged /
 * logoutRequested; callers wait for tokenProvided or tokenReceived / tokenRefreshFailed naming them.
 * Not wired to the widget yet.
 */
import { combineEpics } from '../../store/store';
import type { SessionEpic } from './deps';
import { loadEpic, logoutEpic, refreshEpic, storeTokenEpic, tokenRequestEpic } from './session.epics';

export * from './actions';
export { sessionReducer } from './reducer';
export { canCreateController, initialSessionState, isLoggedIn, liveToken, type SessionSlice, type SessionState, type SessionStatus } from './state';
export type { SessionDeps, SessionEpic } from './deps';
export { ACCESS_TOKEN_PATH, LOGOUT_PATH, TOKEN_DEFAULT_LIFETIME_MS, TOKEN_PRODUCT_TYPE, TOKEN_STORAGE_KEY } from './constants';
export { decodeTokenAnswer, tokenRequest, type SessionToken } from './token-answer';
export { onAnswer, retryOnUnauthorised, UNAUTHORISED, type AuthorisedStep } from './retry-on-unauthorised';

export const sessionEpics: ReadonlyArray<SessionEpic> = [loadEpic, tokenRequestEpic, refreshEpic, storeTokenEpic, logoutEpic];
export const sessionEpic: SessionEpic = combineEpics(...sessionEpics);
