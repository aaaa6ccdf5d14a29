import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeStorage, type HttpResponder } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import type { Action } from '../../store/action';
import { createStore } from '../../store/store';
import { logoutRequested, productStateChanged, sessionLoadRequested, tokenRequested } from './actions';
import { TOKEN_STORAGE_KEY } from './constants';
import type { SessionDeps } from './deps';
import { sessionEpics } from './index';
import { sessionReducer } from './reducer';
import { canCreateController, initialSessionState, liveToken, type SessionState } from './state';
import { runSession } from './testing/run-session';

const ACCOUNTS = 'http://p.test';
const load = sessionLoadRequested({ accountsUrl: ACCOUNTS });
const answer =
  (body: object, status = 200): HttpResponder =>
  () => ({ status, headers: {}, body: JSON.stringify(body) });
const userToken = answer({ clientId: 'c', accessToken: 'fresh', accessTokenExpirationTimestampMs: 50000, isAnonymous: false });
const stored = (token: object) => [[TOKEN_STORAGE_KEY, JSON.stringify(token)]] as const;

interface RunOptions {
  readonly http: HttpResponder;
  readonly stored?: ReadonlyArray<readonly [string, string]>;
  readonly inputs: ReadonlyArray<readonly [number, Action]>;
}

function run(options: RunOptions) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const requests: HttpRequest[] = [];
  const storage = createFakeStorage(new Map(options.stored ?? []));
  let result!: ReturnType<typeof runSession>;
  scheduler.run(({ flush }) => {
    result = runSession(scheduler, { http: createFakeHttp(scheduler, requests, options.http), storage, inputs: options.inputs });
    flush();
  });
  return { ...result, requests, storage };
}

describe('session (spec 001 §4 Auth, §7 Token)', () => {
  it('spec 001 §4 Auth: concurrent refreshes share one request — three callers while a refresh is in flight, one GET /access_token (marbles)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable, flush }) => {
      const requests: HttpRequest[] = [];
      const deps: SessionDeps = {
        clock: { now: () => scheduler.now() },
        scheduler,
        http: createFakeHttp(scheduler, requests, userToken, 100),
        storage: createFakeStorage(),
      };
      const store = createStore({
        reducer: (s: { session: SessionState }, a: Action) => ({ session: sessionReducer(s.session, a) }),
        epics: sessionEpics,
        deps,
        initialState: { session: initialSessionState },
      });
      scheduler.schedule(() => store.dispatch(load), 0);
      scheduler.schedule(() => store.dispatch(tokenRequested({ caller: 'transport', reason: 'transport' })), 10);
      scheduler.schedule(() => store.dispatch(tokenRequested({ caller: 'controller', reason: 'init' })), 30);
      scheduler.schedule(() => store.dispatch(tokenRequested({ caller: 'data', reason: 'init' })), 60);
      scheduler.schedule(() => store.stop(), 1000);
      const out$ = store.envelopes$.pipe(
        map((e) => e.action),
        filter((a) => a.type === 'session/tokenReceived'),
        map((a) => (a as Action & { callers: string[] }).callers),
      );
      // The one request goes out at 10 ms and answers 100 ms later, serving all three.
      expectObservable(out$).toBe('110ms a', { a: ['transport', 'controller', 'data'] });
      flush();
      expect(requests.map((r) => r.url)).toEqual([`${ACCOUNTS}/access_token?reason=transport&productType=web_player`]);
    });
  });

  it('spec 001 §4 Auth: a stored token is reused while not expired, refreshed once it has expired (deps.clock)', () => {
    const { log, requests } = run({
      http: userToken,
      stored: stored({ accessToken: 'kept', expiresAtMs: 5000, isAnonymous: false }),
      inputs: [
        [0, load],
        [4999, tokenRequested({ caller: 'a', reason: 'r' })],
        [5000, tokenRequested({ caller: 'b', reason: 'r' })],
      ],
    });
    expect(log).toEqual([
      [0, 'storedTokenRead', { token: { accessToken: 'kept', expiresAtMs: 5000, isAnonymous: false } }],
      [0, 'loaded', { hasToken: true }],
      [4999, 'tokenProvided', { caller: 'a' }],
      [5000, 'tokenRefreshRequested', { caller: 'b', reason: 'r', forced: false }],
      [5000, 'tokenReceived', { accessToken: 'fresh', expiresAtMs: 50000, isAnonymous: false, clientId: 'c', callers: ['b'] }],
    ]);
    expect(requests).toHaveLength(1);
  });

  it('spec 001 §9 Token default lifetime: an answer without expiry lives 3540 s from its arrival', () => {
    const { state, storage } = run({
      http: answer({ accessToken: 'x', isAnonymous: true }),
      inputs: [
        [0, load],
        [20, tokenRequested({ caller: 'a', reason: 'r' })],
      ],
    });
    expect(state().expiresAtMs).toBe(20 + 3540000);
    expect(JSON.parse(storage.entries.get(TOKEN_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'x', expiresAtMs: 3540020, isAnonymous: true });
  });

  it('spec 001 §4 Auth: a 400-499 refresh failure logs out a non-anonymous user (stored token forgotten, GET /logout)', () => {
    const { log, requests, storage, state } = run({
      http: (r) => (r.url.includes('/logout') ? { status: 302, headers: {}, body: '' } : { status: 401, headers: {}, body: '' }),
      stored: stored({ accessToken: 'old', expiresAtMs: 10, isAnonymous: false }),
      inputs: [
        [0, load],
        [100, tokenRequested({ caller: 'a', reason: 'r' })],
      ],
    });
    expect(log.slice(3)).toEqual([
      [100, 'tokenRefreshFailed', { status: 401, err: 'Request was not successful (status 401)', callers: ['a'] }],
      [100, 'logoutRequested', { reason: 'token refresh failed with status 401' }],
      [100, 'loggedOut', { reason: 'token refresh failed with status 401' }],
    ]);
    expect(requests.map((r) => r.url)[1]).toBe(`${ACCOUNTS}/logout`);
    expect(storage.entries.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(state()).toMatchObject({ status: 'loggedOut', accessToken: null });
  });

  it.each([
    ['an anonymous user on 401', 401, true],
    ['a logged-in user on 500', 500, false],
  ])('spec 001 §4 Auth: no logout for %s', (_name, status, isAnonymous) => {
    const { log } = run({
      http: () => ({ status, headers: {}, body: '' }),
      stored: stored({ accessToken: 'old', expiresAtMs: 10, isAnonymous }),
      inputs: [
        [0, load],
        [100, tokenRequested({ caller: 'a', reason: 'r' })],
      ],
    });
    expect(log.map((l) => l[1])).not.toContain('logoutRequested');
    expect(log.at(-1)?.[1]).toBe('tokenRefreshFailed');
  });

  it('spec 001 §4 Auth: a product state change forces a refresh even while the token lives', () => {
    const { log, requests } = run({
      http: userToken,
      stored: stored({ accessToken: 'kept', expiresAtMs: 99999, isAnonymous: false }),
      inputs: [
        [0, load],
        [50, productStateChanged()],
      ],
    });
    expect(log.slice(2)).toEqual([
      [50, 'tokenRefreshRequested', { caller: 'product-state', reason: 'product_state', forced: true }],
      [50, 'tokenReceived', { accessToken: 'fresh', expiresAtMs: 50000, isAnonymous: false, clientId: 'c', callers: ['product-state'] }],
    ]);
    expect(requests[0]?.url).toBe(`${ACCOUNTS}/access_token?reason=product_state&productType=web_player`);
  });

  it('spec 001 §4 Auth: unreadable storage counts as no token', () => {
    const { log } = run({ http: userToken, stored: [[TOKEN_STORAGE_KEY, '{oops']], inputs: [[0, load]] });
    expect(log).toEqual([
      [0, 'storedTokenRead', { token: null }],
      [0, 'loaded', { hasToken: false }],
    ]);
  });

  it('spec 001 §4 Auth: explicit logout request forgets the token', () => {
    const { state } = run({
      http: userToken,
      stored: stored({ accessToken: 'k', expiresAtMs: 9e9, isAnonymous: false }),
      inputs: [
        [0, load],
        [5, logoutRequested({ reason: 'user' })],
      ],
    });
    expect(state().status).toBe('loggedOut');
  });
});

describe('controller guard (spec 001 §4 Auth: the controller only with an access token; anonymous users get none)', () => {
  const loaded: SessionState = { ...initialSessionState, status: 'loaded', accessToken: 't', expiresAtMs: 100, isAnonymous: false };
  it.each<[string, SessionState, boolean]>([
    ['loaded with a user token', loaded, true],
    ['anonymous', { ...loaded, isAnonymous: true }, false],
    ['no token', { ...loaded, accessToken: null }, false],
    ['not loaded yet', { ...loaded, status: 'loading' }, false],
    ['logged out', { ...initialSessionState, status: 'loggedOut' }, false],
  ])('%s → %s', (_name, session, expected) => {
    expect(canCreateController(session)).toBe(expected);
  });
  it('liveToken: valid strictly before its expiry', () => {
    expect(liveToken(loaded, 99)).toBe('t');
    expect(liveToken(loaded, 100)).toBeNull();
  });
});
