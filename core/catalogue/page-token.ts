import { EMPTY, timer, type Observable, type SchedulerLike } from 'rxjs';
import { catchError, distinctUntilChanged, map, retry, switchMap, take } from 'rxjs/operators';
import type { CatalogueSlice } from './state';
import { loggedOut, tokenReceived } from '../engine/session/actions';
import { isLoggedIn, type SessionSlice } from '../engine/session/state';
import type { HttpPort } from '../ports';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';

/*
 * The web player page's token (issue 17). The page is handed its listener's token and its expiry
 * (server/webplayer/page-token.ts); the request layer reads it from the session slice. Before it
 * lapses the page asks the web player's token route for the page session's token (renewed there when
 * little time is left), so a page left open keeps working: spec 001 §4 Auth "a stored access token
 * is reused while not expired; otherwise refreshed".
 */

/** The web player's token route (server/webplayer/page-token.ts): the page session's token, reused or renewed. */
export const PAGE_TOKEN_PATH = '/webplayer/token';
/** Ours: the page asks this long before its token's expiry (less than the server's reuse margin, 10 minutes, so it gets a new one). */
export const PAGE_TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** Ours: a failed refresh is asked again this much later, this many times (the token still has minutes left). */
export const PAGE_TOKEN_RETRY_MS = 30_000;
export const PAGE_TOKEN_RETRIES = 3;
/** The caller the refresh names in tokenReceived. */
export const PAGE_TOKEN_CALLER = 'webplayer';
/** The log-out reason when the page session has no login any more (logged out in another tab). */
export const PAGE_SESSION_ENDED = 'The web player session has no login any more';

export interface PageTokenDeps {
  readonly http: HttpPort;
  readonly scheduler: SchedulerLike;
  readonly clock: { now(): number };
}

type PageTokenState = SessionSlice & CatalogueSlice;

interface Answer {
  readonly accessToken: string;
  readonly accessTokenExpirationTimestampMs: number;
  readonly isAnonymous: boolean;
}

const decode = (body: string): Answer | null => {
  try {
    const a = JSON.parse(body) as Partial<Answer>;
    return typeof a.accessToken === 'string' && typeof a.accessTokenExpirationTimestampMs === 'number' && typeof a.isAnonymous === 'boolean'
      ? (a as Answer)
      : null;
  } catch {
    return null;
  }
};

/**
 * While the page holds a logged-in token, its refresh is due PAGE_TOKEN_REFRESH_MARGIN_MS before its
 * expiry; each new token sets the next. An answer without a login ends the session (loggedOut).
 */
export const pageTokenRefreshEpic = (_action$: Observable<Action>, state$: StateObservable<PageTokenState>, deps: PageTokenDeps): Observable<Action> =>
  state$.pipe(
    map((s) =>
      isLoggedIn(s.session) && s.catalogue.config !== null ? { expiresAtMs: s.session.expiresAtMs ?? 0, origin: s.catalogue.config.webApiUrl } : null,
    ),
    distinctUntilChanged((a, b) => a?.expiresAtMs === b?.expiresAtMs && a?.origin === b?.origin),
    switchMap((due) => {
      if (due === null) return EMPTY;
      const url = `${due.origin.replace(/\/$/, '')}${PAGE_TOKEN_PATH}`;
      return timer(Math.max(0, due.expiresAtMs - PAGE_TOKEN_REFRESH_MARGIN_MS - deps.clock.now()), deps.scheduler).pipe(
        switchMap(() =>
          deps.http.request({ method: 'GET', url, headers: { accept: 'application/json' } }).pipe(
            take(1),
            map((r) => {
              const answer = r.status === 200 ? decode(r.body) : null;
              if (answer === null) throw new Error(`Token refresh answered ${r.status}`);
              return answer;
            }),
            retry({ count: PAGE_TOKEN_RETRIES, delay: () => timer(PAGE_TOKEN_RETRY_MS, deps.scheduler) }),
          ),
        ),
        map((a): Action =>
          a.isAnonymous
            ? loggedOut({ reason: PAGE_SESSION_ENDED })
            : tokenReceived({
                accessToken: a.accessToken,
                expiresAtMs: a.accessTokenExpirationTimestampMs,
                isAnonymous: false,
                clientId: null,
                callers: [PAGE_TOKEN_CALLER],
              }),
        ),
        // Still failing after the retries: the page keeps its token until it lapses (its requests then fail as spec 001 §8 says).
        catchError(() => EMPTY),
      );
    }),
  );
