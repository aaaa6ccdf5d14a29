/**
 * The session of spec 001 §3 (accessToken, loggedIn, isAnonymous, accessTokenExpirationTimestampMs)
 * and §4 Auth: unloaded → loaded (with or without a token) → loggedOut. `waiting` are the callers
 * of the refresh in flight (one shared request, spec 001 §4 Auth).
 */
export type SessionStatus = 'unloaded' | 'loading' | 'loaded' | 'loggedOut';

export interface SessionState {
  readonly status: SessionStatus;
  readonly accountsUrl: string | null;
  readonly accessToken: string | null;
  readonly expiresAtMs: number | null;
  /** null until a token says. */
  readonly isAnonymous: boolean | null;
  readonly clientId: string | null;
  readonly refreshing: boolean;
  readonly waiting: ReadonlyArray<string>;
  readonly lastError: string | null;
}

export const initialSessionState: SessionState = {
  status: 'unloaded',
  accountsUrl: null,
  accessToken: null,
  expiresAtMs: null,
  isAnonymous: null,
  clientId: null,
  refreshing: false,
  waiting: [],
  lastError: null,
};

/** What the session's epics read: any app state holding the session under `session`. */
export interface SessionSlice {
  readonly session: SessionState;
}

/** spec 001 §4 Auth: a stored access token is reused while not expired (deps.clock's now). */
export function liveToken(session: SessionState, now: number): string | null {
  return session.accessToken !== null && session.expiresAtMs !== null && now < session.expiresAtMs ? session.accessToken : null;
}

/** spec 001 §3 Session loggedIn: a token that is not anonymous. */
export function isLoggedIn(session: SessionState): boolean {
  return session.status !== 'loggedOut' && session.accessToken !== null && session.isAnonymous === false;
}

/**
 * spec 001 §4 Auth: the controller is created only after load or login with an access token;
 * anonymous users get no controller. The guard for whoever creates it.
 */
export function canCreateController(session: SessionState): boolean {
  return session.status === 'loaded' && isLoggedIn(session);
}
