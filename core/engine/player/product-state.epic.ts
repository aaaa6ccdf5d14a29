import { bearerHeader } from '../session/authorisation';
import { EMPTY, defer, of, throwError, timer, type Observable, type SchedulerLike } from 'rxjs';
import { catchError, map, mergeMap, retry, take } from 'rxjs/operators';
import type { HttpRequest, HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import { notSuccessful } from '../device/track-playback-request';
import { loggedOut, productStateChanged, sessionLoaded, tokenReceived } from '../session/actions';
import { PRODUCT_STATE_CALLER } from '../session/constants';
import { isLoggedIn } from '../session/state';
import { onAnswer, retryOnUnauthorised } from '../session/retry-on-unauthorised';
import { authenticated, disconnected, messageReceived, reconnected } from '../transport/actions';
import { productStateFailed, productStateFetched, productStateRegistered } from './actions';
import type { PlayerEpic } from './deps';
import { failureText } from './failure-text';

/** spec 001 §7 Product state: GET {media-gateway}/v1/product_state; PUT/DELETE notifications/user?connection_id=. */
export const PRODUCT_STATE_PATH = '/v1/product_state';
export const PRODUCT_STATE_NOTIFICATIONS_PATH = '/v1/me/notifications/user';
/** The dealer pushes a product-state event under a uri of this pattern (ours; the spec names none)... */
export const PRODUCT_STATE_EVENT = /^hm:\/\/product-state\//;
/** ...and the reference provider under this one (server/accounts/product-change.ts). */
export const PRODUCT_STATE_EVENT_URI = 'hm://product-state/v1/update';
/** Retries of a failed product-state call (spec 001 §7 says retried, not how often: ours). */
export const PRODUCT_STATE_RETRIES = 2;
export const PRODUCT_STATE_RETRY_MS = 1000;

/** The call a failed read of the product state names. */
export const PRODUCT_STATE_GET = 'GET product_state';

/** spec 001 §6 licence types. */
export type LicenseType = 'premium' | 'on-demand';
/**
 * spec 001 §6: "License type is 'premium' unless the product state says ads are on ('1'), then
 * 'on-demand'; any error reading it gives 'on-demand'." `body` is the product state's JSON, or null
 * when it could not be read.
 */
export function licenseTypeOf(body: string | null): LicenseType {
  if (body === null) return 'on-demand';
  try {
    const state: unknown = JSON.parse(body);
    if (typeof state !== 'object' || state === null || Array.isArray(state)) return 'on-demand';
    return (state as Record<string, unknown>)['ads'] === '1' ? 'on-demand' : 'premium';
  } catch {
    return 'on-demand';
  }
}

/** spec 001 §8 Product state, verbatim. */
export const PRODUCT_STATE_FAILED = "Cannot get the user's product state.";
export const registrationFailed = (status: number): string => `Cannot register for product state updates: service responded with status ${status}`;

/** A server error the retries did not get past. */
class ServerError extends Error {
  constructor(readonly status: number) {
    super(notSuccessful(status));
  }
}

/**
 * A call retried on server errors (5xx) and, when `browserErrors`, on browser errors (no answer):
 * spec 001 §7 retries the GET on both, the notifications PUT on server errors only.
 */
function retried(send: () => Observable<HttpResponse>, scheduler: SchedulerLike, browserErrors: boolean): Observable<HttpResponse> {
  return send().pipe(
    take(1),
    map((r) => {
      if (r.status >= 500) throw new ServerError(r.status);
      return r;
    }),
    retry({
      count: PRODUCT_STATE_RETRIES,
      delay: (err: unknown) => (browserErrors || err instanceof ServerError ? timer(PRODUCT_STATE_RETRY_MS, scheduler) : throwError(() => err)),
    }),
  );
}

function request(token: string | null, base: string, method: HttpRequest['method'], path: string): HttpRequest {
  return { method, url: base + path, headers: { ...bearerHeader(token) } };
}

/**
 * spec 001 §7 Product state and §4 Auth / Transport lifecycle: each new dealer connection is
 * registered for product-state events (PUT, retried on server errors, its answer otherwise
 * ignored: an unauthorised one too); on disconnect the registration is removed (DELETE). A pushed
 * event forces a token refresh (the session's) and, with the new token, a refetch of the state.
 * The state is also read once at start, when the session first holds a logged-in token (spec 001
 * §6 licence type); an anonymous session never reads it.
 */
export const productStateEpic: PlayerEpic = (action$, state$, deps) => {
  const base = deps.player.apiUrl;
  const registration = (method: 'PUT' | 'DELETE', connectionId: string): Observable<Action> =>
    retried(
      () =>
        deps.http.request(
          request(state$.value.session.accessToken, base, method, `${PRODUCT_STATE_NOTIFICATIONS_PATH}?connection_id=${encodeURIComponent(connectionId)}`),
        ),
      deps.scheduler,
      false,
    ).pipe(
      // spec 001 §7: the answer's body is ignored, and so is an unauthorised one (so no token refresh
      // here, unlike §8's general 401 rule); another refusal is §8's error.
      map((r): Action =>
        (r.status >= 200 && r.status <= 299) || r.status === 401
          ? productStateRegistered({ method, status: r.status })
          : productStateFailed({ call: `${method} notifications`, err: registrationFailed(r.status) }),
      ),
      catchError((err: unknown) =>
        of(productStateFailed({ call: `${method} notifications`, err: err instanceof ServerError ? registrationFailed(err.status) : failureText(err) })),
      ),
    );
  // The refreshed token is the one the refetch uses; a 401 refreshes it once more (spec 001 §8 Resolve/transport).
  const fetchState = (token: string | null): Observable<Action> => {
    const fetch = (token: string | null) => retried(() => deps.http.request(request(token, base, 'GET', PRODUCT_STATE_PATH)), deps.scheduler, true);
    return retryOnUnauthorised(action$, PRODUCT_STATE_CALLER, token, fetch).pipe(
      onAnswer((r): Action[] => [
        r.status === 200 ? productStateFetched({ status: r.status, body: r.body }) : productStateFailed({ call: PRODUCT_STATE_GET, err: PRODUCT_STATE_FAILED }),
      ]),
      catchError(() => of(productStateFailed({ call: PRODUCT_STATE_GET, err: PRODUCT_STATE_FAILED }))),
    );
  };
  return defer(() => {
    let connectionId: string | null = null;
    let refetching = false;
    // Whether this session's product state was read: at start (a loaded or received logged-in token), not only after a push.
    let read = false;
    return action$.pipe(
      mergeMap((a): Observable<Action> => {
        if (authenticated.match(a) || reconnected.match(a)) {
          connectionId = a.connectionId;
          return registration('PUT', a.connectionId);
        }
        if (disconnected.match(a) && connectionId !== null) {
          const id = connectionId;
          connectionId = null;
          return registration('DELETE', id);
        }
        if (messageReceived.match(a) && PRODUCT_STATE_EVENT.test(a.uri)) {
          refetching = true;
          return of(productStateChanged());
        }
        if (tokenReceived.match(a) && (refetching || (!read && !a.isAnonymous))) {
          refetching = false;
          read = true;
          return fetchState(a.accessToken);
        }
        // spec 001 §6: the licence type of a logged-in listener comes from the product state, so it is read at start.
        if (sessionLoaded.match(a) && a.hasToken && !read && isLoggedIn(state$.value.session)) {
          read = true;
          return fetchState(state$.value.session.accessToken);
        }
        if (loggedOut.match(a)) read = false;
        return EMPTY;
      }),
    );
  });
};
