import { TestScheduler } from 'rxjs/testing';
import { drmSetupRequested } from './actions';
import { provider, runDrm, SETUP } from './testing/run-drm';
import { createFakeEme as fakeEme, createFakeHttp as fakeHttp } from '../../../adapters/fake';

const FAKES = { createFakeHttp: fakeHttp, createFakeEme: fakeEme };

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const CERT = 'http://p.test/v1/application-certificate';

/** The provider, with the certificate endpoint answering `answers` in turn (the last one repeats). */
function withCertificate(s: TestScheduler, answers: ReadonlyArray<{ status: number; body: string } | Error>) {
  const base = provider(s, () => ({ status: 500, body: '' }));
  let n = 0;
  return (request: Parameters<typeof base>[0]) => {
    if (!request.url.startsWith(CERT)) return base(request);
    const answer = answers[Math.min(n++, answers.length - 1)] as { status: number; body: string } | Error;
    return answer instanceof Error ? answer : { ...answer, headers: {} };
  };
}

const certificateLog = (log: ReadonlyArray<[number, string, Record<string, unknown>?]>) =>
  log.filter(([, type]) => type.startsWith('drm/applicationCertificate'));

describe('application certificate (spec 001 §7 Media: authorised, retried on server errors, failures ignored)', () => {
  it('hands a certificate to the media keys, authorised with the token', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(FAKES, s, withCertificate(s, [{ status: 200, body: 'Q0VSVA==' }]), { grants: ['com.widevine.alpha'] }, [[0, SETUP]], 100);
      s.flush();
      expect(run.http[0]).toEqual({ method: 'GET', url: CERT, headers: { authorization: 'Bearer tok' } });
      expect(run.eme).toContain('setServerCertificate Q0VSVA==');
      expect(certificateLog(run.log)).toEqual([[0, 'drm/applicationCertificateSet', { accepted: true }]]);
    });
  });

  it('server errors are retried 1000, 2000 and 3000 ms apart, then ignored', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(FAKES, s, withCertificate(s, [{ status: 503, body: '' }]), {}, [[0, SETUP]], 20_000);
      s.flush();
      expect(run.http.filter((r) => r.url === CERT)).toHaveLength(4);
      expect(certificateLog(run.log)).toEqual([[6000, 'drm/applicationCertificateIgnored', { reason: 'status 503' }]]);
    });
  });

  it('a server error then a certificate: set after one retry', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        withCertificate(s, [
          { status: 500, body: '' },
          { status: 200, body: 'Q0VSVA==' },
        ]),
        {},
        [[0, SETUP]],
        20_000,
      );
      s.flush();
      expect(certificateLog(run.log)).toEqual([[1000, 'drm/applicationCertificateSet', { accepted: false }]]);
    });
  });

  it.each([
    [{ status: 404, body: 'x' }, 'status 404, no certificate'],
    [new Error('offline'), 'offline'],
  ])('%j is ignored without retrying', (answer, reason) => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(FAKES, s, withCertificate(s, [answer]), {}, [[0, SETUP]], 20_000);
      s.flush();
      expect(run.http.filter((r) => r.url === CERT)).toHaveLength(1);
      expect(certificateLog(run.log)).toEqual([[0, 'drm/applicationCertificateIgnored', { reason }]]);
    });
  });

  it('no certificate URL in the setup: none is asked for', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        withCertificate(s, [{ status: 200, body: 'Q0VSVA==' }]),
        {},
        [[0, drmSetupRequested({ ...SETUP, applicationCertificateUrl: undefined })]],
        100,
      );
      s.flush();
      // No certificate request: only the licence URL's server time and URL (fetched as the keys are attached).
      expect(run.http.filter((r) => r.url.includes('certificate'))).toEqual([]);
      expect(certificateLog(run.log)).toEqual([]);
    });
  });
});
