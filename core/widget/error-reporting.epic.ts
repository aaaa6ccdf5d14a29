import { filter, map, mergeMap, scan } from 'rxjs/operators';
import type { Breadcrumb, ErrorReport } from '../model/error-report';
import type { Ports } from '../ports';
import type { Action } from '../store/action';
import { epicFailed, type Epic } from '../store/store';
import { errorCaught, errorReporterContextRead, errorReportFailed, mediaFailed } from './actions';
import type { WidgetState } from './state';
import {
  addBreadcrumb,
  breadcrumbLimit,
  buildErrorReport,
  errorReportItem,
  isBreadcrumbAction,
  isNoise,
  isReportingHost,
  isSampled,
  type ErrorInput,
} from '../logging/error-reporter';
import { isSuccess, widgetOutboxAction } from './action-logging.epic';
import { eventIdFrom } from '../logging/event-id';
import { outbox } from '../logging/outbox';

/** Issue 12: the outbox key of the widget's error reports. */
export const ERROR_REPORT_OUTBOX_KEY = 'embed.outbox.errors';

type Context = ReturnType<typeof errorReporterContextRead>;

/** The errors the reporter hears of: a failed epic, the media element, and the page's window events. */
export function errorOf(action: Action): ErrorInput | null {
  if (epicFailed.match(action)) return { source: 'epic', message: action.message, stack: '' };
  // spec 001 §8 Media: the catalogue's text, with the code that tells the failures apart.
  if (mediaFailed.match(action)) return { source: 'media', message: `${action.message} (${action.code})`, stack: '' };
  if (errorCaught.match(action)) return { source: 'window', message: action.message, stack: action.stack };
  return null;
}

type Report = ErrorReport & { readonly event_id: string };

interface Acc {
  readonly context: Context | null;
  readonly crumbs: Breadcrumb[];
  readonly report: Report | null;
}

/**
 * spec 000 §7 error-reporting service. It starts with the context read at start-up (user id cookie,
 * browser automation, page host); before that, and under a headless-browser test harness, nothing
 * is reported. An error is reported only from the provider's static host, when it is not known
 * noise, and for a sample of 0.3 (spec 000 §9); the report carries the last breadcrumbs (30 by
 * default, at most 100) and its event id. It goes through the outbox (issue 12): a failed send
 * becomes `log/errorReportFailed` and is retried with backoff, and kept for the next page.
 */
export function createErrorReportingEpic(options: { readonly breadcrumbLimit?: number } = {}): Epic<WidgetState, Ports> {
  const limit = breadcrumbLimit(options.breadcrumbLimit);
  return (action$, state$, deps) =>
    action$.pipe(
      scan<Action, Acc>(
        (acc, action) => {
          const context = errorReporterContextRead.match(action) ? action : acc.context;
          const error = errorOf(action);
          const { config, sessionId } = state$.value;
          const reported =
            error !== null &&
            context !== null &&
            !context.automated &&
            isReportingHost(config.hosts.static, context.pageHost) &&
            !isNoise(error.message, error.stack) &&
            // Drawn last, so only reportable errors use the random port.
            isSampled(deps.random.next());
          const now = deps.clock.now();
          const report = reported
            ? buildErrorReport(error, {
                sessionId: sessionId ?? '',
                release: config.version,
                userId: context.userId,
                breadcrumbs: acc.crumbs,
                timestamp: now,
                // Issue 12: drawn with the report, so every retry carries the same id.
                eventId: eventIdFrom(deps.random),
              })
            : null;
          const crumbs = isBreadcrumbAction(action) ? addBreadcrumb(acc.crumbs, { t: now, type: action.type }, limit) : acc.crumbs;
          return { context, crumbs, report };
        },
        { context: null, crumbs: [], report: null },
      ),
      map((acc) => acc.report),
      filter((report): report is Report => report !== null),
      map((report) => ({ item: errorReportItem(state$.value.config.hosts.api, report) })),
      outbox(deps, { key: ERROR_REPORT_OUTBOX_KEY, acknowledges: isSuccess }),
      mergeMap(widgetOutboxAction('errors', (err) => errorReportFailed({ err }))),
    );
}

/** The widget's reporter, with the spec's default of 30 breadcrumbs. */
export const errorReportingEpic = createErrorReportingEpic();
