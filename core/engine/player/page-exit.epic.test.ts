import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest } from '../../ports';
import { deviceEpics } from '../device';
import { pageHidden } from './actions';
import { pageExitEpic } from './page-exit.epic';
import { engineState } from './testing/engine-state';
import { runPlayer } from './testing/run-player';

const resolved = { endpoints: { dealer: 'p.test:80', spclient: 'p.test:80' }, resolveUrl: 'http://p.test/apresolve', connectionId: 'c1' };

function run(registration: 'registered' | 'unregistered') {
  const calls: HttpRequest[] = [];
  const { log } = runPlayer(
    [...deviceEpics, pageExitEpic],
    engineState({ device: { registration }, transport: resolved, session: { accessToken: 'tok' } }),
    [[0, pageHidden()]],
    {
      http: (scheduler) => createFakeHttp(scheduler, calls, () => ({ status: 204, headers: {}, body: '' })),
    },
  );
  return { log, calls };
}

describe('a page going away deregisters its device (spec 001 §4 Device service client: deregistered on 200 or 204; Client lifecycle)', () => {
  it('a registered device sends its DELETE with keepalive, so that it outlives the page, and is deregistered', () => {
    const { log, calls } = run('registered');
    expect(log.map(([, type]) => type)).toEqual(['device/deregistrationRequested', 'device/deregistered']);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: `http://p.test:80/track-playback/v1/devices/${'d'.repeat(40)}`, keepalive: true });
  });

  it('a device that is not registered has nothing to deregister', () => {
    const { log, calls } = run('unregistered');
    expect(log).toEqual([]);
    expect(calls).toEqual([]);
  });
});
