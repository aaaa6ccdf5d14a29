import { defer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import type { HttpResponse } from '../../ports';
import { CONFLICT_RETRIES, DEREGISTER_RETRIES, STATE_CALL_RETRY_BASE_MS, STATE_UPDATE_RETRIES } from './constants';
import { retryStateCall, stateCallRetryDelayMs } from './state-call-retry';

const response = (status: number): HttpResponse => ({ status, headers: {}, body: '' });
const newScheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));

/** The subscription marbles of a call answering 1 frame after each send, resent after each §9 delay. */
function sends(retries: number): string[] {
  let at = 0;
  return Array.from({ length: retries + 1 }, (_, i) => {
    if (i > 0) at += 1 + stateCallRetryDelayMs(i);
    return at === 0 ? '^!' : `${at}ms ^!`;
  });
}

describe('state call retries (spec 001 §9 "State call retries | exponential up to 8; conflict and deregister 2")', () => {
  it("the counts are the spec's: 8 for state updates, 2 for conflict and deregister", () => {
    expect([STATE_UPDATE_RETRIES, CONFLICT_RETRIES, DEREGISTER_RETRIES]).toEqual([8, 2, 2]);
  });

  it('the delays double from our 500 ms base: 500, 1000, 2000 … 64000 ms for the 8 retries', () => {
    expect(stateCallRetryDelayMs(1)).toBe(STATE_CALL_RETRY_BASE_MS);
    expect(Array.from({ length: STATE_UPDATE_RETRIES }, (_, i) => stateCallRetryDelayMs(i + 1))).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000, 64000]);
  });

  it('a 5xx is sent again after 500 then 1000 ms; after 2 retries the last 5xx answer is what the caller sees (marbles)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const call$ = cold('-(r|)', { r: response(503) });
      expectObservable(call$.pipe(retryStateCall(CONFLICT_RETRIES, scheduler))).toBe('1503ms (r|)', { r: response(503) });
      expectSubscriptions(call$.subscriptions).toBe(['^!', '501ms ^!', '1502ms ^!']);
    });
  });

  it('a state update is sent 9 times in all (8 retries, the last after 64000 ms) before its 5xx is final (marbles)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const call$ = cold('-(r|)', { r: response(500) });
      expectObservable(call$.pipe(retryStateCall(STATE_UPDATE_RETRIES, scheduler))).toBe(`${9 + 127500}ms (r|)`, { r: response(500) });
      expectSubscriptions(call$.subscriptions).toBe(sends(STATE_UPDATE_RETRIES));
    });
  });

  it('a network error is retried the same way; when the retries give up the error is passed on (marbles)', () => {
    const scheduler = newScheduler();
    const offline = new Error('offline');
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const call$ = cold<HttpResponse>('-#', undefined, offline);
      expectObservable(call$.pipe(retryStateCall(DEREGISTER_RETRIES, scheduler))).toBe('1503ms #', undefined, offline);
      expectSubscriptions(call$.subscriptions).toBe(sends(DEREGISTER_RETRIES));
    });
  });

  it('a failure followed by a success ends with the success, one retry later (marbles)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      let sent = 0;
      const call$ = defer(() => (sent++ === 0 ? cold('-(r|)', { r: response(502) }) : cold('-(r|)', { r: response(204) })));
      expectObservable(call$.pipe(retryStateCall(STATE_UPDATE_RETRIES, scheduler))).toBe('502ms (r|)', { r: response(204) });
    });
  });

  it.each([200, 204, 400, 401, 404, 409])('a %p answer is not a failure to retry: it is passed on at once (marbles)', (status) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const call$ = cold('-(r|)', { r: response(status) });
      expectObservable(call$.pipe(retryStateCall(STATE_UPDATE_RETRIES, scheduler))).toBe('-(r|)', { r: response(status) });
      expectSubscriptions(call$.subscriptions).toBe(['^!']);
    });
  });
});
