import { of } from 'rxjs';
import { catchError, defaultIfEmpty, filter, map, mergeMap, take } from 'rxjs/operators';
import type { Ports } from '../ports';
import type { Epic } from '../store/store';
import type { WidgetState } from '../widget/state';
import { actionsLogFailed, pageHidden } from '../widget/actions';
import { ACTION_LOG_FLUSH_MS, ACTION_LOG_MAX_BATCH, actionLogEntry, actionLogRequest, isLoggedAction } from './action-logging';
import { batch } from './batch';
import { isFailedResponse, networkFailureText, requestFailureText } from './request-failure';

/**
 * spec 000 §7 "Every dispatched action except progress updates is logged": the logging channel.
 * Actions are batched (10 s after the first, at 50, or when the page is hidden) and POSTed to
 * {api host}/log/actions. A batch that fails becomes one `log/actionsFailed` and is dropped:
 * never thrown, never retried.
 * A stored batch emits nothing, so a session's action log is the same with or without a server.
 */
export const actionLoggingEpic: Epic<WidgetState, Ports> = (action$, state$, deps) =>
  action$.pipe(
    filter(isLoggedAction),
    map((action) => actionLogEntry(action, deps.clock.now())),
    batch(ACTION_LOG_MAX_BATCH, ACTION_LOG_FLUSH_MS, deps.scheduler, action$.pipe(filter(pageHidden.match))),
    mergeMap((entries) => {
      const { config, sessionId } = state$.value;
      // A batch sent as the page is hidden (it ends with widget/pageHidden) must outlive the page.
      const leaving = entries.at(-1)?.type === pageHidden.type;
      const request = actionLogRequest(config.hosts.api, sessionId ?? '', entries);
      return deps.http.request(leaving ? { ...request, keepalive: true } : request).pipe(
        take(1),
        map((response) => (isFailedResponse(response) ? actionsLogFailed({ err: requestFailureText(response.status) }) : null)),
        // The port promises one response; completing without one counts as no response.
        defaultIfEmpty(actionsLogFailed({ err: networkFailureText(undefined) })),
        filter((failed) => failed !== null),
        catchError((err: unknown) => of(actionsLogFailed({ err: networkFailureText(err) }))),
      );
    }),
  );
