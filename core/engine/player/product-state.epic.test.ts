import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest, HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import { productStateChanged, tokenReceived, tokenRefreshRequested } from '../session/actions';
import { authenticated, disconnected, messageReceived } from '../transport/actions';
import { productStateFailed, productStateFetched, productStateRegistered } from './actions';
import type { EngineDeps, EngineState } from './deps';
import { initialEngineState } from './index';
import { PRODUCT_STATE_RETRY_MS, productStateEpic } from './product-state.epic';

const state: EngineState = { ...initialEngineState, session: { ...initialEngineState.session, accessToken: 'tok' } };

/** Runs the epic on virtual time: inputs at their frame, the fake provider answering with `respond`. */
function run(inputs: ReadonlyArray<readonly [number, Action]>, respond: (r: HttpRequest, n: number) => HttpResponse | Error) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const calls: HttpRequest[] = [];
  const out: Array<readonly [number, Action]> = [];
  scheduler.run(({ flush }) => {
    let n = 0;
    const http = createFakeHttp(scheduler, calls, (r) => respond(r, n++));
    const deps = { http, scheduler, clock: { now: () => scheduler.now() }, player: { apiUrl: 'https://api.test' } } as unknown as EngineDeps;
    const action$ = new Subject<Action>();
    const state$ = Object.assign(new Subject<EngineState>(), { value: state }) as unknown as StateObservable<EngineState>;
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

  it('other dealer messages and token refreshes without an event fetch nothing', () => {
    const { calls, out } = run(
      [
        [0, messageReceived({ uri: 'hm://track-playback/v1/command', headers: {}, payloads: [] })],
        [10, tokenReceived({ accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['player'] })],
      ],
      () => ok(200),
    );
    expect(calls).toEqual([]);
    expect(out).toEqual([]);
  });
});
