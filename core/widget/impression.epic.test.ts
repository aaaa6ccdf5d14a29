import { takeUntil, timer } from 'rxjs';
import { createFakePorts, createFakeStorage, type FakePortsOptions } from '../../adapters/fake';
import { impressionFailed, impressionLogged } from './actions';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';
import { epicActions, testScheduler } from './testing/marbles';
import { runWidget } from './testing/run-widget';

const initialState = initialWidgetState(albumData());

/** The widget until `until` (the page going away: a failing impression is retried while it lives). */
function run(options: FakePortsOptions & { until?: number; storage?: Map<string, string> }, expected: string, values: Record<string, unknown>) {
  const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
  const fake = createFakePorts(scheduler, options);
  const ports = { ...fake, storage: createFakeStorage(options.storage ?? new Map()) };
  scheduler.run(({ expectObservable }) => {
    const envelopes$ = runWidget({ initialState, ports }).pipe(takeUntil(timer(options.until ?? 100_000, scheduler)));
    expectObservable(epicActions(envelopes$, 'log/impression')).toBe(expected, values);
  });
  return ports;
}

describe('impressionEpic (spec 000 §4 Start-up, §7 Impression)', () => {
  it('posts one impression to {api host}/log/analytics as soon as the session starts', () => {
    const ports = run({ httpLatencyMs: 30, until: 100 }, '30ms a 69ms |', { a: impressionLogged({ status: 204 }) });
    const impressions = ports.calls.http.filter((r) => r.url.endsWith('/log/analytics'));
    expect(impressions).toHaveLength(1);
    const [request] = impressions;
    expect(request).toMatchObject({ method: 'POST', url: 'https://api.test/log/analytics', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      category: 'impression',
      action: 'render',
      label: 'logged-in=false',
      product: 'embed_v2',
      // The session id drawn at start-up (seeded fake random): 32 hex characters.
      session_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      // Issue 12: the impression's own id, so a retried one is stored once.
      event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('sends the session id the state holds', () => {
    const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler, { randomSeed: 7 });
      let sessionId: string | null = null;
      runWidget({ initialState, ports, onStore: (s) => s.subscribe(() => (sessionId = s.getState().sessionId)) }).subscribe();
      flush();
      expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.parse(ports.calls.http[0]?.body ?? '')).toMatchObject({ session_id: sessionId });
    });
  });

  it('spec 001 §8: a failing status is "Request was not successful (status N)"', () => {
    run({ httpResponder: () => ({ status: 500, headers: {}, body: 'oops' }), until: 100 }, 'a 99ms |', {
      a: impressionFailed({ err: 'Request was not successful (status 500)' }),
    });
  });

  it('a network failure (no response) is a failure, retried with backoff (issue 12) until the impression is stored, the same body each time', () => {
    let failures = 2;
    const scheduler = testScheduler((x, y) => expect(x).toEqual(y));
    const ports = createFakePorts(scheduler, {
      httpResponder: () => (failures-- > 0 ? new Error('connection refused') : { status: 204, headers: {}, body: '' }),
      httpLatencyMs: 5,
    });
    const seen: unknown[] = [];
    scheduler.run(({ flush }) => {
      epicActions(runWidget({ initialState, ports }).pipe(takeUntil(timer(10_000, scheduler))), 'log/impression').subscribe((action) => seen.push(action));
      flush();
    });
    expect(seen).toEqual([
      impressionFailed({ err: 'Request failed: no response' }),
      impressionFailed({ err: 'Request failed: no response' }),
      impressionLogged({ status: 204 }),
    ]);
    const bodies = ports.calls.http.filter((r) => r.url.endsWith('/log/analytics')).map((r) => r.body);
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
  });

  it('a 2xx status is logged with its status', () => {
    run({ httpResponder: () => ({ status: 200, headers: {}, body: '' }), until: 100 }, 'a 99ms |', { a: impressionLogged({ status: 200 }) });
  });

  it('an impression the last page could not send is sent by the next one and then leaves storage (issue 12)', () => {
    const storage = new Map<string, string>();
    run({ httpResponder: () => new Error('offline'), storage, until: 500 }, 'a 499ms |', { a: impressionFailed({ err: 'Request failed: no response' }) });
    const left = JSON.parse(storage.get('embed.outbox.analytics') ?? '{}') as { items: Array<{ body: string }> };
    expect(left.items).toHaveLength(1);
    // The next page sends the old impression and its own; only its own is this page's to report.
    const ports = run({ storage, until: 100 }, 'a 99ms |', { a: impressionLogged({ status: 204 }) });
    const bodies = ports.calls.http.filter((r) => r.url.endsWith('/log/analytics')).map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies).toContain(left.items[0]?.body);
    expect(storage.has('embed.outbox.analytics')).toBe(false);
  });
});
