import * as t from 'io-ts';
import { filter, mergeMap, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeStorage } from '../../../adapters/fake';
import type { HttpRequest, HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import { createStore, type Epic } from '../../store/store';
import { defineAction } from '../../store/action';
import { sessionLoadRequested, tokenReceived, tokenRefreshFailed, tokenRefreshRequested } from './actions';
import { TOKEN_STORAGE_KEY } from './constants';
import type { SessionDeps } from './deps';
import { sessionEpics } from './index';
import { sessionReducer } from './reducer';
import { onAnswer, retryOnUnauthorised, type AuthorisedStep } from './retry-on-unauthorised';
import { initialSessionState, type SessionSlice } from './state';

const response = (status: number): HttpResponse => ({ status, headers: {}, body: '' });
const received = (accessToken: string, callers: string[]) => tokenReceived({ accessToken, expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers });
const refresh = (caller: string): AuthorisedStep => ({ kind: 'refresh', action: tokenRefreshRequested({ caller, reason: 'unauthorised', forced: true }) });
const answer = (status: number): AuthorisedStep => ({ kind: 'answer', response: response(status) });

/**
 * Marbles of retryOnUnauthorised: `actions` is the hot action stream; each send answers 2 frames
 * after it with the status `statusFor(token)`. Returns the tokens sent.
 */
function marbles(
  actions: string,
  actionValues: Record<string, Action>,
  statusFor: (token: string | null) => number,
  expected: string,
  expectedValues: Record<string, AuthorisedStep>,
): Array<string | null> {
  const sent: Array<string | null> = [];
  new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ cold, hot, expectObservable }) => {
    const action$ = hot<Action>(actions, actionValues);
    const send = (token: string | null): Observable<HttpResponse> => {
      sent.push(token);
      return cold('--(r|)', { r: response(statusFor(token)) });
    };
    expectObservable(retryOnUnauthorised(action$, 'me', 'old', send)).toBe(expected, expectedValues);
  });
  return sent;
}

describe('retryOnUnauthorised (spec 001 §8 Resolve/transport: "A 401 triggers token refresh and retry")', () => {
  it('an answer other than 401 is passed on as it is, with no refresh', () => {
    const sent = marbles('------', {}, () => 503, '--(a|)', { a: answer(503) });
    expect(sent).toEqual(['old']);
  });

  it('a 401 asks for a forced refresh, then sends once more with the token of the tokenReceived naming the caller', () => {
    const sent = marbles('-----t---', { t: received('new', ['other', 'me']) }, (token) => (token === 'new' ? 200 : 401), '--r----(a|)', {
      r: refresh('me'),
      a: answer(200),
    });
    expect(sent).toEqual(['old', 'new']);
  });

  it('a second 401 fails the call: that answer is passed on, and no third send', () => {
    const sent = marbles('-----t---', { t: received('new', ['me']) }, () => 401, '--r----(a|)', { r: refresh('me'), a: answer(401) });
    expect(sent).toEqual(['old', 'new']);
  });

  it('a failed refresh fails the call with the first 401, without sending again', () => {
    const failed = tokenRefreshFailed({ status: 500, err: 'Request was not successful (status 500)', callers: ['me'] });
    const sent = marbles('-----f---', { f: failed }, () => 401, '--r--(a|)', { r: refresh('me'), a: answer(401) });
    expect(sent).toEqual(['old']);
  });

  it("a refresh that answers other callers only is not this call's", () => {
    const sent = marbles('---o--t---', { o: received('theirs', ['other']), t: received('mine', ['me']) }, (t) => (t === 'old' ? 401 : 204), '--r-----(a|)', {
      r: refresh('me'),
      a: answer(204),
    });
    expect(sent).toEqual(['old', 'mine']);
  });

  it('a network error is not a 401: it passes through', () => {
    new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ cold, hot, expectObservable }) => {
      const out$ = retryOnUnauthorised(hot<Action>('---'), 'me', 'old', () => cold<HttpResponse>('-#', undefined, new Error('offline')));
      expectObservable(out$).toBe('-#', undefined, new Error('offline'));
    });
  });
});

describe('retryOnUnauthorised with the session (spec 001 §8: the refresh after a 401 is forced)', () => {
  const call = defineAction('test/call');
  const callDone = defineAction('test/callDone', { status: t.number });

  it('a token still valid by the clock is refreshed anyway (GET /access_token), and the call is sent again with the fresh one', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const requests: HttpRequest[] = [];
    const log: Array<[number, string]> = [];
    scheduler.run(({ flush }) => {
      const http = createFakeHttp(
        scheduler,
        requests,
        (r) => {
          if (r.url.startsWith('http://p.test/access_token'))
            return { status: 200, headers: {}, body: JSON.stringify({ accessToken: 'fresh', accessTokenExpirationTimestampMs: 9e12, isAnonymous: false }) };
          return response(r.headers?.['authorization'] === 'Bearer fresh' ? 200 : 401);
        },
        10,
      );
      const deps: SessionDeps = {
        clock: { now: () => scheduler.now() },
        scheduler,
        http,
        storage: createFakeStorage(new Map([[TOKEN_STORAGE_KEY, JSON.stringify({ accessToken: 'kept', expiresAtMs: 9e12, isAnonymous: false })]])),
      };
      // A service call as an epic would make it, with the session's token.
      const callEpic: Epic<SessionSlice, SessionDeps> = (action$, state$) =>
        action$.pipe(
          filter(call.match),
          mergeMap(() =>
            retryOnUnauthorised(action$, 'service', state$.value.session.accessToken, (token) =>
              http.request({ method: 'GET', url: 'http://p.test/service', headers: { authorization: `Bearer ${token ?? ''}` } }),
            ).pipe(onAnswer((r) => of(callDone({ status: r.status })))),
          ),
        );
      const store = createStore({
        reducer: (s: SessionSlice, a: Action) => ({ session: sessionReducer(s.session, a) }),
        epics: [...sessionEpics, callEpic],
        deps,
        initialState: { session: initialSessionState },
        onEnvelope: (e) => log.push([e.t, e.action.type]),
      });
      store.dispatch(sessionLoadRequested({ accountsUrl: 'http://p.test' }));
      scheduler.schedule(() => store.dispatch(call()), 100);
      scheduler.schedule(() => store.stop(), 1000);
      flush();
    });
    expect(requests.map((r) => `${r.url} ${r.headers?.['authorization'] ?? ''}`)).toEqual([
      'http://p.test/service Bearer kept',
      'http://p.test/access_token?reason=unauthorised&productType=web_player ',
      'http://p.test/service Bearer fresh',
    ]);
    expect(log.filter(([t]) => t >= 100).map(([t, type]) => [t, type])).toEqual([
      [100, 'test/call'],
      [110, 'session/tokenRefreshRequested'],
      [120, 'session/tokenReceived'],
      [130, 'test/callDone'],
    ]);
  });
});

describe('onAnswer', () => {
  it('emits the refresh request as an action unchanged and maps the answer with the handler', () => {
    new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ cold, expectObservable }) => {
      const steps$ = cold<AuthorisedStep>('a-b|', { a: refresh('me'), b: answer(204) });
      expectObservable(steps$.pipe(onAnswer((r) => [r.status]))).toBe('a-b|', {
        a: tokenRefreshRequested({ caller: 'me', reason: 'unauthorised', forced: true }),
        b: 204,
      });
    });
  });
});
