import { EMPTY, catchError, concat, defaultIfEmpty, filter, map, merge, mergeMap, of, take, timer, type Observable } from 'rxjs';
import { batch } from '../../logging/batch';
import type { HttpRequest } from '../../ports';
import type { Action } from '../../store/action';
import { isLoggedIn } from '../session/state';
import { genericBackoffMs } from '../transport/backoff';
import { LOG_RETRIES, LOG_SUCCESS_STATUS, METRICS_BATCH_MS } from './constants';
import type { LoggingDeps, LoggingEpic } from './deps';
import { logDropped, logFailed, logRejected, logRequested, logRetried, logSent, metricsBatchReady, metricsQueued } from './log-actions';
import { logPath, logRequest, mayLogUnauthenticated, METRIC_PATH } from './log-endpoints';
import { logDataError, metricsError } from './metrics-validation';

export interface LoggingConfig {
  /** The logging host, e.g. the spclient host of the service resolve. */
  readonly baseUrl: string;
  /** spec 001 §3 metric payload: platform and sdk_id. */
  readonly platform: string;
  readonly sdkId: string;
}

/** spec 001 §8 Logging: the failure message after the last retry. */
export const loggingFailure = (status: number | null): string =>
  status === null ? 'Logging request failed' : `Logging service responded with status ${status}`;

/**
 * One POST and up to 5 retries (spec 001 §9 Logging retries), none once the answer is 202 (spec 001
 * §7). Between tries the generic backoff: retry n waits n × 200 ms ± 20% (deps.random).
 */
export function sendWithRetries(deps: LoggingDeps, target: string, request: HttpRequest, retry = 0): Observable<Action> {
  return deps.http.request(request).pipe(
    take(1),
    map((response): number | null => response.status),
    defaultIfEmpty(null),
    catchError(() => of(null)),
    mergeMap((status): Observable<Action> => {
      if (status === LOG_SUCCESS_STATUS) return of(logSent({ target, attempts: retry + 1 }));
      if (retry >= LOG_RETRIES) return of(logFailed({ target, message: loggingFailure(status) }));
      const next = retry + 1;
      const delayMs = genericBackoffMs(next, deps.random.next());
      return concat(
        of(logRetried({ target, retry: next, status, delayMs })),
        timer(delayMs, deps.scheduler).pipe(mergeMap(() => sendWithRetries(deps, target, request, next))),
      );
    }),
  );
}

/** spec 001 §7 Logging: POST /v1/logging/{endpoint}; validated (spec 001 §5) and limited for anonymous sessions (§6). */
export const logSenderEpic =
  (config: LoggingConfig): LoggingEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      filter(logRequested.match),
      mergeMap((a): Observable<Action> => {
        const invalid = logDataError(a.endpoint, a.payload);
        if (invalid !== null) return of(logRejected({ target: a.endpoint, message: invalid }));
        if (!isLoggedIn(state$.value.session) && !mayLogUnauthenticated(a.endpoint)) {
          return of(logDropped({ target: a.endpoint, reason: 'not allowed unauthenticated' }));
        }
        return sendWithRetries(deps, a.endpoint, logRequest(config.baseUrl, logPath(a.endpoint), a.payload));
      }),
    );

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

/** spec 001 §7 Logging: POST /v1/metric with platform, sdk_id, meters and timers; success is 202. */
export const metricSenderEpic =
  (config: LoggingConfig): LoggingEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      filter(metricsBatchReady.match),
      mergeMap((a): Observable<Action> => {
        // spec 001 §6: metrics are not among the logs an anonymous session may send.
        if (!isLoggedIn(state$.value.session)) return of(logDropped({ target: 'metric', reason: 'not allowed unauthenticated' }));
        const body = { platform: config.platform, sdk_id: config.sdkId, meters: a.meters, timers: a.timers };
        return sendWithRetries(deps, 'metric', logRequest(config.baseUrl, METRIC_PATH, body));
      }),
    );

/** The logging client's epics for one configuration. */
export const loggingEpics = (config: LoggingConfig): ReadonlyArray<LoggingEpic> => [logSenderEpic(config), metricsBatchEpic, metricSenderEpic(config)];
