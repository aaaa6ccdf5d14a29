import { of } from 'rxjs';
import { filter, map, mergeMap, take } from 'rxjs/operators';
import { widgetOutboxAction, isSuccess } from './action-logging.epic';
import { eventIdFrom } from '../logging/event-id';
import { impressionItem } from '../logging/impression';
import { outbox } from '../logging/outbox';
import { impressionFailed, impressionLogged, sessionStarted } from './actions';
import type { WidgetEpic } from './widget-epic';

/** Issue 12: the outbox key of the widget's impressions. */
export const IMPRESSION_OUTBOX_KEY = 'embed.outbox.analytics';

/**
 * spec 000 §4 Start-up / §7 Impression: once per page view, POST {host}/log/analytics recording
 * whether the session is logged in. It goes through the outbox (issue 12): a status of 400 or
 * more, or no response, is a failure (spec 001 §8 'Request was not successful (status N)'),
 * retried with backoff unless refused for good, and kept for the next page until stored.
 */
export const impressionEpic: WidgetEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(sessionStarted.match),
    take(1),
    map(({ sessionId }) => {
      const { config, session } = state$.value;
      return { item: impressionItem(config.hosts.api, session.loggedIn, sessionId, eventIdFrom(deps.random)) };
    }),
    outbox(deps, { key: IMPRESSION_OUTBOX_KEY, acknowledges: isSuccess }),
    mergeMap((event) =>
      event.kind === 'sent' && !event.restored
        ? of(impressionLogged({ status: event.status }))
        : widgetOutboxAction('analytics', (err) => impressionFailed({ err }))(event),
    ),
  );
