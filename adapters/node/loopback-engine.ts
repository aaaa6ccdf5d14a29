// The engine pieces a loopback test of the remote-control client drives (session, transport,
// device, connect) over the real adapters (fetch, the Node websocket) against a real provider on
// 127.0.0.1, shared by claim-loopback and remote-control-loopback.
import { asyncScheduler } from 'rxjs';
import { createFetchHttp } from '../browser/fetch-http';
import { createNodeSocket } from './ws-socket';
import * as Connect from '../../core/engine/connect';
import * as Device from '../../core/engine/device';
import { sessionReducer } from '../../core/engine/session/reducer';
import { initialSessionState, type SessionSlice } from '../../core/engine/session/state';
import * as T from '../../core/engine/transport';
import type { Action } from '../../core/store/action';
import { createStore, type Epic, type Store } from '../../core/store/store';
import type { TestServer } from '../../server/test-server';
import { sessionCookie } from '../../server/web-api/api-test-client';

export type State = SessionSlice & T.TransportSlice & Device.DeviceSlice & Connect.ConnectSlice;

export function recorder() {
  const seen: Action[] = [];
  const waiters: Array<{ test: (a: Action) => boolean; resolve: (a: Action) => void }> = [];
  return {
    seen,
    add: (action: Action) => {
      seen.push(action);
      for (const w of [...waiters]) {
        if (w.test(action)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(action);
        }
      }
    },
    /** The first action (seen already or to come) that passes `test`, within 10 s. */
    when: <A extends Action>(test: (a: Action) => a is A, what: string): Promise<A> =>
      new Promise<A>((resolve, reject) => {
        const found = seen.find(test);
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no ${what} within 10 s; saw ${seen.map((a) => a.type).join(', ')}`)), 10000);
        waiters.push({ test, resolve: (a) => (clearTimeout(timer), resolve(a as A)) });
      }),
  };
}

export async function loginToken(server: TestServer): Promise<string> {
  const cookie = await sessionCookie(server);
  const answer = await fetch(server.url('/access_token?reason=transport&productType=web_player'), { headers: { cookie } });
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** One engine of the demo user: a device (`id`) and, once asked, a controller. */
export function engine(server: TestServer, id: string, accessToken: string, extraEpics: ReadonlyArray<Epic<State, never>> = []) {
  const rec = recorder();
  const checked = Device.checkDescriptor({ id, name: `Loopback ${id.slice(0, 4)}`, model: 'loopback', type: 'computer' });
  if (!checked.ok) throw new Error(checked.err);
  const scheduler = asyncScheduler;
  const epics = [...T.transportEpics, ...Device.deviceEpics, ...Connect.connectEpics] as unknown as ReadonlyArray<Epic<State, never>>;
  const store: Store<State> = createStore<State, never>({
    reducer: (s, a) => ({
      session: sessionReducer(s.session, a),
      transport: T.transportReducer(s.transport, a),
      device: Device.deviceReducer(s.device, a),
      connect: Connect.connectReducer(s.connect, a),
    }),
    epics: [...epics, ...extraEpics],
    deps: {
      clock: { now: () => scheduler.now() },
      scheduler,
      random: { next: () => 0.5 },
      http: createFetchHttp((url, init) => fetch(url, init)),
      socket: createNodeSocket(),
      device: { descriptor: checked.descriptor, clientVersion: 'loopback' },
      player: { apiUrl: server.url('') },
    } as never,
    initialState: {
      session: { ...initialSessionState, status: 'loaded', accessToken, expiresAtMs: 9e12, isAnonymous: false },
      transport: T.initialTransportState('client'),
      device: Device.initialDeviceState,
      connect: Connect.initialConnectState,
    },
    onEnvelope: (e) => rec.add(e.action),
  });
  store.dispatch(T.connectRequested({ caller: 'client', resolveUrl: server.url('/apresolve') }));
  return { store, rec };
}
