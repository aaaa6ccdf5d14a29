import { TestScheduler } from 'rxjs/testing';
import { EME_API_NOT_SUPPORTED, EME_NO_SUPPORTED_KEYSYSTEM } from '../../contract';
import { drmSetupRequested } from './actions';
import { provider, runDrm, SETUP } from './testing/run-drm';
import { createFakeEme as fakeEme, createFakeHttp as fakeHttp } from '../../../adapters/fake';

const FAKES = { createFakeHttp: fakeHttp, createFakeEme: fakeEme };

const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const noLicence = () => ({ status: 500, body: '' });

describe('key system selection (spec 001 §3, §9 Key system order; §8 EME)', () => {
  it('the local provider in a ClearKey-only browser: Widevine, PlayReady, PlayReady hardware refused, ClearKey attached', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(FAKES, s, provider(s, noLicence), {}, [[0, SETUP]], 100);
      s.flush();
      expect(run.eme).toEqual([
        'access com.widevine.alpha refused',
        'access com.microsoft.playready.recommendation refused',
        'access com.microsoft.playready.recommendation.3000 refused',
        'access org.w3.clearkey granted',
        'createMediaKeys org.w3.clearkey',
        'setMediaKeys',
      ]);
      expect(run.log.map(([, type, payload]) => [type, payload])).toEqual([
        ['drm/keySystemSelected', { keySystem: 'org.w3.clearkey' }],
        ['drm/mediaKeysAttached', { keySystem: 'org.w3.clearkey' }],
        // Then, before any challenge, the server time and the licence URL (spec 001 §9 licence URL cache).
        ['drm/licencePrefetchStarted', undefined],
        ['drm/applicationCertificateIgnored', { reason: 'status 204, no certificate' }],
        ['drm/serverTimeFetched', { offsetMs: 1e9, at: 0 }],
        ['drm/licenceUrlResolved', { uri: 'http://p.test/licence/1', expiresAt: 3_600_000 }],
        ['drm/licencePrefetchEnded', undefined],
      ]);
      expect(run.state()).toMatchObject({ status: 'ready', keySystem: 'org.w3.clearkey', mediaKeys: true });
    });
  });

  it('Widevine wins when the browser grants it (first in order)', () => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(FAKES, s, provider(s, noLicence), { grants: ['org.w3.clearkey', 'com.widevine.alpha'] }, [[0, SETUP]], 100);
      s.flush();
      expect(run.log[0]).toEqual([expect.any(Number), 'drm/keySystemSelected', { keySystem: 'com.widevine.alpha' }]);
    });
  });

  it.each([
    ['another provider in a ClearKey-only browser', { localProvider: false }, {}, EME_NO_SUPPORTED_KEYSYSTEM, 'No supported keysystem was found.'],
    ['no browser key system at all', {}, { grants: [] }, EME_NO_SUPPORTED_KEYSYSTEM, 'No supported keysystem was found.'],
    ['a browser without EME', {}, { grants: 'no-api' as const }, EME_API_NOT_SUPPORTED, 'EME API not supported.'],
    ['media keys refused', {}, { createMediaKeysFails: true }, 'EME_MEDIA_KEYS_NOT_SUPPORTED', 'Media keys not supported.'],
    ['setMediaKeys refused', {}, { setMediaKeysFails: true }, 'EME_SET_MEDIA_KEYS_FAILED', 'Failed to set media keys.'],
  ])('%s: an initialization failure %s', (_name, setup, script, code, message) => {
    const s = scheduler();
    s.run(() => {
      const run = runDrm(FAKES, s, provider(s, noLicence), script, [[0, drmSetupRequested({ ...SETUP, ...setup })]], 100);
      s.flush();
      expect(run.log.at(-1)).toEqual([expect.any(Number), 'player/initializationFailed', { code, message }]);
      expect(run.state().mediaKeys).toBe(false);
    });
  });
});
