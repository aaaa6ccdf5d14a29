import { TestScheduler } from 'rxjs/testing';
import { createFakeEme, createFakeHttp } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import { encrypted } from './actions';
import { provider, runDrm, SETUP, type HttpResponder } from './testing/run-drm';

const FAKES = { createFakeHttp, createFakeEme };
const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';
const isLicenceUrl = (r: HttpRequest) => r.url.startsWith('http://p.test/license-url');

/**
 * The provider of run-drm.ts, except that the license-url endpoint gives `answers` in turn (the
 * last one again once they run out); records the virtual time of each license-url request.
 */
function licenceUrlAnswering(s: TestScheduler, answers: ReadonlyArray<{ status: number; body: string } | Error>, asked: number[]): HttpResponder {
  const normal = provider(s, () => ({ status: 200, body: LICENCE }));
  let n = 0;
  return (request) => {
    if (!isLicenceUrl(request)) return normal(request);
    asked.push(s.now());
    const answer = answers[Math.min(n++, answers.length - 1)];
    if (answer === undefined || answer instanceof Error) return answer ?? new Error('no answer');
    return answer.status === 200 ? normal(request) : { ...answer, headers: {} };
  };
}

describe('license url retries (spec 001 §7 Media: GET license url, retried on server or connection errors; ours: 3 retries, 1000 ms × attempt)', () => {
  it('server errors then an answer: asked at 0, 1000 and 3000 ms; the URL is cached from the third answer', () => {
    const s = scheduler();
    s.run(() => {
      const asked: number[] = [];
      const http = licenceUrlAnswering(
        s,
        [
          { status: 503, body: '' },
          { status: 500, body: '' },
          { status: 200, body: '' },
        ],
        asked,
      );
      const run = runDrm(FAKES, s, http, {}, [[0, SETUP]], 20_000);
      s.flush();
      expect(asked).toEqual([0, 1000, 3000]);
      expect(run.log.filter(([, type]) => type === 'drm/licenceUrlResolved').map(([t]) => t)).toEqual([3000]);
      expect(run.state().licenceUrl?.uri).toBe('http://p.test/licence/1');
    });
  });

  it('connection errors are retried the same way', () => {
    const s = scheduler();
    s.run(() => {
      const asked: number[] = [];
      const run = runDrm(FAKES, s, licenceUrlAnswering(s, [new Error('offline'), { status: 200, body: '' }], asked), {}, [[0, SETUP]], 20_000);
      s.flush();
      expect(asked).toEqual([0, 1000]);
      expect(run.state().licenceUrl).not.toBeNull();
    });
  });

  it("server errors every time: 1 + 3 requests, then the challenge fails with 'Cannot resolve license url' (spec 001 §8 License)", () => {
    const s = scheduler();
    s.run(() => {
      const asked: number[] = [];
      const run = runDrm(
        FAKES,
        s,
        licenceUrlAnswering(s, [{ status: 503, body: '' }], asked),
        {},
        [
          [0, SETUP],
          [10_000, encrypted({ initDataType: 'cenc', initData: 'a' })],
        ],
        30_000,
      );
      s.flush();
      // The prefetch as the keys are attached (not reported), then the challenge's own tries.
      expect(asked).toEqual([0, 1000, 3000, 6000, 10_000, 11_000, 13_000, 16_000]);
      expect(run.log.filter(([, type]) => type === 'drm/failed')).toEqual([
        [16_000, 'drm/failed', { code: 'LICENSE_CANNOT_RESOLVE_URL', message: 'Cannot resolve license url (status 503)', fatal: false }],
      ]);
      expect(run.http.filter((r) => r.method === 'POST')).toEqual([]);
    });
  });

  it.each([
    [
      'a client error (404)',
      { status: 404, body: '' },
      { code: 'LICENSE_CANNOT_RESOLVE_URL', message: 'Cannot resolve license url (status 404)', fatal: false },
    ],
    [
      'a deprecated version (400 code deprecated-version, spec 001 §8 License: fatal, with its text)',
      { status: 400, body: '{"code":"deprecated-version"}' },
      { code: 'LICENSE_DEPRECATED_VERSION', message: 'This version of the SDK is no longer supported. Please upgrade', fatal: true },
    ],
  ])('%s is not retried', (_rule, answer, error) => {
    const s = scheduler();
    s.run(() => {
      const asked: number[] = [];
      const run = runDrm(
        FAKES,
        s,
        licenceUrlAnswering(s, [answer], asked),
        {},
        [
          [0, SETUP],
          [10_000, encrypted({ initDataType: 'cenc', initData: 'a' })],
        ],
        30_000,
      );
      s.flush();
      expect(asked).toEqual([0, 10_000]);
      expect(run.log.filter(([, type]) => type === 'drm/failed')).toEqual([[10_000, 'drm/failed', error]]);
    });
  });
});
