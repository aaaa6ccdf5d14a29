import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest, HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import { featureFlagFailed, featureFlagRequested, featureFlagResolved } from '../device/actions';
import type { EngineDeps, EngineState } from './deps';
import { featureFlagEpic } from './feature-flag.epic';
import { initialEngineState } from './index';

const NAME = 'send all state updates';
const state: EngineState = { ...initialEngineState, session: { ...initialEngineState.session, accessToken: 'tok' } };

/** The epic on virtual time, asked once at 0; the fake provider answers 10 ms later with `respond`. */
function run(respond: (r: HttpRequest) => HttpResponse | Error) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const calls: HttpRequest[] = [];
  const out: Array<readonly [number, Action]> = [];
  scheduler.run(({ flush }) => {
    const http = createFakeHttp(scheduler, calls, respond, 10);
    const deps = { http, scheduler, player: { apiUrl: 'https://api.test' } } as unknown as EngineDeps;
    const action$ = new Subject<Action>();
    const state$ = Object.assign(new Subject<EngineState>(), { value: state }) as unknown as StateObservable<EngineState>;
    featureFlagEpic(action$, state$, deps).subscribe((a) => out.push([scheduler.now(), a]));
    scheduler.schedule(() => action$.next(featureFlagRequested({ name: NAME })), 0);
    flush();
  });
  return { calls, out };
}

const ok = (status: number, body: string): HttpResponse => ({ status, headers: {}, body });
const cellAnswer = (value: boolean | null) =>
  JSON.stringify({ flags: { [NAME]: { value, exists: value !== null, featureName: NAME, fromAbba: value !== null } } });

describe('feature flag fetch (spec 001 §7 User and flags, §8 Flags)', () => {
  it('asks the flags service once, with the bearer token and tests = the cell name, and resolves the cell', () => {
    const { calls, out } = run(() => ok(200, cellAnswer(true)));
    expect(calls.map((c) => [c.method, c.url, c.headers?.authorization])).toEqual([
      ['GET', 'https://api.test/abba-service/v1/resolve?tests=send%20all%20state%20updates', 'Bearer tok'],
    ]);
    expect(out).toEqual([[10, featureFlagResolved({ name: NAME, on: true })]]);
  });

  it('a cell the service does not have (value null) resolves not on, without an error', () => {
    expect(run(() => ok(200, cellAnswer(null))).out).toEqual([[10, featureFlagResolved({ name: NAME, on: false })]]);
  });

  it.each([
    ['a non-200 answer', () => ok(503, ''), 'Request to abba-service failed with status code 503'],
    ['an empty body', () => ok(200, ''), 'Unexpected response format from abba service.'],
    ['an answer without flags', () => ok(200, '{}'), 'Unexpected response format from abba service.'],
    ['no answer (network failure)', () => new Error('Failed to fetch'), 'Failed to fetch'],
  ])('%s: the flag error is emitted, then the cell resolves not on (false)', (_name, respond, err) => {
    expect(run(respond).out).toEqual([
      [10, featureFlagFailed({ name: NAME, err })],
      [10, featureFlagResolved({ name: NAME, on: false })],
    ]);
  });
});
