import { defer, EMPTY, filter, map, merge, mergeMap, of, share, type Observable } from 'rxjs';
import { batch } from '../../logging/batch';
import { eventIdFrom } from '../../logging/event-id';
import { outbox, type OutboxEvent, type OutboxItem } from '../../logging/outbox';
import type { Action } from '../../store/action';
import { redactSecrets } from '../../store/redact';
import { isLoggedIn } from '../session/state';
import { LOG_RETRIES, LOG_SUCCESS_STATUS, METRICS_BATCH_MS } from './constants';
import type { LoggingEpic } from './deps';
import { logDropped, logFailed, logRejected, logRequested, logRetried, logSent, logsDropped, metricsBatchReady, metricsQueued } from './log-actions';
import { logPath, logUrl, mayLogUnauthenticated, METRIC_PATH, withEventId } from './log-endpoints';
import { logDataError, metricsError } from './metrics-validation';

export interface LoggingConfig {
  /** The logging host, e.g. the spclient host of the service resolve. */
  readonly baseUrl: string;
  /** spec 001 §3 metric payload: platform and sdk_id. */
  readonly platform: string;
  readonly sdkId: string;
}

/** Issue 12: the outbox key of the engine's logs and metrics (one key: one restore per page). */
export const ENGINE_LOG_OUTBOX_KEY = 'embed.engine.outbox.logs';

/** spec 001 §8 Logging: the failure message after the last retry. */
export const loggingFailure = (status: number | null): string =>
  status === null ? 'Logging request failed' : `Logging service responded with status ${status}`;

/** What the sender decided for one input: an action at once (refused, dropped), or an item to send. */
type Decision = { readonly action: Action } | { readonly target: string; readonly item: OutboxItem };

/** An event's outbox item: its id drawn from the injected randomness (issue 12), added to the body as event_id. */
function itemOf(deps: Parameters<LoggingEpic>[2], url: string, payload: unknown): OutboxItem {
  const id = eventIdFrom(deps.random);
  // Issue 12: no secret leaves in a log (core/store/redact.ts).
  return { id, url, body: JSON.stringify(redactSecrets(withEventId(payload, id))) };
}

/**
 * The outcome of a send as the logging client's actions. spec 001 §7: only 202 acknowledges; §9:
 * after 5 retries the log is reported failed (§8 'Logging service responded with status N').
 * Issue 12 goes further than the spec: the log is not given up but stays in the outbox and is
 * retried (capped backoff) until stored, and sent again by the next page if this one goes first;
 * a refusal that repeating cannot change (4xx) is the end of it.
 */
function actionsOf(event: OutboxEvent, targetOf: (id: string) => string): Action[] {
  if (event.kind === 'dropped') return [logsDropped({ count: event.count, total: event.total })];
  // An earlier page's log: its outcome is not this session's (the transcript still has its calls).
  if (event.restored) return [];
  const target = targetOf(event.id);
  switch (event.kind) {
    case 'sent':
      return [logSent({ target, attempts: event.attempts })];
    case 'refused':
      return [logFailed({ target, message: loggingFailure(event.status) })];
    case 'failed': {
      const retried = logRetried({ target, retry: event.attempts, status: event.status, delayMs: event.delayMs });
      return event.attempts === LOG_RETRIES + 1 ? [logFailed({ target, message: loggingFailure(event.status) }), retried] : [retried];
    }
  }
}

/**
 * spec 001 §7 Logging: POST /v1/logging/{endpoint}, validated (spec 001 §5) and limited for
 * anonymous sessions (§6); and POST /v1/metric with each metrics batch (§6: not anonymous). Both
 * through one outbox (issue 12): each event carries its event_id and is kept in storage until
 * the provider answers 202.
 */
export const logDeliveryEpic =
  (config: LoggingConfig): LoggingEpic =>
  (action$, state$, deps) =>
    defer(() => {
      const targets = new Map<string, string>();
      const decide = (a: Action): Decision | null => {
        if (logRequested.match(a)) {
          const invalid = logDataError(a.endpoint, a.payload);
          if (invalid !== null) return { action: logRejected({ target: a.endpoint, message: invalid }) };
          if (!isLoggedIn(state$.value.session) && !mayLogUnauthenticated(a.endpoint)) {
            return { action: logDropped({ target: a.endpoint, reason: 'not allowed unauthenticated' }) };
          }
          return { target: a.endpoint, item: itemOf(deps, logUrl(config.baseUrl, logPath(a.endpoint)), a.payload) };
        }
        if (metricsBatchReady.match(a)) {
          if (!isLoggedIn(state$.value.session)) return { action: logDropped({ target: 'metric', reason: 'not allowed unauthenticated' }) };
          const body = { platform: config.platform, sdk_id: config.sdkId, meters: a.meters, timers: a.timers };
          return { target: 'metric', item: itemOf(deps, logUrl(config.baseUrl, METRIC_PATH), body) };
        }
        return null;
      };
      const decisions$ = action$.pipe(
        map(decide),
        filter((d): d is Decision => d !== null),
        share(),
      );
      const immediate$ = decisions$.pipe(mergeMap((d) => ('action' in d ? of(d.action) : EMPTY)));
      const sent$ = decisions$.pipe(
        mergeMap((d) => {
          if ('action' in d) return EMPTY;
          targets.set(d.item.id, d.target);
          return of({ item: d.item });
        }),
        outbox(deps, { key: ENGINE_LOG_OUTBOX_KEY, acknowledges: (status) => status === LOG_SUCCESS_STATUS, keepalive: true }),
        mergeMap((event) => {
          const actions = actionsOf(event, (id) => targets.get(id) ?? 'unknown');
          if (event.kind === 'sent' || event.kind === 'refused') targets.delete(event.id);
          return actions;
        }),
      );
      return merge(immediate$, sent$);
    });

interface MetricItems {
  readonly meters: ReadonlyArray<unknown>;
  readonly timers: ReadonlyArray<unknown>;
}

/** spec 001 §5 validation, then spec 001 §9: one batch 10 s after its first item (no timer while none waits). */
export const metricsBatchEpic: LoggingEpic = (action$, _state$, deps) => {
  const queued$ = action$.pipe(filter(metricsQueued.match));
  const valid$ = queued$.pipe(filter((a) => metricsError(a.meters, a.timers) === null)) as Observable<Action & MetricItems>;
  const rejected$ = queued$.pipe(
    mergeMap((a) => {
      const message = metricsError(a.meters, a.timers);
      return message === null ? EMPTY : of(logRejected({ target: 'metric', message }));
    }),
  );
  const batches$ = valid$.pipe(
    batch<MetricItems>(Number.POSITIVE_INFINITY, METRICS_BATCH_MS, deps.scheduler),
    map((items) => metricsBatchReady({ meters: items.flatMap((i) => [...i.meters]), timers: items.flatMap((i) => [...i.timers]) })),
  );
  return merge(rejected$, batches$);
};

/** The logging client's epics for one configuration. */
export const loggingEpics = (config: LoggingConfig): ReadonlyArray<LoggingEpic> => [logDeliveryEpic(config), metricsBatchEpic];
