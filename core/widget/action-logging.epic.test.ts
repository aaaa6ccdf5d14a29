import { merge, of, timer } from 'rxjs';
import { delay, takeUntil } from 'rxjs/operators';
import { isLeft } from 'fp-ts/Either';
import { createFakePorts, createFakeStorage, type FakePortsOptions } from '../../adapters/fake';
import type { HttpRequest } from '../ports';
import { ActionLogBatch } from '../model/action-log-batch';
import type { Action } from '../store/action';
import { actionLogDownloadRequested, actionsLogFailed, mediaTimeUpdated, playbackProgressed, impressionFailed, pageHidden } from './actions';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';
import { epicActions, testScheduler } from './testing/marbles';
import { runWidget } from './testing/run-widget';

const initialState = initialWidgetState(albumData());

interface Sent {
  readonly at: number;
  readonly types: string[];
  readonly body: ActionLogBatch;
}

/** Runs the whole widget; `adapter` actions arrive at their virtual times. Returns the batches sent to /log/actions. */
function run(
  options: FakePortsOptions & {
    adapter?: Array<[number, Action]>;
    expectLog?: [string, Record<string, unknown>];
    /** The page's storage (a reload keeps it). */
    storage?: Map<string, string>;
    /** When the page goes away: a failing server is retried for as long as the page lives. */
    until?: number;
  },
) {
  const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
  const sent: Sent[] = [];
  const respond = options.httpResponder;
  scheduler.run(({ expectObservable, flush }) => {
    const fake = createFakePorts(scheduler, {
      ...options,
      httpResponder: (request: HttpRequest) => {
        if (request.url.endsWith('/log/actions')) {
          const decoded = ActionLogBatch.decode(JSON.parse(request.body ?? ''));
          if (isLeft(decoded)) throw new Error('the batch does not match its codec');
          sent.push({ at: scheduler.now(), types: decoded.right.entries.map((e) => e.type), body: decoded.right });
        }
        return respond?.(request) ?? { status: 204, headers: {}, body: '' };
      },
    });
    const ports = { ...fake, storage: createFakeStorage(options.storage ?? new Map()) };
    const adapter = (options.adapter ?? []).map(([at, action]) => of(action).pipe(delay(at)));
    const all$ = runWidget({ initialState, ports, ...(adapter.length === 0 ? {} : { adapter: merge(...adapter) }) });
    const envelopes$ = options.until === undefined ? all$ : all$.pipe(takeUntil(timer(options.until, scheduler)));
    if (options.expectLog !== undefined) expectObservable(epicActions(envelopes$, 'log/actions')).toBe(...options.expectLog);
    else envelopes$.subscribe();
    flush();
  });
  return sent;
}

describe('actionLoggingEpic (spec 000 §7 "Every dispatched action except progress updates is logged")', () => {
  it('sends the actions of the first 10 s in one batch, 10000 ms after the first, to {api host}/log/actions', () => {
    const sent = run({ adapter: [[4000, actionLogDownloadRequested()]] });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.at).toBe(10_000);
    expect(sent[0]?.types).toEqual(['widget/sessionStarted', 'preview/trackPrefetchDecided', 'widget/viewportMeasured', 'widget/actionLogDownloadRequested']);
    expect(sent[0]?.body).toMatchObject({ product: 'embed_v2', session_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // Each entry carries its payload, the widget clock's time and its event id: the batch's id and its index (issue 12).
    const batchId = sent[0]?.body.entries[0]?.event_id?.replace(/\.0$/, '');
    expect(batchId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]?.body.entries[3]).toEqual({ type: 'widget/actionLogDownloadRequested', t: 4000, event_id: `${batchId}.3` });
  });

  it('opens a new batch with the next action after a flush (no timer runs while idle)', () => {
    const sent = run({ adapter: [[25_000, actionLogDownloadRequested()]] });
    expect(sent.map((s) => [s.at, s.types.length])).toEqual([
      [10_000, 3],
      [35_000, 1],
    ]);
  });

  it('sends at once when a batch holds 50 actions', () => {
    const many = Array.from({ length: 60 }, (): [number, Action] => [5, actionLogDownloadRequested()]);
    const sent = run({ adapter: many });
    // 3 start-up actions + 47 at 5 ms make 50; the other 13 wait 10 s from the first of them.
    expect(sent.map((s) => [s.at, s.types.length])).toEqual([
      [5, 50],
      [10_005, 13],
    ]);
  });

  it('leaves out progress updates and raw time updates', () => {
    const sent = run({
      adapter: [
        [1, mediaTimeUpdated({ positionMs: 10 })],
        [2, playbackProgressed({ progress: 10 })],
        [3, actionLogDownloadRequested()],
      ],
    });
    expect(sent.flatMap((s) => s.types)).toEqual([
      'widget/sessionStarted',
      'preview/trackPrefetchDecided',
      'widget/viewportMeasured',
      'widget/actionLogDownloadRequested',
    ]);
  });

  it('leaves out log/* actions, so a failed send is reported but never logged itself', () => {
    const failing = () => ({ status: 500, headers: {}, body: '' });
    const sent = run({
      httpResponder: failing,
      adapter: [[1, impressionFailed({ err: 'x' })]],
      until: 10_500,
      expectLog: ['10000ms a 499ms |', { a: actionsLogFailed({ err: 'Request was not successful (status 500)' }) }],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.types).not.toContain('log/impressionFailed');
  });

  it('a network failure becomes log/actionsFailed', () => {
    run({
      httpResponder: (r) => (r.url.endsWith('/log/actions') ? new Error('connection refused') : { status: 204, headers: {}, body: '' }),
      until: 10_500,
      expectLog: ['10000ms a 499ms |', { a: actionsLogFailed({ err: 'Request failed: no response' }) }],
    });
  });
});

describe('actionLoggingEpic through the outbox (issue 12: exactly-once logging)', () => {
  it('retries a failed batch with backoff, the same entries with the same event ids, until it is stored; then nothing more', () => {
    let failures = 3;
    const sent = run({
      httpResponder: (r) =>
        r.url.endsWith('/log/actions') && failures-- > 0 ? { status: 503, headers: {}, body: '' } : { status: 204, headers: {}, body: '' },
      until: 60_000,
    });
    expect(sent).toHaveLength(4);
    // Each retry waits longer than the last (capped exponential, ±20%).
    const waits = sent.slice(1).map((s, i) => s.at - (sent[i]?.at ?? 0));
    expect(waits[0]).toBeGreaterThanOrEqual(800);
    expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
    expect(waits[2]).toBeGreaterThan(waits[1] ?? 0);
    expect(new Set(sent.map((s) => JSON.stringify(s.body))).size).toBe(1);
  });

  it('survives a reload: a batch the server did not take is kept in storage and sent by the next page, with its ids', () => {
    const storage = new Map<string, string>();
    const first = run({
      httpResponder: (r) => (r.url.endsWith('/log/actions') ? new Error('offline') : { status: 204, headers: {}, body: '' }),
      storage,
      until: 15_000,
    });
    expect(first.length).toBeGreaterThan(0);
    expect(storage.get('embed.outbox.actions')).toContain(first[0]?.body.entries[0]?.event_id);
    // The next page: the old batch goes at once (before its own first batch), and the key empties once stored.
    const second = run({ storage, until: 15_000 });
    expect(second[0]?.at).toBe(0);
    expect(second[0]?.body).toEqual(first[0]?.body);
    expect(second).toHaveLength(2);
    expect(storage.has('embed.outbox.actions')).toBe(false);
  });

  it("a refused batch (413: an event over the provider's cap) is dropped, not retried", () => {
    const sent = run({
      httpResponder: (r) => (r.url.endsWith('/log/actions') ? { status: 413, headers: {}, body: '' } : { status: 204, headers: {}, body: '' }),
      until: 60_000,
      expectLog: ['10000ms a 49999ms |', { a: actionsLogFailed({ err: 'Request was not successful (status 413)' }) }],
    });
    expect(sent).toHaveLength(1);
  });
});

describe('actionLoggingEpic when the page is hidden', () => {
  it('sends what waits at once, ending with widget/pageHidden, with keepalive so it outlives the page', () => {
    const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
    const requests: Array<{ at: number; request: HttpRequest }> = [];
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler, {
        httpResponder: (request) => {
          if (request.url.endsWith('/log/actions')) requests.push({ at: scheduler.now(), request });
          return { status: 204, headers: {}, body: '' };
        },
      });
      runWidget({ initialState, ports, adapter: of(pageHidden()).pipe(delay(3000)) }).subscribe();
      flush();
    });
    expect(requests.map((r) => [r.at, r.request.keepalive])).toEqual([[3000, true]]);
    const sent = JSON.parse(requests[0]?.request.body ?? '') as ActionLogBatch;
    expect(sent.entries.at(-1)).toMatchObject({ type: 'widget/pageHidden', t: 3000 });
  });

  it('batches sent on time or count have no keepalive', () => {
    const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
    const requests: HttpRequest[] = [];
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler, {
        httpResponder: (request) => {
          if (request.url.endsWith('/log/actions')) requests.push(request);
          return { status: 204, headers: {}, body: '' };
        },
      });
      runWidget({ initialState, ports }).subscribe();
      flush();
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.keepalive).toBeUndefined();
  });
});
