import { TestScheduler } from 'rxjs/testing';
import { createFakeEme, createFakeHttp } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import { encrypted } from './actions';
import { provider, runDrm, SETUP } from './testing/run-drm';

const FAKES = { createFakeHttp, createFakeEme };
const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';
const gets = (http: HttpRequest[]) => http.filter((r) => r.method === 'GET' && !r.url.includes('certificate')).map((r) => r.url.split('?')[0]);

describe('the licence URL is ready before the first challenge (spec 001 §9 licence URL cache; §7 Media licence flow)', () => {
  it('once the media keys are attached the server time and the licence URL are fetched; the challenge then posts at once', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(
        FAKES,
        s,
        provider(s, () => ({ status: 200, body: LICENCE })),
        {},
        [[0, SETUP]],
        100,
      );
      s.flush();
      expect(gets(run.http)).toEqual(['http://p.test/server-time', 'http://p.test/license-url']);
      expect(run.state().licenceUrl?.uri).toBe('http://p.test/licence/1');
    });
    const t = scheduler();
    t.run(() => {
      const run = runDrm(
        FAKES,
        t,
        provider(t, () => ({ status: 200, body: LICENCE })),
        {},
        [
          [0, SETUP],
          [50, encrypted({ initDataType: 'cenc', initData: 'a' })],
        ],
        100,
      );
      t.flush();
      expect(gets(run.http)).toHaveLength(2);
      expect(run.log.filter(([, type]) => type === 'drm/licenceUpdated')).toEqual([[50, 'drm/licenceUpdated', { keySystem: 'org.w3.clearkey' }]]);
    });
  });

  it('a licence URL the provider refuses then is not reported: the challenge asks again, and reports (spec 001 §8 EME)', () => {
    const s = scheduler();
    s.run(() => {
      let urls = 0;
      const refusingFirst = (r: HttpRequest) => (r.url.includes('license-url') && urls++ === 0 ? new Error('offline') : undefined);
      const answers = provider(s, () => ({ status: 200, body: LICENCE }));
      const run = runDrm(
        FAKES,
        s,
        (r) => refusingFirst(r) ?? answers(r),
        {},
        [
          [0, SETUP],
          [5000, encrypted({ initDataType: 'cenc', initData: 'a' })],
        ],
        20_000,
      );
      s.flush();
      expect(run.log.filter(([t, type]) => t < 5000 && type === 'drm/failed')).toEqual([]);
      expect(run.log.map(([, type]) => type)).toContain('drm/licenceUpdated');
    });
  });
});
