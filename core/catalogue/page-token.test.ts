import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, type HttpResponder } from '../../adapters/fake';
import { TEST_CONFIG } from './testing/run-catalogue';
import { catalogueReducer } from './reducer';
import { initialCatalogueState } from './state';
import { loggedOut, tokenReceived } from '../engine/session/actions';
import { sessionReducer } from '../engine/session/reducer';
import { initialSessionState, type SessionState } from '../engine/session/state';
import type { HttpRequest } from '../ports';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { PAGE_SESSION_ENDED, PAGE_TOKEN_REFRESH_MARGIN_MS, PAGE_TOKEN_RETRIES, PAGE_TOKEN_RETRY_MS, pageTokenRefreshEpic } from './page-token';

/*
 * Issue 17: the web player page refreshes its token before expiry (spec 001 §4 Auth: reused while
 * not expired, otherwise refreshed) from the page session's token route, on virtual time.
 */

const HOUR = 3_600_000;
const loggedIn = (expiresAtMs: number): SessionState => ({ ...initialSessionState, status: 'loaded', accessToken: 'tok0', expiresAtMs, isAnonymous: false });
const answer = (token: string, expiresAtMs: number, isAnonymous = false) => ({
  status: 200,
  headers: {},
  body: JSON.stringify({ accessToken: token, accessTokenExpirationTimestampMs: expiresAtMs, isAnonymous }),
});

/** Runs the epic against a store-like state (session + catalogue reduced from its own output) for `untilMs` of virtual time. */
function run(session: SessionState, respond: (n: number, at: number) => ReturnType<HttpResponder>, untilMs: number) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const calls: Array<[number, HttpRequest]> = [];
  const out: Array<[number, Action]> = [];
  scheduler.run(({ flush }) => {
    const recorded: HttpRequest[] = [];
    let n = 0;
    const http = createFakeHttp(scheduler, recorded, (r) => {
      calls.push([scheduler.now(), r]);
      return respond(n++, scheduler.now());
    });
    const state = new BehaviorSubject({ session, catalogue: catalogueReducer(initialCatalogueState, TEST_CONFIG) });
    const state$ = Object.assign(state.asObservable(), {
      get value() {
        return state.value;
      },
    }) as StateObservable<typeof state.value>;
    const sub = pageTokenRefreshEpic(new BehaviorSubject<Action>(TEST_CONFIG), state$, { http, scheduler, clock: { now: () => scheduler.now() } }).subscribe(
      (a) => {
        out.push([scheduler.now(), a]);
        state.next({ ...state.value, session: sessionReducer(state.value.session, a) });
      },
    );
    scheduler.schedule(() => sub.unsubscribe(), untilMs);
    flush();
  });
  return { calls, out };
}

describe('issue 17: the web player page refreshes its token before it expires', () => {
  it(`marble: asked ${PAGE_TOKEN_REFRESH_MARGIN_MS} ms before expiry at the page session's token route; each new token sets the next refresh`, () => {
    const { calls, out } = run(loggedIn(HOUR), (n, at) => answer(`tok${n + 1}`, at + HOUR), 2 * HOUR + 1);
    const first = HOUR - PAGE_TOKEN_REFRESH_MARGIN_MS;
    const second = first + HOUR - PAGE_TOKEN_REFRESH_MARGIN_MS;
    expect(calls.map(([at, r]) => [at, r.method, r.url])).toEqual([
      [first, 'GET', 'https://api.test/webplayer/token'],
      [second, 'GET', 'https://api.test/webplayer/token'],
    ]);
    expect(out).toEqual([
      [first, tokenReceived({ accessToken: 'tok1', expiresAtMs: first + HOUR, isAnonymous: false, clientId: null, callers: ['webplayer'] })],
      [second, tokenReceived({ accessToken: 'tok2', expiresAtMs: second + HOUR, isAnonymous: false, clientId: null, callers: ['webplayer'] })],
    ]);
  });

  it('a token already within the margin is refreshed at once', () => {
    const { calls } = run(loggedIn(60_000), (_n, at) => answer('new', at + HOUR), 1);
    expect(calls.map(([at]) => at)).toEqual([0]);
  });

  it(`a failed refresh is asked again ${PAGE_TOKEN_RETRY_MS} ms later, at most ${PAGE_TOKEN_RETRIES} times; then the page keeps its token`, () => {
    const recovered = run(loggedIn(HOUR), (n, at) => (n < 2 ? { status: 503, headers: {}, body: '' } : answer('new', at + HOUR)), HOUR);
    const due = HOUR - PAGE_TOKEN_REFRESH_MARGIN_MS;
    expect(recovered.calls.map(([at]) => at)).toEqual([due, due + PAGE_TOKEN_RETRY_MS, due + 2 * PAGE_TOKEN_RETRY_MS]);
    expect(recovered.out.map(([at, a]) => [at, a.type])).toEqual([[due + 2 * PAGE_TOKEN_RETRY_MS, 'session/tokenReceived']]);
    const failing = run(loggedIn(HOUR), () => new Error('Failed to fetch'), HOUR);
    expect(failing.calls).toHaveLength(1 + PAGE_TOKEN_RETRIES);
    expect(failing.out).toEqual([]);
  });

  it('an answer without a login (logged out in another tab) ends the page session', () => {
    const { out } = run(loggedIn(HOUR), (_n, at) => answer('anon', at + HOUR, true), HOUR);
    expect(out).toEqual([[HOUR - PAGE_TOKEN_REFRESH_MARGIN_MS, loggedOut({ reason: PAGE_SESSION_ENDED })]]);
  });

  it('an anonymous page (previews, no token of its own) asks nothing', () => {
    expect(run(initialSessionState, () => answer('x', HOUR), 2 * HOUR).calls).toEqual([]);
    expect(run({ ...loggedIn(HOUR), isAnonymous: true }, () => answer('x', HOUR), 2 * HOUR).calls).toEqual([]);
  });
});
