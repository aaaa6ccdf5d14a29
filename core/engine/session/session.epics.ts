import * as E from 'fp-ts/Either';
import { EMPTY, catchError, concat, defaultIfEmpty, exhaustMap, filter, ignoreElements, map, mergeMap, of, take, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import {
  loggedOut,
  logoutRequested,
  productStateChanged,
  sessionLoaded,
  sessionLoadRequested,
  storedTokenRead,
  tokenProvided,
  tokenReceived,
  tokenRefreshFailed,
  tokenRefreshRequested,
  tokenRequested,
} from './actions';
import { LOGOUT_PATH, PRODUCT_STATE_CALLER, TOKEN_STORAGE_KEY } from './constants';
import type { SessionEpic } from './deps';
import { liveToken } from './state';
import { parseStoredToken, serializeStoredToken } from './stored-token';
import { decodeTokenAnswer, refreshFailureLogsOut, tokenRequest, type TokenFailure } from './token-answer';

/** spec 001 §4 Auth load: the stored token (deps.storage), unreadable storage counting as none. */
export const loadEpic: SessionEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(sessionLoadRequested.match),
    exhaustMap(() =>
      deps.storage.read(TOKEN_STORAGE_KEY).pipe(
        take(1),
        defaultIfEmpty(null),
        catchError(() => of(null)),
        map(parseStoredToken),
        mergeMap((token) => of(storedTokenRead({ token }), sessionLoaded({ hasToken: token !== null }))),
      ),
    ),
  );

/** spec 001 §4 Auth: the stored token is reused while not expired, else refreshed; a product-state change forces it. */
export const tokenRequestEpic: SessionEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((a) => tokenRequested.match(a) || productStateChanged.match(a)),
    map((a) => {
      if (!tokenRequested.match(a)) return tokenRefreshRequested({ caller: PRODUCT_STATE_CALLER, reason: 'product_state', forced: true });
      return liveToken(state$.value.session, deps.clock.now()) !== null
        ? tokenProvided({ caller: a.caller })
        : tokenRefreshRequested({ caller: a.caller, reason: a.reason, forced: false });
    }),
  );

const networkFailure: E.Either<TokenFailure, never> = E.left({ status: null, err: 'Network error.' });

/**
 * spec 001 §4 Auth: concurrent refreshes share one request (exhaustMap: callers arriving while it
 * is in flight only join `waiting`, and all of them are named in its answer). A 400-499 failure
 * for a non-anonymous user logs out.
 */
export const refreshEpic: SessionEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(tokenRefreshRequested.match),
    exhaustMap((first): Observable<Action> => {
      const url = state$.value.session.accountsUrl ?? '';
      return deps.http.request(tokenRequest(url, first.reason)).pipe(
        take(1),
        map((response) => decodeTokenAnswer(response, deps.clock.now())),
        defaultIfEmpty(networkFailure),
        catchError(() => of(networkFailure)),
        mergeMap((result): Observable<Action> => {
          const { waiting, isAnonymous } = state$.value.session;
          const callers = [...waiting];
          if (E.isRight(result)) return of(tokenReceived({ ...result.right, callers }));
          const failed = tokenRefreshFailed({ ...result.left, callers });
          return refreshFailureLogsOut(result.left.status, isAnonymous)
            ? of(failed, logoutRequested({ reason: `token refresh failed with status ${result.left.status}` }))
            : of(failed);
        }),
      );
    }),
  );

/** Keeps each new token for the next page load; a storage failure only loses that. */
export const storeTokenEpic: SessionEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(tokenReceived.match),
    mergeMap((a) =>
      deps.storage.write(TOKEN_STORAGE_KEY, serializeStoredToken(a)).pipe(
        take(1),
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  );

/** spec 001 §4 Auth logout request → logout success: forget the token, GET /logout (failures swallowed). */
export const logoutEpic: SessionEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(logoutRequested.match),
    exhaustMap((a) => {
      const forget = deps.storage.remove(TOKEN_STORAGE_KEY).pipe(
        take(1),
        ignoreElements(),
        catchError(() => EMPTY),
      );
      const url = `${state$.value.session.accountsUrl ?? ''}${LOGOUT_PATH}`;
      const logout = deps.http.request({ method: 'GET', url }).pipe(
        take(1),
        ignoreElements(),
        catchError(() => EMPTY),
      );
      return concat(forget, logout, of(loggedOut({ reason: a.reason })));
    }),
  );
