import { TestScheduler } from 'rxjs/testing';
import { createFakeEme, createFakeHttp } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import { mediaLoadRequested, mediaPreloaded } from '../media/actions';
import { encrypted } from './actions';
import { provider, runDrm, SETUP } from './testing/run-drm';

// spec 001 §4 can-preload: the next file's licence is asked for ahead, from the init data of its
// init segment fetched ahead, so that at the transition no licence request is needed.

const FAKES = { createFakeHttp, createFakeEme };
const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';
const granted = () => ({ status: 200, body: LICENCE });
const posts = (http: HttpRequest[]) => http.filter((r) => r.method === 'POST');
const preloaded = (fileId: string, initData: string | null) =>
  mediaPreloaded({
    playId: 1,
    fileId,
    urls: ['http://cdn.test/a'],
    expiresAt: null,
    offset: 1000,
    timescale: 1000,
    segments: [[20000, 10000]],
    protection: 'cenc',
    initKey: `next.${fileId}.init`,
    fragmentKey: `next.${fileId}.0`,
    initData,
  });

describe('licence ahead (spec 001 §4 can-preload, §7 Media licence flow)', () => {
  it('a file fetched ahead with init data gets its key session and licence at once; its encrypted fact at the load makes no second session or request', () => {
    const s = scheduler();
    s.run(() => {
      const inputs = [
        [0, SETUP],
        [0, mediaLoadRequested({ fileId: 'f1', protected: true, isAd: false, startMs: 0, autoplay: true })],
        [10, encrypted({ initDataType: 'cenc', initData: 'one' })],
        [1000, preloaded('f2', 'two')],
        [5000, mediaLoadRequested({ fileId: 'f2', protected: true, isAd: false, startMs: 0, autoplay: true })],
        [5010, encrypted({ initDataType: 'cenc', initData: 'two' })],
      ] as const;
      const run = runDrm(FAKES, s, provider(s, granted), {}, inputs, 10_000);
      s.flush();
      expect(run.eme.filter((c) => c === 'session cenc')).toHaveLength(2);
      expect(posts(run.http)).toHaveLength(2);
      const ahead = run.log.filter(([, type]) => type === 'drm/licencePreloadStarted');
      expect(ahead).toEqual([[1000, 'drm/licencePreloadStarted', { contentId: 'f2' }]]);
      // The licence of f2 was in place before its load (5000 ms).
      const updates = run.log.filter(([, type]) => type === 'drm/licenceUpdated').map(([t]) => t);
      expect(updates).toHaveLength(2);
      expect(updates[1]).toBeLessThan(5000);
      expect(run.log.filter(([t, type]) => t >= 5000 && type.startsWith('drm/licence'))).toEqual([]);
    });
  });

  it('a file fetched ahead without init data (no pssh) is licensed when the element meets it, as before', () => {
    const s = scheduler();
    s.run(() => {
      const inputs = [
        [0, SETUP],
        [1000, preloaded('f2', null)],
        [5000, mediaLoadRequested({ fileId: 'f2', protected: true, isAd: false, startMs: 0, autoplay: true })],
        [5010, encrypted({ initDataType: 'cenc', initData: 'two' })],
      ] as const;
      const run = runDrm(FAKES, s, provider(s, granted), {}, inputs, 10_000);
      s.flush();
      expect(run.log.filter(([, type]) => type === 'drm/licencePreloadStarted')).toEqual([]);
      expect(run.eme.filter((c) => c === 'session cenc')).toHaveLength(1);
      expect(run.log.filter(([t, type]) => t >= 5010 && type === 'drm/licenceUpdated')).toHaveLength(1);
    });
  });
});
