import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeStorage, type HttpResponder } from '../../../adapters/fake';
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
function run(
  http: HttpResponder,
  session: SessionState,
  inputs: ReadonlyArray<readonly [number, Action]>,
  expected: string,
  values: Record<string, Action>,
  options: { readonly storage?: Map<string, string>; readonly stopAt?: number } = {},
) {
  const requests: HttpRequest[] = [];
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ expectObservable }) => {
    const deps: LoggingDeps = {
      clock: { now: () => scheduler.now() },
      scheduler,
      random: { next: () => 0.5 },
      http: createFakeHttp(scheduler, requests, http),
      storage: createFakeStorage(options.storage ?? new Map()),
    };
    const store = createStore({ reducer: (s: { session: SessionState }) => s, epics: loggingEpics(CONFIG), deps, initialState: { session } });
    for (const [t, a] of inputs) scheduler.schedule(() => store.dispatch(a), t);
    scheduler.schedule(() => store.stop(), options.stopAt ?? 60000);
    const out$ = store.envelopes$.pipe(
      filter((e) => e.src === 'epic' && e.action.type !== 'logging/metricsBatchReady'),
      map((e) => e.action),
    );
    expectObservable(out$).toBe(expected, values);
  });
  return requests;
}

const stats = logRequested({ endpoint: 'jssdk_playback_stats', payload: { play_track: 'x' } });
const target = 'jssdk_playback_stats';

/** random 0.5 draws eventIdFrom's 4 × 32 bits as 80000000 each. */
const EVENT_ID = '80000000'.repeat(4);

describe('log sender (spec 001 §7 Logging, §9 Logging retries 5; issue 12: event ids, outbox, capped exponential backoff)', () => {
  it('one POST when the answer is 202: no retry after 202; the body is the payload and its event_id', () => {
    const requests = run(status(202), LOGGED_IN, [[0, stats]], 'a', { a: logSent({ target, attempts: 1 }) });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: 'http://p.test/v1/logging/jssdk_playback_stats',
      body: `{"play_track":"x","event_id":"${EVENT_ID}"}`,
      keepalive: true,
    });
    expect(requests[0]?.headers?.['authorization']).toBeUndefined(); // spec 001 §6: logging omits the bearer
  });

  it('retries on other statuses (200 included) with backoff 1 s, 2 s, … until 202, with the same body', () => {
    const requests = run(status(500, 200, 202), LOGGED_IN, [[0, stats]], 'a 999ms b 1999ms c', {
      a: logRetried({ target, retry: 1, status: 500, delayMs: 1000 }),
      b: logRetried({ target, retry: 2, status: 200, delayMs: 2000 }),
      c: logSent({ target, attempts: 3 }),
    });
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
  });

  it('after 5 retries reports "Logging service responded with status N" (spec 001 §8) but keeps the log and retries every 10 s until stored', () => {
    const requests = run(
      status(500, 500, 500, 500, 500, 503, 500, 202),
      LOGGED_IN,
      [[0, stats]],
      'a 999ms b 1999ms c 3999ms d 7999ms e 9999ms (fg) 9996ms h 9999ms i',
      {
        a: logRetried({ target, retry: 1, status: 500, delayMs: 1000 }),
        b: logRetried({ target, retry: 2, status: 500, delayMs: 2000 }),
        c: logRetried({ target, retry: 3, status: 500, delayMs: 4000 }),
        d: logRetried({ target, retry: 4, status: 500, delayMs: 8000 }),
        e: logRetried({ target, retry: 5, status: 500, delayMs: 10000 }),
        f: logFailed({ target, message: 'Logging service responded with status 503' }),
        g: logRetried({ target, retry: 6, status: 503, delayMs: 10000 }),
        h: logRetried({ target, retry: 7, status: 500, delayMs: 10000 }),
        i: logSent({ target, attempts: 8 }),
      },
    );
    expect(requests).toHaveLength(8);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
  });

  it('a network failure retries too; after 5 retries "Logging request failed"', () => {
    run(
      () => new Error('offline'),
      LOGGED_IN,
      [[0, stats]],
      'a 999ms b 1999ms c 3999ms d 7999ms e 9999ms (fg)',
      {
        a: logRetried({ target, retry: 1, status: null, delayMs: 1000 }),
        b: logRetried({ target, retry: 2, status: null, delayMs: 2000 }),
        c: logRetried({ target, retry: 3, status: null, delayMs: 4000 }),
        d: logRetried({ target, retry: 4, status: null, delayMs: 8000 }),
        e: logRetried({ target, retry: 5, status: null, delayMs: 10000 }),
        f: logFailed({ target, message: 'Logging request failed' }),
        g: logRetried({ target, retry: 6, status: null, delayMs: 10000 }),
      },
      { stopAt: 30000 },
    );
  });

  it('a refusal (400, 413) is not retried: the log is dropped with the failure', () => {
    const requests = run(status(413), LOGGED_IN, [[0, stats]], 'a', { a: logFailed({ target, message: 'Logging service responded with status 413' }) });
    expect(requests).toHaveLength(1);
  });

  it("a log the last page could not send is sent on start from storage (its outcome not this session's), then leaves storage", () => {
    const storage = new Map<string, string>();
    run(
      () => new Error('offline'),
      LOGGED_IN,
      [[0, stats]],
      'a',
      { a: logRetried({ target, retry: 1, status: null, delayMs: 1000 }) },
      { storage, stopAt: 500 },
    );
    expect(storage.get('embed.engine.outbox.logs')).toContain(EVENT_ID);
    const requests = run(status(202), LOGGED_IN, [], '', {}, { storage, stopAt: 500 });
    expect(requests.map((r) => r.body)).toEqual([`{"play_track":"x","event_id":"${EVENT_ID}"}`]);
    expect(storage.has('embed.engine.outbox.logs')).toBe(false);
  });

  it('spec 001 §6: an anonymous session sends playback stats but not playback start', () => {
    const start = logRequested({ endpoint: 'jssdk_playback_start', payload: {} });
    const requests = run(
      status(202),
      ANONYMOUS,
      [
        [0, stats],
        [5, start],
      ],
      'a 4ms b',
      {
        a: logSent({ target, attempts: 1 }),
        b: logDropped({ target: 'jssdk_playback_start', reason: 'not allowed unauthenticated' }),
      },
    );
    expect(requests).toHaveLength(1);
  });

  it('spec 001 §5: log data must not be null', () => {
    run(status(202), LOGGED_IN, [[1, logRequested({ endpoint: 'client_event', payload: null })]], '-a', {
      a: logRejected({ target: 'client_event', message: LOG_DATA_NULL }),
    });
  });
});

describe('metrics batch (spec 001 §9 Metrics batch: sent 10 s after the first queued item; §7 POST /v1/metric, 202)', () => {
  const meter = (what: string) => metricsQueued({ meters: [{ what, result: 'success', reason: 'ok' }], timers: [] });
  it('items queued at 0, 3000 and 12000 ms go out as two POSTs at 10000 and 22000 ms', () => {
    const requests = run(
      status(),
      LOGGED_IN,
      [
        [0, meter('a')],
        [3000, meter('b')],
        [12000, meter('c')],
      ],
      '10000ms a 11999ms b',
      {
        a: logSent({ target: 'metric', attempts: 1 }),
        b: logSent({ target: 'metric', attempts: 1 }),
      },
    );
    expect(requests.map((r) => [r.url, JSON.parse(r.body ?? '').meters.map((m: { what: string }) => m.what)])).toEqual([
      ['http://p.test/v1/metric', ['a', 'b']],
      ['http://p.test/v1/metric', ['c']],
    ]);
    expect(JSON.parse(requests[0]?.body ?? '')).toMatchObject({ platform: 'web_player', sdk_id: 'sdk', timers: [], event_id: EVENT_ID });
  });

  it('spec 001 §5: an invalid metric is refused at once and never batched', () => {
    const requests = run(status(), LOGGED_IN, [[1, metricsQueued({ meters: [{ what: 'x' }], timers: [] })]], '-a', {
      a: logRejected({ target: 'metric', message: 'A meter needs what, result and reason.' }),
    });
    expect(requests).toHaveLength(0);
  });
});
