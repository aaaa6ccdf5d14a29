import { TestScheduler } from 'rxjs/testing';
import { createFakeEme, createFakeHttp } from '../../../adapters/fake';
import { createFakeHttp as createDeviceHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest } from '../../ports';
import { stateUpdateRequested } from '../device/actions';
import { runDevice } from '../device/testing/run-device';
import { encrypted } from '../drm/actions';
import { provider, runDrm, SETUP } from '../drm/testing/run-drm';
import { tokenReceived } from './actions';
import { authorisation, bearerHeader } from './authorisation';
import { initialSessionState } from './state';

/*
 * Issue 15 "One source of the live access token": the session slice alone holds the token, and
 * every authorised call builds its header from it when it is sent (spec 001 §4 Auth "token
 * update": a refreshed token is the one the next request of every service carries).
 */

const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';
/** A refresh the session received for some other caller: no call here asked for it. */
const refreshed = (accessToken: string) => tokenReceived({ accessToken, expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: ['player'] });
const bearerOf = (r: HttpRequest | undefined) => r?.headers?.['authorization'];

describe('authorisation header (the one builder)', () => {
  it('is Bearer and the token, or nothing without a token', () => {
    expect(bearerHeader('t1')).toEqual({ authorization: 'Bearer t1' });
    expect(bearerHeader(null)).toEqual({});
    expect(authorisation({ ...initialSessionState, accessToken: 't2' })).toEqual({ authorization: 'Bearer t2' });
  });
});

describe('a token refreshed mid-session reaches the next call of each service', () => {
  it('DRM: licences, licence URL, server time and certificate before the refresh carry tok; the next licence request carries tok2', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      // A licence URL living 120 s, so the second challenge (at 200 s) resolves it again, with the new token.
      const run = runDrm(
        { createFakeHttp, createFakeEme },
        s,
        provider(s, () => ({ status: 200, body: LICENCE }), 120),
        {},
        [
          [0, SETUP],
          [10, encrypted({ initDataType: 'cenc', initData: 'a' })],
          [100_000, refreshed('tok2')],
          [200_000, encrypted({ initDataType: 'cenc', initData: 'b' })],
        ],
        300_000,
      );
      s.flush();
      const calls = run.http.map((r) => [`${r.method} ${r.url.replace(/\?.*/, '')}`, bearerOf(r)]);
      expect(calls).toEqual([
        ['GET http://p.test/v1/application-certificate', 'Bearer tok'],
        ['GET http://p.test/server-time', 'Bearer tok'],
        ['GET http://p.test/license-url', 'Bearer tok'],
        ['POST http://p.test/licence/1', 'Bearer tok'],
        ['GET http://p.test/server-time', 'Bearer tok2'],
        ['GET http://p.test/license-url', 'Bearer tok2'],
        ['POST http://p.test/licence/1', 'Bearer tok2'],
      ]);
    });
  });

  it('track-playback: the state update after the refresh carries tok2', () => {
    const update = (position: number) => stateUpdateRequested({ reason: 'progress', position, duration: 1000, playbackStats: null });
    const { calls } = runDevice(createDeviceHttp, [
      [0, update(1)],
      [100, refreshed('tok2')],
      [200, update(2)],
    ]);
    expect(calls.map((c) => [c.method, bearerOf(c)])).toEqual([
      ['PUT', 'Bearer tok'],
      ['PUT', 'Bearer tok2'],
    ]);
  });
});
