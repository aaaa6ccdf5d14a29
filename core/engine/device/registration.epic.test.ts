import { authenticated, reconnected } from '../transport/actions';
import * as A from './actions';
import { createFakeHttp } from '../../../adapters/fake/fake-http';
import { ID, runDevice } from './testing/run-device';

const run = (...args: Parameters<typeof runDevice> extends [unknown, ...infer Rest] ? Rest : never) => runDevice(createFakeHttp, ...args);

describe('device registration (spec 001 §4 Device service client, §7 POST devices)', () => {
  it('registers on the connection id with the descriptor and the scaled volume, and is registered on a 200', () => {
    const { log, calls, state } = run([[0, authenticated({ connectionId: 'c1', at: 0 })]]);
    expect(log).toEqual([
      [0, 'registrationRequested', { connectionId: 'c1' }],
      [10, 'registered', { connectionId: 'c1' }],
    ]);
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://p.test/track-playback/v1/devices', headers: { authorization: 'Bearer tok' } });
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({ device: { id: ID }, connection_id: 'c1', client_version: '1.0.0', volume: 65535 });
    expect(state().device.registration).toBe('registered');
  });

  it('re-registers on a new connection id only', () => {
    const { log } = run([
      [0, authenticated({ connectionId: 'c1', at: 0 })],
      [100, reconnected({ connectionId: 'c1', at: 100 })],
      [200, reconnected({ connectionId: 'c2', at: 200 })],
    ]);
    expect(log.filter(([, type]) => type === 'registrationRequested').map(([t, , p]) => [t, p])).toEqual([
      [0, { connectionId: 'c1' }],
      [200, { connectionId: 'c2' }],
    ]);
  });

  it.each([
    [429, { code: 'TP_MAX_SUBSCRIPTIONS_REACHED', err: 'Max connections reached', fatal: true, report: false }],
    [403, { code: 'TP_REGISTRATION_FAILED_NON_PREMIUM', err: 'Premium required', fatal: true, report: true }],
  ])('a %p fails registration with spec 001 §8', (status, failure) => {
    const { log, state } = run([[0, authenticated({ connectionId: 'c1', at: 0 })]], () => ({ status, headers: {}, body: '' }));
    expect(log[1]).toEqual([10, 'registrationFailed', failure]);
    expect(state().device.registration).toBe('failed');
  });

  it('deregisters with a DELETE and is deregistered on 204', () => {
    const { log, calls } = run([[0, A.deregistrationRequested()]], () => ({ status: 204, headers: {}, body: '' }));
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: `http://p.test/track-playback/v1/devices/${ID}` });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ seq_num: 1, state_ref: null });
    expect(log).toEqual([[10, 'deregistered', {}]]);
  });
});
