import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest, HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import { loggedOut, productStateChanged, sessionLoaded, tokenReceived, tokenRefreshRequested } from '../session/actions';
import { authenticated, disconnected, messageReceived } from '../transport/actions';
import { productStateFailed, productStateFetched, productStateRegistered } from './actions';
import type { EngineDeps, EngineState } from './deps';
import { initialEngineState } from './index';
import { licenseTypeOf, PRODUCT_STATE_RETRY_MS, productStateEpic } from './product-state.epic';
import { playerReducer } from './reducer';

const state: EngineState = { ...initialEngineState, session: { ...initialEngineState.session, accessToken: 'tok' } };

/** Runs the epic on virtual time: inputs at their frame, the fake provider answering with `respond`. */
function run(inputs: ReadonlyArray<readonly [number, Action]>, respond: (r: HttpRequest, n: number) => HttpResponse | Error, initial: EngineState = state) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const calls: HttpRequest[] = [];
  const out: Array<readonly [number, Action]> = [];
  scheduler.run(({ flush }) => {
    let n = 0;
    const http = createFakeHttp(scheduler, calls, (r) => respond(r, n++));
    const deps = { http, scheduler, clock: { now: () => scheduler.now() }, player: { apiUrl: 'https://api.test' } } as unknown as EngineDeps;
    const action$ = new Subject<Action>();
    const state$ = Object.assign(new Subject<EngineState>(), { value: initial }) as unknown as StateObservable<EngineState>;
    productStateEpic(action$, state$, deps).subscribe((a) => out.push([scheduler.now(), a]));
    for (const [at, action] of inputs) scheduler.schedule(() => action$.next(action), at);
    flush();
  });
  return { calls: calls.map((c) => `${c.method} ${c.url} ${c.headers?.authorization ?? ''}`), out };
}

const ok = (status: number, body = ''): HttpResponse => ({ status, headers: {}, body });

describe('product state (spec 001 §7 Product state; §4 Auth and Transport lifecycle)', () => {
  it('registers each new connection for product-state events, and removes the registration on disconnect', () => {
    const { calls, out } = run(
      [
        [0, authenticated({ connectionId: 'c1', at: 0 })],
        [100, disconnected({ reason: 'gone' })],
      ],
      () => ok(204),
    );
    expect(calls).toEqual([
      'PUT https://api.test/v1/me/notifications/user?connection_id=c1 Bearer tok',
      'DELETE https://api.test/v1/me/notifications/user?connection_id=c1 Bearer tok',
    ]);
    expect(out.map(([, a]) => a)).toEqual([productStateRegistered({ method: 'PUT', status: 204 }), productStateRegistered({ method: 'DELETE', status: 204 })]);
  });

  it(`retries a registration that met a server error, ${PRODUCT_STATE_RETRY_MS} ms later; an unauthorised answer is taken as it is`, () => {
    const { calls, out } = run([[0, authenticated({ connectionId: 'c1', at: 0 })]], (_r, n) => (n === 0 ? ok(503) : ok(401)));
    expect(calls).toHaveLength(2);
    expect(out).toEqual([[PRODUCT_STATE_RETRY_MS, productStateRegistered({ method: 'PUT', status: 401 })]]);
  });

  it('a pushed product-state event forces a token refresh, then the state is fetched again with the new token', () => {
    const { calls, out } = run(
      [
        [0, messageReceived({ uri: 'hm://product-state/v1/update', headers: {}, payloads: [] })],
        [10, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['product-state'] })],
      ],
      () => ok(200, '{"ads":"0"}'),
    );
    expect(out.map(([, a]) => a)).toEqual([productStateChanged(), productStateFetched({ status: 200, body: '{"ads":"0"}' })]);
    expect(calls).toEqual(['GET https://api.test/v1/product_state Bearer tok']);
  });

  it("spec 001 §8 Product state: a registration still refused after the retries is 'Cannot register for product state updates: service responded with status N'", () => {
    const { out } = run([[0, authenticated({ connectionId: 'c1', at: 0 })]], () => ok(503));
    expect(out).toEqual([
      [
        2 * PRODUCT_STATE_RETRY_MS,
        productStateFailed({ call: 'PUT notifications', err: 'Cannot register for product state updates: service responded with status 503' }),
      ],
    ]);
    expect(run([[0, authenticated({ connectionId: 'c1', at: 0 })]], () => ok(400)).out.map(([, a]) => a)).toEqual([
      productStateFailed({ call: 'PUT notifications', err: 'Cannot register for product state updates: service responded with status 400' }),
    ]);
  });

  it('spec 001 §8 Resolve/transport: a refetch met with a 401 forces another refresh and is sent once more with that token', () => {
    const { calls, out } = run(
      [
        [0, messageReceived({ uri: 'hm://product-state/v1/update', headers: {}, payloads: [] })],
        [10, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['product-state'] })],
        [30, tokenReceived({ accessToken: 'tok2', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['product-state'] })],
      ],
      (r) => (r.headers?.['authorization'] === 'Bearer tok2' ? ok(200, '{"ads":"0"}') : ok(401)),
    );
    expect(out).toEqual([
      [0, productStateChanged()],
      [10, tokenRefreshRequested({ caller: 'product-state', reason: 'unauthorised', forced: true })],
      [30, productStateFetched({ status: 200, body: '{"ads":"0"}' })],
    ]);
    expect(calls).toEqual(['GET https://api.test/v1/product_state Bearer tok', 'GET https://api.test/v1/product_state Bearer tok2']);
  });

  it('spec 001 §7 Product state: the GET is retried on browser errors too, the notifications PUT only on server errors', () => {
    const fetched = run(
      [
        [0, messageReceived({ uri: 'hm://product-state/v1/update', headers: {}, payloads: [] })],
        [10, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['product-state'] })],
      ],
      (_r, n) => (n === 0 ? new Error('Failed to fetch') : ok(200, '{"ads":"0"}')),
    );
    expect(fetched.calls).toHaveLength(2);
    expect(fetched.out).toEqual([
      [0, productStateChanged()],
      [10 + PRODUCT_STATE_RETRY_MS, productStateFetched({ status: 200, body: '{"ads":"0"}' })],
    ]);
    const registered = run([[0, authenticated({ connectionId: 'c1', at: 0 })]], () => new Error('Failed to fetch'));
    expect(registered.calls).toHaveLength(1);
    expect(registered.out).toEqual([[0, productStateFailed({ call: 'PUT notifications', err: 'Failed to fetch' })]]);
  });

  it("spec 001 §8 Product state: a refetch that fails is 'Cannot get the user's product state.'", () => {
    const { out } = run(
      [
        [0, messageReceived({ uri: 'hm://product-state/v1/update', headers: {}, payloads: [] })],
        [10, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['product-state'] })],
      ],
      () => ok(403),
    );
    expect(out.map(([, a]) => a)).toEqual([
      productStateChanged(),
      productStateFailed({ call: 'GET product_state', err: "Cannot get the user's product state." }),
    ]);
  });

  it('other dealer messages, and token refreshes after the start read without an event, fetch nothing', () => {
    const refresh = (at: number) =>
      [at, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['player'] })] as const;
    const { calls, out } = run(
      [[0, messageReceived({ uri: 'hm://track-playback/v1/command', headers: {}, payloads: [] })], refresh(10), refresh(20), refresh(30)],
      () => ok(200, '{"ads":"0"}'),
    );
    // The first logged-in token is the start read; the later refreshes fetch nothing.
    expect(calls).toEqual(['GET https://api.test/v1/product_state Bearer tok']);
    expect(out).toEqual([[10, productStateFetched({ status: 200, body: '{"ads":"0"}' })]]);
  });
});

describe('spec 001 §6 licence type: the product state is read at start, not only after a push', () => {
  const loggedIn: EngineState = {
    ...initialEngineState,
    session: { ...initialEngineState.session, status: 'loaded', accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false },
  };
  const anonymous: EngineState = { ...loggedIn, session: { ...loggedIn.session, isAnonymous: true } };

  it('a session loaded with a logged-in token reads it once at start', () => {
    const { calls, out } = run(
      [
        [0, sessionLoaded({ hasToken: true })],
        [5, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['player'] })],
      ],
      () => ok(200, '{"ads":"1"}'),
      loggedIn,
    );
    expect(calls).toEqual(['GET https://api.test/v1/product_state Bearer tok']);
    expect(out).toEqual([[0, productStateFetched({ status: 200, body: '{"ads":"1"}' })]]);
  });

  it('an anonymous session or one without a token reads nothing; a log-in later reads it with the new token', () => {
    expect(run([[0, sessionLoaded({ hasToken: true })]], () => ok(200, '{}'), anonymous).calls).toEqual([]);
    expect(run([[0, sessionLoaded({ hasToken: false })]], () => ok(200, '{}'), initialEngineState).calls).toEqual([]);
    const anonymousRefresh = run(
      [[0, tokenReceived({ accessToken: 'anon', expiresAtMs: 9e12, isAnonymous: true, clientId: null, callers: ['player'] })]],
      () => ok(200, '{}'),
      anonymous,
    );
    expect(anonymousRefresh.calls).toEqual([]);
    const login = run(
      [
        [0, sessionLoaded({ hasToken: false })],
        [10, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['login'] })],
      ],
      () => ok(200, '{"ads":"0"}'),
      initialEngineState,
    );
    expect(login.calls).toEqual(['GET https://api.test/v1/product_state Bearer tok']);
    expect(login.out).toEqual([[10, productStateFetched({ status: 200, body: '{"ads":"0"}' })]]);
  });

  it('after a log-out the next logged-in token reads it again', () => {
    const received = (at: number) =>
      [at, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['login'] })] as const;
    const { calls } = run([received(0), [10, loggedOut({ reason: 'logout' })], received(20)], () => ok(200, '{"ads":"0"}'));
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['ads off', '{"ads":"0","product":"premium"}', 'premium'],
    ['no ads field', '{"product":"premium"}', 'premium'],
    ["ads on ('1')", '{"ads":"1","product":"free"}', 'on-demand'],
    ['a body that is no JSON', 'not json', 'on-demand'],
    ['a JSON list', '[]', 'on-demand'],
    ['no body (the read failed)', null, 'on-demand'],
  ] as const)('licenseTypeOf: %s (%s) gives %s', (_, body, type) => expect(licenseTypeOf(body)).toBe(type));

  it('the player state holds the licence type: fetched, or on-demand when the read failed; a registration failure leaves it', () => {
    const p = initialEngineState.player;
    expect(p.licenseType).toBeNull();
    expect(playerReducer(p, productStateFetched({ status: 200, body: '{"ads":"0"}' })).licenseType).toBe('premium');
    expect(playerReducer(p, productStateFetched({ status: 200, body: '{"ads":"1"}' })).licenseType).toBe('on-demand');
    expect(playerReducer(p, productStateFailed({ call: 'GET product_state', err: "Cannot get the user's product state." })).licenseType).toBe('on-demand');
    expect(playerReducer(p, productStateFailed({ call: 'PUT notifications', err: 'x' })).licenseType).toBeNull();
  });
});
