import { EMPTY, of, type Observable } from 'rxjs';
import { filter, map, mergeMap } from 'rxjs/operators';
import type { Ports } from '../ports';
import type { Action } from '../store/action';
import type { Epic } from '../store/store';
import type { WidgetState } from './state';
import { actionsLogFailed, logEventsDropped, pageHidden } from './actions';
import { ACTION_LOG_FLUSH_MS, ACTION_LOG_MAX_BATCH, actionLogEntry, actionLogItem, isLoggedAction } from '../logging/action-logging';
import { batch } from '../logging/batch';
import { eventIdFrom } from '../logging/event-id';
import { outbox, type OutboxEvent } from '../logging/outbox';
import { networkFailureText, requestFailureText } from '../logging/request-failure';

/** Issue 12: the outbox key of the widget's action batches (shared by every embed of the origin). */
export const ACTION_LOG_OUTBOX_KEY = 'embed.outbox.actions';

/** The widget's 2xx acknowledges (the provider answers 204, a duplicate too). */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * A failed or refused send as the channel's failure action; a drop as the counted marker; nothing
 * for a stored item, nor for the items an earlier page left (their outcomes are not this page's).
 */
export function widgetOutboxAction(channel: string, failed: (err: string) => Action): (event: OutboxEvent) => Observable<Action> {
  return (event) => {
    if (event.kind !== 'dropped' && event.restored) return EMPTY;
    switch (event.kind) {
      case 'sent':
        return EMPTY;
      case 'refused':
        return of(failed(requestFailureText(event.status)));
      case 'failed':
        return of(failed(event.status === null ? networkFailureText(undefined) : requestFailureText(event.status)));
      case 'dropped':
        return of(logEventsDropped({ channel, count: event.count, total: event.total }));
    }
  };
}

/**
 * spec 000 §7 "Every dispatched action except progress updates is logged": the logging channel.
 * Actions are batched (10 s after the first, at 50, or when the page is hidden) and POSTed to
 * {api host}/log/actions through the outbox (issue 12): kept in storage until the provider
 * acknowledges the batch, retried with backoff, sent again by the next page if this one goes
 * first. Each entry carries its event id, so the provider stores it once. A failed send becomes
 * `log/actionsFailed`, a refused batch too (dropped), and a full outbox `logging/eventsDropped`,
 * itself logged (the counted marker). A stored batch emits nothing, so a session's action log is
 * the same with or without a server.
 */
export const actionLoggingEpic: Epic<WidgetState, Ports> = (action$, state$, deps) =>
  action$.pipe(
    filter(isLoggedAction),
    map((action) => actionLogEntry(action, deps.clock.now())),
    batch(ACTION_LOG_MAX_BATCH, ACTION_LOG_FLUSH_MS, deps.scheduler, action$.pipe(filter(pageHidden.match))),
    map((entries) => {
      const { config, sessionId } = state$.value;
      // A batch sent as the page is hidden (it ends with widget/pageHidden) must outlive the page.
      const leaving = entries.at(-1)?.type === pageHidden.type;
      return { item: actionLogItem(config.hosts.api, sessionId ?? '', eventIdFrom(deps.random), entries), keepalive: leaving };
    }),
    outbox(deps, { key: ACTION_LOG_OUTBOX_KEY, acknowledges: isSuccess }),
    mergeMap(widgetOutboxAction('actions', (err) => actionsLogFailed({ err }))),
  );
