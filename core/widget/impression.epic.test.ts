import { createFakePorts, type FakePortsOptions } from '../../adapters/fake';
import { impressionFailed, impressionLogged } from './actions';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';
import { epicActions, testScheduler } from './testing/marbles';
import { runWidget } from './testing/run-widget';

const initialState = initialWidgetState(albumData());

function run(options: FakePortsOptions, expected: string, values: Record<string, unknown>) {
  const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
  const ports = createFakePorts(scheduler, options);
  scheduler.run(({ expectObservable }) => {
    expectObservable(epicActions(runWidget({ initialState, ports }), 'log/impression')).toBe(expected, values);
  });
  return ports;
}

describe('impressionEpic (spec 000 §4 Start-up, §7 Impression)', () => {
  it('posts one impression to {api host}/log/analytics as soon as the session starts', () => {
    const ports = run({ httpLatencyMs: 30 }, '30ms a', { a: impressionLogged({ status: 204 }) });
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
    run({ httpResponder: () => ({ status: 500, headers: {}, body: 'oops' }) }, 'a', {
      a: impressionFailed({ err: 'Request was not successful (status 500)' }),
    });
  });

  it('a network failure (no response) is a failure with its message, and is not retried', () => {
    const ports = run({ httpResponder: () => new Error('connection refused'), httpLatencyMs: 5 }, '5ms a', {
      a: impressionFailed({ err: 'connection refused' }),
    });
    expect(ports.calls.http.filter((r) => r.url.endsWith('/log/analytics'))).toHaveLength(1);
  });

  it('a status below 400 is logged with its status', () => {
    run({ httpResponder: () => ({ status: 200, headers: {}, body: '' }) }, 'a', { a: impressionLogged({ status: 200 }) });
  });
});
