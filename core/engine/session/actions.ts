import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * spec 001 §4 Auth: load, logout request, logout success, token update. Callers (transport,
 * controller, data requests) ask with tokenRequested and wait for tokenProvided (or
 * tokenRefreshFailed) naming them; the token itself is read from the state (selectors in state.ts),
 * so only tokenStored and tokenReceived carry it.
 */

// Inputs.
/** Load: the accounts host, then the stored token is read (deps.storage). */
export const sessionLoadRequested = defineAction('session/loadRequested', { accountsUrl: t.string });
/** A caller needs a token: the stored one while it lives, else one shared refresh. */
export const tokenRequested = defineAction('session/tokenRequested', { caller: t.string, reason: t.string });
/** spec 001 §4 Auth: a product state change notification forces a token refresh. */
export const productStateChanged = defineAction('session/productStateChanged');
/** spec 001 §4 Auth "logout request". */
export const logoutRequested = defineAction('session/logoutRequested', { reason: t.string });

// Decisions and facts.
/** What storage held at load (null: nothing usable). */
export const storedTokenRead = defineAction('session/storedTokenRead', {
  token: t.union([t.null, t.type({ accessToken: t.string, expiresAtMs: t.number, isAnonymous: t.boolean })]),
});
export const sessionLoaded = defineAction('session/loaded', { hasToken: t.boolean });
/** A refresh is needed for `caller`; while one is in flight, the caller waits for it (one GET). */
export const tokenRefreshRequested = defineAction('session/tokenRefreshRequested', { caller: t.string, reason: t.string, forced: t.boolean });
/** spec 001 §4 Auth "token update": the refresh's answer, stored and served to every waiting caller. */
export const tokenReceived = defineAction('session/tokenReceived', {
  accessToken: t.string,
  expiresAtMs: t.number,
  isAnonymous: t.boolean,
  clientId: t.union([t.string, t.null]),
  callers: t.array(t.string),
});
export const tokenRefreshFailed = defineAction('session/tokenRefreshFailed', {
  status: t.union([t.number, t.null]),
  err: t.string,
  callers: t.array(t.string),
});
/** A caller served from the live token (no request). */
export const tokenProvided = defineAction('session/tokenProvided', { caller: t.string });
/** spec 001 §4 Auth "logout success". */
export const loggedOut = defineAction('session/loggedOut', { reason: t.string });

export const sessionActions = [
  sessionLoadRequested,
  tokenRequested,
  productStateChanged,
  logoutRequested,
  storedTokenRead,
  sessionLoaded,
  tokenRefreshRequested,
  tokenReceived,
  tokenRefreshFailed,
  tokenProvided,
  loggedOut,
] as const;
