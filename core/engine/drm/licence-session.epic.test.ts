import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { FAKE_CLEARKEY_CHALLENGE, createFakeEme, createFakeHttp } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import { createStore } from '../../store/store';
import { encrypted } from './actions';
import { mediaLoadRequested } from '../media/actions';
import type { DrmDeps } from './deps';
import { drmEpics } from './index';
import { drmReducer } from './reducer';
import { initialDrmState, type DrmSlice } from './state';
import type { SessionSlice } from '../session/state';
import { DRM_SESSION, provider, runDrm, SETUP } from './testing/run-drm';

const FAKES = { createFakeHttp, createFakeEme };

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';
const granted = () => ({ status: 200, body: LICENCE });
const fact = (id: string) => encrypted({ initDataType: 'cenc', initData: id });
const types = (log: ReadonlyArray<[number, string, Record<string, unknown>?]>) => log.map(([t, type]) => [t, type]);
const posts = (http: HttpRequest[]) => http.filter((r) => r.method === 'POST');

describe('licence URL cache as marbles (spec 001 §9: cached until 60 s before expiry; server time refetched after 180000 ms)', () => {
  it('a URL living 120 s, fetched as the media keys are attached (0 ms): reused at 59999 ms, refetched at 60000 ms; server time again at 180000 ms', () => {
    const s = scheduler();
    s.run(({ expectObservable }) => {
      const http: HttpRequest[] = [];
      const deps: DrmDeps = {
        clock: { now: () => s.now() },
        scheduler: s,
        random: { next: () => 0.5 },
        http: createFakeHttp(s, http, provider(s, granted, 120)),
        eme: createFakeEme(s, []),
      };
      const store = createStore<DrmSlice & SessionSlice, DrmDeps>({
        reducer: (st, a) => ({ ...st, drm: drmReducer(st.drm, a) }),
        epics: drmEpics,
        deps,
        initialState: { drm: initialDrmState, session: DRM_SESSION },
      });
      const inputs = [
        [0, SETUP],
        [1000, fact('a')],
        [59_999, fact('b')],
        [60_000, fact('c')],
        [180_000, fact('d')],
      ] as const;
      for (const [at, action] of inputs) s.schedule(() => store.dispatch(action, 'adapter'), at);
      s.schedule(() => store.stop(), 200_000);
      const fetched$ = store.envelopes$.pipe(
        map((e) => e.action.type),
        filter((type) => type === 'drm/licenceUrlResolved' || type === 'drm/serverTimeFetched' || type === 'drm/licenceUpdated'),
        map((type) => ({ 'drm/licenceUrlResolved': 'u', 'drm/serverTimeFetched': 's', 'drm/licenceUpdated': 'L' })[type]),
      );
      // Each group of n letters takes n + 2 frames of 1 ms.
      expectObservable(fetched$).toBe('(su) 996ms L 58998ms L (uL) 119996ms (suL)');
    });
  });
});

describe('licence exchange (spec 001 §7 Media licence request; §8 EME)', () => {
  it('posts the ClearKey challenge JSON to the resolved licence URI and hands the answer to update()', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        provider(s, granted),
        {},
        [
          [0, SETUP],
          [10, fact('a')],
        ],
        100,
      );
      s.flush();
      expect(run.http.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET http://p.test/v1/application-certificate',
        'GET http://p.test/server-time',
        'GET http://p.test/license-url?keysystem=org.w3.clearkey&mediatype=audio&sdk_name=harmony&sdk_version=3.22.1',
        'POST http://p.test/licence/1',
      ]);
      expect(posts(run.http)[0]?.body).toBe('{"kids":["AAAAAAAAAAAAAAAAAAAAAA"],"type":"temporary"}');
      expect(run.eme).toContain(`update ${LICENCE}`);
      // The server time and the licence URL come as the keys are attached; the challenge goes straight to the licence.
      const log = run.log.map(([, type, p]) => [type, p]);
      expect(log.slice(log.findIndex(([type]) => type === 'drm/serverTimeFetched'))).toEqual([
        ['drm/serverTimeFetched', { offsetMs: 1e9, at: 0 }],
        ['drm/licenceUrlResolved', { uri: 'http://p.test/licence/1', expiresAt: 3_600_000 }],
        ['drm/licencePrefetchEnded', undefined],
        // spec 001 §3 tracking record: the licence session, generation, request and update latencies end at these.
        ['drm/licenceSessionCreated', undefined],
        ['drm/licenceChallenged', { messageType: 'license-request', bytes: Math.floor((FAKE_CLEARKEY_CHALLENGE.length * 3) / 4) }],
        ['drm/licenceReceived', undefined],
        ['drm/licenceUpdated', { keySystem: 'org.w3.clearkey' }],
      ]);
    });
  });

  it('a challenge that comes while the licence URL is being prefetched waits for it: the URL is asked for once', () => {
    const s = scheduler();
    s.run(() => {
      // The provider answers each request 1 ms later (provider()); the challenge comes before the prefetch's answers.
      const run = runDrm(
        FAKES,
        s,
        provider(s, granted),
        {},
        [
          [0, SETUP],
          [0, fact('a')],
        ],
        100,
      );
      s.flush();
      const types = run.log.map(([, type]) => type);
      expect(run.http.filter((r) => r.url.includes('license-url'))).toHaveLength(1);
      expect(types.filter((type) => type === 'drm/licenceUrlResolved')).toHaveLength(1);
      expect(types.indexOf('drm/licenceChallenged')).toBeLessThan(types.indexOf('drm/licencePrefetchEnded'));
      expect(types.indexOf('drm/licencePrefetchEnded')).toBeLessThan(types.indexOf('drm/licenceUpdated'));
    });
  });

  it('an encrypted fact before the media keys are attached waits for them; the same init data twice makes one session', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        provider(s, granted),
        {},
        [
          [0, SETUP],
          [0, fact('a')],
          [10, fact('a')],
        ],
        100,
      );
      s.flush();
      expect(run.eme.filter((c) => c === 'session cenc')).toEqual(['session cenc']);
      expect(run.eme.indexOf('setMediaKeys')).toBeLessThan(run.eme.indexOf('session cenc'));
      expect(posts(run.http)).toHaveLength(1);
    });
  });

  it('a server error is retried twice, after the generic backoff (200 and 400 ms), then fails with License request failed (message) (spec 001 §7, §9)', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        provider(s, () => ({ status: 500, body: 'x' })),
        {},
        [
          [0, SETUP],
          [10, fact('a')],
        ],
        20_000,
      );
      s.flush();
      const tail = run.log.filter(([, type]) => type === 'drm/licenceRequestRetried' || type === 'drm/failed');
      expect(tail).toEqual([
        [10, 'drm/licenceRequestRetried', { retry: 1, delayMs: 200, err: 'License request failed (status 500)' }],
        [210, 'drm/licenceRequestRetried', { retry: 2, delayMs: 400, err: 'License request failed (status 500)' }],
        [610, 'drm/failed', { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 500)', fatal: false }],
      ]);
      expect(posts(run.http)).toHaveLength(3);
    });
  });

  it('a network failure is retried too', () => {
    const s = scheduler();
    s.run(() => {
      let n = 0;
      const run = runDrm(
        FAKES,
        s,
        provider(s, () => (n++ === 0 ? new Error('offline') : granted())),
        {},
        [
          [0, SETUP],
          [10, fact('a')],
        ],
        20_000,
      );
      s.flush();
      expect(types(run.log).slice(-3)).toEqual([
        [10, 'drm/licenceRequestRetried'],
        [210, 'drm/licenceReceived'],
        [210, 'drm/licenceUpdated'],
      ]);
    });
  });

  it("402 caps the user: one request, a capped event and 'User is capped.'", () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        provider(s, () => ({ status: 402, body: '' })),
        {},
        [
          [0, SETUP],
          [10, fact('a')],
        ],
        20_000,
      );
      s.flush();
      expect(run.log.slice(-2).map(([, type, p]) => [type, p])).toEqual([
        ['drm/userCapped', undefined],
        ['drm/failed', { code: 'CAPPING_USER_IS_CAPPED', message: 'User is capped.', fatal: false }],
      ]);
      expect(posts(run.http)).toHaveLength(1);
      expect(run.state().capped).toBe(true);
    });
  });

  it.each([400, 403])('%d is not retried and refreshes the endpoint: the next challenge resolves a new licence URL', (status) => {
    const s = scheduler();
    s.run(() => {
      let n = 0;
      const run = runDrm(
        FAKES,
        s,
        provider(s, () => (n++ === 0 ? { status, body: 'no' } : granted())),
        {},
        [
          [0, SETUP],
          [10, fact('a')],
          [50, fact('b')],
        ],
        20_000,
      );
      s.flush();
      expect(run.log.filter(([, type]) => type === 'drm/licenceUrlInvalidated' || type === 'drm/failed' || type === 'drm/licenceUrlResolved')).toEqual([
        [0, 'drm/licenceUrlResolved', expect.anything()],
        [10, 'drm/licenceUrlInvalidated', { status }],
        [10, 'drm/failed', { code: 'EME_LICENSE_REQUEST_FAILED', message: `License request failed (status ${status})`, fatal: false }],
        [50, 'drm/licenceUrlResolved', expect.anything()],
      ]);
      expect(posts(run.http)).toHaveLength(2);
    });
  });

  it('an empty licence body is not retried: Empty license body', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        provider(s, () => ({ status: 200, body: '' })),
        {},
        [
          [0, SETUP],
          [10, fact('a')],
        ],
        20_000,
      );
      s.flush();
      expect(run.log.at(-1)).toEqual([10, 'drm/failed', { code: 'EME_EMPTY_LICENSE', message: 'Empty license body.', fatal: false }]);
      expect(posts(run.http)).toHaveLength(1);
    });
  });

  it.each([
    [{ updateFails: true }, 'EME_LICENSE_UPDATE_FAILED', 'License update failed.'],
    [{ createSessionFails: true }, 'EME_KEY_SESSION_NOT_SUPPORTED', 'Key session not supported.'],
    [{ generateRequestError: 'NotSupportedError' }, 'EME_GENERATE_REQUEST_NOT_SUPPORTED', 'Generating the license request is not supported.'],
    [{ generateRequestError: 'InvalidStateError' }, 'EME_GENERATE_REQUEST_INVALID_STATE', 'Generating the license request failed: invalid state.'],
    [{ generateRequestError: 'QuotaExceededError' }, 'EME_GENERATE_REQUEST_UNKNOWN', 'Generating the license request failed (QuotaExceededError).'],
  ])('EME session failure %j: %s', (script, code, message) => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        provider(s, granted),
        script,
        [
          [0, SETUP],
          [10, fact('a')],
        ],
        20_000,
      );
      s.flush();
      expect(run.log.at(-1)).toEqual([10, 'drm/failed', { code, message, fatal: false }]);
    });
  });
});

describe('content id (spec 001 §7 Media: "POST to licence server URL with content id substituted")', () => {
  const templated = (s: TestScheduler) => {
    const base = provider(s, granted);
    return (request: HttpRequest) => {
      const answer = base(request);
      if (request.url.startsWith('http://p.test/license-url') && !(answer instanceof Error)) {
        const { expires } = JSON.parse(answer.body) as { expires: number };
        return { ...answer, body: JSON.stringify({ uri: 'http://p.test/licence/{contentId}?sig=s', expires }) };
      }
      return answer;
    };
  };

  it('the licence of the file being loaded is posted to the URL naming that file', () => {
    const s = scheduler();
    s.run(() => {
      const load = mediaLoadRequested({ fileId: 'file-9', protected: true, isAd: false, startMs: 0, autoplay: true });
      const run = runDrm(
        FAKES,
        s,
        templated(s),
        {},
        [
          [0, SETUP],
          [5, load],
          [10, fact('a')],
        ],
        100,
      );
      s.flush();
      expect(posts(run.http).map((r) => r.url)).toEqual(['http://p.test/licence/file-9?sig=s']);
      expect(run.log.map(([, type]) => type)).toContain('drm/licenceUpdated');
    });
  });

  it('with no file loaded the templated URL is not posted to: the licence request fails', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        templated(s),
        {},
        [
          [0, SETUP],
          [10, fact('a')],
        ],
        100,
      );
      s.flush();
      expect(posts(run.http)).toEqual([]);
      expect(run.log.find(([, type]) => type === 'drm/failed')?.[2]).toEqual({
        code: 'EME_LICENSE_REQUEST_FAILED',
        message: 'License request failed (no content id for the licence URL)',
        fatal: false,
      });
    });
  });
});
