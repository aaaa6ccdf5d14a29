import { TestScheduler } from 'rxjs/testing';
import type { SchedulerLike } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse } from '../../../ports';
import type { Action } from '../../../store/action';
import { createStore, type Envelope } from '../../../store/store';
import { sessionReducer } from '../../session/reducer';
import { initialSessionState, type SessionSlice } from '../../session/state';
import { initialTransportState, type TransportSlice } from '../../transport/state';
import { checkDescriptor } from '../descriptor';
import type { DeviceDeps } from '../deps';
import { deviceEpics } from '../index';
import { deviceReducer } from '../reducer';
import { initialDeviceState, type DeviceSlice } from '../state';

/** As adapters/fake's: core/ may not import adapters/, so the test hands its fake HTTP in. */
export type HttpResponder = (request: HttpRequest) => HttpResponse | Error;
export type FakeHttpFactory = (scheduler: SchedulerLike, calls: HttpRequest[], responder: HttpResponder, delayMs?: number) => HttpPort;

export const ID = 'd'.repeat(40);
const checked = checkDescriptor({ id: ID, name: 'Web', model: 'embed', type: 'computer' });
if (!checked.ok) throw new Error('descriptor');
const descriptor = checked.descriptor;
export const ok: HttpResponder = () => ({ status: 200, headers: {}, body: '{}' });
export const ref = (s: string, paused = false) => ({ state_machine_id: 'm', state_id: s, paused });

/**
 * The device epics in a store on virtual time, with a session holding token 'tok' (a tokenReceived
 * replaces it) and a transport already resolved (spclient p.test); HTTP answers after 10 ms. Returns the epic actions as [t, type, payload].
 */
export function runDevice(createFakeHttp: FakeHttpFactory, inputs: ReadonlyArray<readonly [number, Action]>, http: HttpResponder = ok, stopAt = 10000) {
  // No marble assertions here: the comparator only guards against misuse.
  const scheduler = new TestScheduler((a, b) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('marble mismatch');
  });
  const calls: HttpRequest[] = [];
  const log: Array<[number, string, Record<string, unknown>]> = [];
  let state!: () => DeviceSlice & TransportSlice & SessionSlice;
  scheduler.run(({ flush }) => {
    const deps: DeviceDeps = {
      clock: { now: () => scheduler.now() },
      scheduler,
      http: createFakeHttp(scheduler, calls, http, 10),
      device: { descriptor, clientVersion: '1.0.0' },
    };
    const session = { ...initialSessionState, status: 'loaded' as const, accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false };
    const transport = { ...initialTransportState('client'), resolveUrl: 'http://p.test/apresolve', endpoints: { dealer: 'p.test', spclient: 'p.test' } };
    const store = createStore<DeviceSlice & TransportSlice & SessionSlice, DeviceDeps>({
      reducer: (s, a) => ({ transport: s.transport, device: deviceReducer(s.device, a), session: sessionReducer(s.session, a) }),
      epics: deviceEpics,
      deps,
      initialState: { device: initialDeviceState, transport, session },
      onEnvelope: (e: Envelope) => {
        if (e.src !== 'epic') return;
        const { type, ...payload } = e.action as Action & Record<string, unknown>;
        log.push([e.t, type.replace(/^(device|transport)\//, ''), payload]);
      },
    });
    state = () => store.getState();
    for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action), at);
    scheduler.schedule(() => store.stop(), stopAt);
    flush();
  });
  return { log, calls, state };
}
