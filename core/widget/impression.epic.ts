import { of } from 'rxjs';
import { catchError, defaultIfEmpty, filter, map, mergeMap, take } from 'rxjs/operators';
import { impressionRequest } from '../logging/impression';
import { isFailedResponse, networkFailureText, requestFailureText } from '../logging/request-failure';
import { impressionFailed, impressionLogged, sessionStarted } from './actions';
import type { WidgetEpic } from './widget-epic';

/**
 * spec 000 §4 Start-up / §7 Impression: once per page view, POST {host}/log/analytics recording
 * whether the session is logged in. A status of 400 or more, or no response, is a failure
 * (spec 001 §8 'Request was not successful (status N)'); nothing is retried.
 */
export const impressionEpic: WidgetEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(sessionStarted.match),
    take(1),
    mergeMap(({ sessionId }) => {
      const { config, session } = state$.value;
      return deps.http.request(impressionRequest(config.hosts.api, session.loggedIn, sessionId)).pipe(
        take(1),
        map((response) =>
          isFailedResponse(response)
            ? impressionFailed({ err: requestFailureText(response.status) })
            : impressionLogged({ status: response.status }),
        ),
        // The port promises one response; completing without one counts as no response.
        defaultIfEmpty(impressionFailed({ err: networkFailureText(undefined) })),
        catchError((err: unknown) => of(impressionFailed({ err: networkFailureText(err) }))),
      );
    }),
  );
