import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest } from '../../ports';
import { drmSetupRequested, mediaKeysAttached } from '../drm/actions';
import { licencePrefetchEpic } from './licence-prefetch.epic';
import { engineState } from './testing/engine-state';
import { runPlayer } from './testing/run-player';

const SETUP = drmSetupRequested({
  localProvider: true,
  licenceUrlEndpoint: 'http://p.test/license-url',
  serverTimeUrl: 'http://p.test/server-time',
  sdkName: 'embed-sdk',
  sdkVersion: '0.1.0',
  accessToken: 'tok',
  applicationCertificateUrl: undefined,
});

const answers = (request: HttpRequest) =>
  request.url.startsWith('http://p.test/server-time')
    ? { status: 200, headers: {}, body: JSON.stringify({ timestamp: 1000 }) }
    : { status: 200, headers: {}, body: JSON.stringify({ uri: 'http://p.test/licence/1', expires: 1000 + 3600 }) };

describe('the licence URL is ready before the first play (spec 001 §9 licence URL cache; §7 Media licence flow)', () => {
  it('once the media keys are attached, the server time and the licence URL are fetched and cached', () => {
    const requests: HttpRequest[] = [];
    const run = runPlayer([licencePrefetchEpic], engineState({}), [[0, SETUP], [5, mediaKeysAttached({ keySystem: 'org.w3.clearkey' })]], {
      http: (scheduler) => createFakeHttp(scheduler, requests, answers),
    });
    expect(requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual(['GET http://p.test/server-time', 'GET http://p.test/license-url']);
    expect(run.log.map(([, type]) => type)).toEqual(['drm/serverTimeFetched', 'drm/licenceUrlResolved']);
    expect(run.state().drm.licenceUrl?.uri).toBe('http://p.test/licence/1');
  });

  it('a provider that cannot answer leaves no action: the licence exchange asks again, and reports', () => {
    const requests: HttpRequest[] = [];
    const run = runPlayer([licencePrefetchEpic], engineState({}), [[0, SETUP], [5, mediaKeysAttached({ keySystem: 'org.w3.clearkey' })]], {
      http: (scheduler) => createFakeHttp(scheduler, requests, () => ({ status: 400, headers: {}, body: 'no' })),
    });
    expect(run.log.map(([, type]) => type).filter((type) => type.startsWith('drm/licence'))).toEqual([]);
    expect(run.state().drm.licenceUrl).toBeNull();
  });
});

