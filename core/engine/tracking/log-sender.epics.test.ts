import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, type HttpResponder } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import type { Action } from '../../store/action';
import { createStore } from '../../store/store';
import { initialSessionState, type SessionState } from '../session/state';
import type { LoggingDeps } from './deps';
import { logDropped, logFailed, logRejected, logRequested, logRetried, logSent, metricsQueued } from './log-actions';
import { loggingEpics } from './log-sender.epics';
import { LOG_DATA_NULL } from './metrics-validation';

const CONFIG = { baseUrl: 'http://p.test', platform: 'web_player', sdkId: 'sdk' };
const LOGGED_IN: SessionState = { ...initialSessionState, status: 'loaded', accessToken: 't', expiresAtMs: 9e9, isAnonymous: false };
const ANONYMOUS: SessionState = { ...LOGGED_IN, isAnonymous: true };
const status =
  (...codes: number[]): HttpResponder =>
  () => ({ status: codes.shift() ?? 202, headers: {}, body: '' });

/** The logging epics alone on virtual time (an input at 0 precedes the marble subscription: synchronous answers need 1 ms); the epic actions (minus metricsBatchReady) as marbles. */
function run(http: HttpResponder, session: SessionState, inputs: ReadonlyArray<readonly [number, Action]>, expected: string, values: Record<string, Action>) {
  const requests: HttpRequest[] = [];
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ expectObservable }) => {
    const deps: LoggingDeps = { clock: { now: () => scheduler.now() }, scheduler, random: { next: () => 0.5 }, http: createFakeHttp(scheduler, requests, http) };
    const store = createStore({ reducer: (s: { session: SessionState }) => s, epics: loggingEpics(CONFIG), deps, initialState: { session } });
    for (const [t, a] of inputs) scheduler.schedule(() => store.dispatch(a), t);
    scheduler.schedule(() => store.stop(), 60000);
    const out$ = store.envelopes$.pipe(filter((e) => e.src === 'epic' && e.action.type !== 'logging/metricsBatchReady'), map((e) => e.action));
    expectObservable(out$).toBe(expected, values);
  });
  return requests;
}

const stats = logRequested({ endpoint: 'jssdk_playback_stats', payload: { play_track: 'x' } });
const target = 'jssdk_playback_stats';

describe('log sender (spec 001 §7 Logging, §9 Logging retries 5, Generic backoff 200 ms linear 20% jitter)', () => {
  it('one POST when the answer is 202: no retry after 202', () => {
    const requests = run(status(202), LOGGED_IN, [[0, stats]], 'a', { a: logSent({ target, attempts: 1 }) });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: 'http://p.test/v1/logging/jssdk_playback_stats', body: '{"play_track":"x"}' });
    expect(requests[0]?.headers?.['authorization']).toBeUndefined(); // spec 001 §6: logging omits the bearer
  });

  it('retries on other statuses (200 included) with backoff n × 200 ms, until 202', () => {
    run(status(500, 200, 202), LOGGED_IN, [[0, stats]], 'a 199ms b 399ms c', {
      a: logRetried({ target, retry: 1, status: 500, delayMs: 200 }),
      b: logRetried({ target, retry: 2, status: 200, delayMs: 400 }),
      c: logSent({ target, attempts: 3 }),
    });
  });

  it('gives up after 5 retries with "Logging service responded with status N"', () => {
    const requests = run(status(500, 500, 500, 500, 500, 503), LOGGED_IN, [[0, stats]], 'a 199ms b 399ms c 599ms d 799ms e 999ms f', {
      a: logRetried({ target, retry: 1, status: 500, delayMs: 200 }),
      b: logRetried({ target, retry: 2, status: 500, delayMs: 400 }),
      c: logRetried({ target, retry: 3, status: 500, delayMs: 600 }),
      d: logRetried({ target, retry: 4, status: 500, delayMs: 800 }),
      e: logRetried({ target, retry: 5, status: 500, delayMs: 1000 }),
      f: logFailed({ target, message: 'Logging service responded with status 503' }),
    });
    expect(requests).toHaveLength(6);
  });

  it('20% jitter from deps.random: a draw of 0 waits 160 ms for the first retry', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable }) => {
      const deps: LoggingDeps = { clock: { now: () => scheduler.now() }, scheduler, random: { next: () => 0 }, http: createFakeHttp(scheduler, [], status(500)) };
      const store = createStore({ reducer: (s: { session: SessionState }) => s, epics: loggingEpics(CONFIG), deps, initialState: { session: LOGGED_IN } });
      scheduler.schedule(() => store.dispatch(stats), 0);
      scheduler.schedule(() => store.stop(), 10000);
      expectObservable(store.envelopes$.pipe(filter((e) => e.src === 'epic'), map((e) => e.action))).toBe('a 159ms b', {
        a: logRetried({ target, retry: 1, status: 500, delayMs: 160 }),
        b: logSent({ target, attempts: 2 }),
      });
    });
  });

  it('a network failure retries too and ends with "Logging request failed"', () => {
    run(() => new Error('offline'), LOGGED_IN, [[0, stats]], 'a 199ms b 399ms c 599ms d 799ms e 999ms f', {
      a: logRetried({ target, retry: 1, status: null, delayMs: 200 }),
      b: logRetried({ target, retry: 2, status: null, delayMs: 400 }),
      c: logRetried({ target, retry: 3, status: null, delayMs: 600 }),
      d: logRetried({ target, retry: 4, status: null, delayMs: 800 }),
      e: logRetried({ target, retry: 5, status: null, delayMs: 1000 }),
      f: logFailed({ target, message: 'Logging request failed' }),
    });
  });

  it('spec 001 §6: an anonymous session sends playback stats but not playback start', () => {
    const start = logRequested({ endpoint: 'jssdk_playback_start', payload: {} });
    const requests = run(status(202), ANONYMOUS, [[0, stats], [5, start]], 'a 4ms b', {
      a: logSent({ target, attempts: 1 }),
      b: logDropped({ target: 'jssdk_playback_start', reason: 'not allowed unauthenticated' }),
    });
    expect(requests).toHaveLength(1);
  });

  it('spec 001 §5: log data must not be null', () => {
    run(status(202), LOGGED_IN, [[1, logRequested({ endpoint: 'client_event', payload: null })]], '-a', { a: logRejected({ target: 'client_event', message: LOG_DATA_NULL }) });
  });
});

describe('metrics batch (spec 001 §9 Metrics batch: sent 10 s after the first queued item; §7 POST /v1/metric, 202)', () => {
  const meter = (what: string) => metricsQueued({ meters: [{ what, result: 'success', reason: 'ok' }], timers: [] });
  it('items queued at 0, 3000 and 12000 ms go out as two POSTs at 10000 and 22000 ms', () => {
    const requests = run(status(), LOGGED_IN, [[0, meter('a')], [3000, meter('b')], [12000, meter('c')]], '10000ms a 11999ms b', {
      a: logSent({ target: 'metric', attempts: 1 }),
      b: logSent({ target: 'metric', attempts: 1 }),
    });
    expect(requests.map((r) => [r.url, JSON.parse(r.body ?? '').meters.map((m: { what: string }) => m.what)])).toEqual([
      ['http://p.test/v1/metric', ['a', 'b']],
      ['http://p.test/v1/metric', ['c']],
    ]);
    expect(JSON.parse(requests[0]?.body ?? '')).toMatchObject({ platform: 'web_player', sdk_id: 'sdk', timers: [] });
  });

  it('spec 001 §5: an invalid metric is refused at once and never batched', () => {
    const requests = run(status(), LOGGED_IN, [[1, metricsQueued({ meters: [{ what: 'x' }], timers: [] })]], '-a', {
      a: logRejected({ target: 'metric', message: 'A meter needs what, result and reason.' }),
    });
    expect(requests).toHaveLength(0);
  });
});
