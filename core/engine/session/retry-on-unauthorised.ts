import { filter, map, merge, mergeMap, of, take, type Observable, type ObservableInput, type OperatorFunction } from 'rxjs';
import type { HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import { tokenReceived, tokenRefreshFailed, tokenRefreshRequested } from './actions';

/** spec 001 §8 Resolve/transport: the status that triggers a token refresh and retry. */
export const UNAUTHORISED = 401;
/** The reason the forced refresh gives GET /access_token (spec 001 §7 Token names none: ours). */
export const UNAUTHORISED_REFRESH_REASON = 'unauthorised';

/** What an authorised call emits: the forced refresh it asks the session for (an action to emit), and the service's answer. */
export type AuthorisedStep = { readonly kind: 'refresh'; readonly action: Action } | { readonly kind: 'answer'; readonly response: HttpResponse };

const answer = (response: HttpResponse): AuthorisedStep => ({ kind: 'answer', response });

/**
 * spec 001 §8 Resolve/transport: "A 401 triggers token refresh and retry". `send(token)` is the
 * call; a 401 answer asks the session for a *forced* refresh (the token still looks valid by the
 * clock, so a plain tokenRequested would hand it back) and sends once more with the token of the
 * tokenReceived naming `caller`. A second 401, or a tokenRefreshFailed naming `caller`, is
 * answered with that 401 so the caller fails as it would have. Network errors pass through.
 */
export function retryOnUnauthorised(
  action$: Observable<Action>,
  caller: string,
  token: string | null,
  send: (token: string | null) => Observable<HttpResponse>,
): Observable<AuthorisedStep> {
  // The HTTP port answers once then completes: the send's subscription ends with it (no take(1)), as before this rule.
  return send(token).pipe(
    mergeMap((first): Observable<AuthorisedStep> => {
      if (first.status !== UNAUTHORISED) return of(answer(first));
      const served$ = action$.pipe(
        filter((a) => (tokenReceived.match(a) || tokenRefreshFailed.match(a)) && a.callers.includes(caller)),
        take(1),
        mergeMap((a) => (tokenReceived.match(a) ? send(a.accessToken).pipe(map(answer)) : of(answer(first)))),
      );
      // Listening before asking: the session may answer while the request is still being handled.
      const refresh: AuthorisedStep = { kind: 'refresh', action: tokenRefreshRequested({ caller, reason: UNAUTHORISED_REFRESH_REASON, forced: true }) };
      return merge(served$, of(refresh));
    }),
  );
}

/** Emits the refresh request as it is and turns the service's answer into the caller's own results. */
export function onAnswer<T>(handle: (response: HttpResponse) => ObservableInput<T>): OperatorFunction<AuthorisedStep, T | Action> {
  return mergeMap((step): ObservableInput<T | Action> => (step.kind === 'refresh' ? [step.action] : handle(step.response)));
}
