import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeEme, createFakeHttp } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import type { Action } from '../../store/action';
import { createStore } from '../../store/store';
import { playContextRequested, resumeRequested } from '../player/actions';
import { encrypted } from './actions';
import type { DrmDeps } from './deps';
import { drmEpics } from './index';
import { drmReducer } from './reducer';
import { initialDrmState, type DrmSlice } from './state';
import type { SessionSlice } from '../session/state';
import { DRM_SESSION, provider, SETUP } from './testing/run-drm';

/*
 * Issue 12 Faults, a licence server answering 500: spec 001 §7 Media retries the licence POST
 * (unless 400, 402, 403 or an empty body) and §9 sets the count and delay (Request retries max 2,
 * Generic backoff 200 ms linear with 20% jitter). Past the retries the failure is reported; the
 * challenge is asked for again on the visitor's next play or resume, so playback starts once the
 * licence server is back.
 */

const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';
const LETTERS: Readonly<Record<string, string>> = {
  'drm/licenceRequestRetried': 'r',
  'drm/failed': 'F',
  'drm/licenceUpdated': 'L',
  'drm/licenceExchangeRenewed': 'N',
  'drm/userCapped': 'C',
};

/** The DRM alone over fakes; the licence server answers with `licence(now)`; inputs dispatched at their times. */
function run(
  s: TestScheduler,
  licence: (now: number) => { status: number; body: string },
  inputs: ReadonlyArray<readonly [number, Action]>,
  draws: number[] = [],
) {
  const http: HttpRequest[] = [];
  const deps: DrmDeps = {
    clock: { now: () => s.now() },
    scheduler: s,
    random: { next: () => draws.shift() ?? 0.5 },
    http: createFakeHttp(
      s,
      http,
      provider(s, () => licence(s.now())),
    ),
    eme: createFakeEme(s, []),
  };
  const store = createStore<DrmSlice & SessionSlice, DrmDeps>({
    reducer: (st, a) => ({ ...st, drm: drmReducer(st.drm, a) }),
    epics: drmEpics,
    deps,
    initialState: { drm: initialDrmState, session: DRM_SESSION },
  });
  for (const [at, action] of [[0, SETUP] as const, [10, encrypted({ initDataType: 'cenc', initData: 'a' })] as const, ...inputs]) {
    s.schedule(() => store.dispatch(action, 'adapter'), at);
  }
  s.schedule(() => store.stop(), 20_000);
  const letters$ = store.envelopes$.pipe(
    map((e) => LETTERS[e.action.type]),
    filter((letter): letter is string => letter !== undefined),
  );
  return { letters$, http, posts: () => http.filter((r) => r.method === 'POST').length };
}

const failing = { status: 500, body: '{"error":{"status":500}}' };
const granted = { status: 200, body: LICENCE };

describe('licence requests to a failing licence server (spec 001 §7 Media, §9 Request retries max 2, Generic backoff)', () => {
  it('two 500s, then the licence: retried after 200 ms and 400 ms (200 ms linear), the licence handed over at 610 ms', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      let answers = 0;
      const r = run(s, () => (answers++ < 2 ? failing : granted), []);
      expectObservable(r.letters$).toBe('10ms r 199ms r 399ms L');
    });
  });

  it('the backoff has 20% jitter either way, from the random port: draws 0 and 1 wait 160 ms and 480 ms; after the 2 retries it fails', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable, flush }) => {
      const r = run(s, () => failing, [], [0, 1]);
      expectObservable(r.letters$).toBe('10ms r 159ms r 479ms F');
      flush();
      expect(r.posts()).toBe(3);
    });
  });

  it('an outage longer than the retries: each play or resume asks again (renewed, retried, failed) until the server is back, then the licence comes', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      const r = run(s, (now) => (now < 5000 ? failing : granted), [
        [3000, resumeRequested()],
        [6000, playContextRequested({ contextUri: 'spotify:album:x', index: 0, reason: 'playbtn' })],
        [7000, resumeRequested()],
      ]);
      // After the licence nothing more is asked: the 7000 ms resume finds no failed challenge.
      expectObservable(r.letters$).toBe('10ms r 199ms r 399ms F 2389ms (Nr) 196ms r 399ms F 2399ms (NL)');
    });
  });

  it('no play, no renewal: the failed challenge waits for the visitor (a failing server is not polled)', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable, flush }) => {
      const r = run(s, () => failing, []);
      expectObservable(r.letters$).toBe('10ms r 199ms r 399ms F');
      flush();
      expect(r.posts()).toBe(3);
    });
  });

  it('a capped user (402) is not asked again on play: the cap has its own reaction (spec 001 §4)', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable, flush }) => {
      const r = run(s, () => ({ status: 402, body: '' }), [[1000, resumeRequested()]]);
      expectObservable(r.letters$).toBe('10ms (CF)');
      flush();
      expect(r.posts()).toBe(1);
    });
  });

  it('a refused licence (403, not retried, endpoint refreshed) is asked again on play, with a freshly resolved licence URL', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable, flush }) => {
      const r = run(s, (now) => (now < 1000 ? { status: 403, body: 'no' } : granted), [[2000, resumeRequested()]]);
      expectObservable(r.letters$).toBe('10ms F 1989ms (NL)');
      flush();
      expect(r.http.filter((request) => request.url.includes('license-url'))).toHaveLength(2);
    });
  });
});
