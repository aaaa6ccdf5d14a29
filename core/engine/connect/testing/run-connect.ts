import { TestScheduler } from 'rxjs/testing';
import type { SchedulerLike } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse } from '../../../ports';
import type { Action } from '../../../store/action';
import { createStore, type Envelope } from '../../../store/store';
import { sessionReducer } from '../../session/reducer';
import { initialSessionState, type SessionSlice } from '../../session/state';
import { transportReducer } from '../../transport/reducer';
import { initialTransportState, type TransportSlice } from '../../transport/state';
import type { ConnectDeps } from '../deps';
import { connectEpics } from '../index';
import { connectReducer } from '../reducer';
import { initialConnectState, type ConnectSlice, type ConnectState } from '../state';

/** As adapters/fake's: core/ may not import adapters/, so the test hands its fake HTTP in. */
export type HttpResponder = (request: HttpRequest) => HttpResponse | Error;
export type FakeHttpFactory = (scheduler: SchedulerLike, calls: HttpRequest[], responder: HttpResponder, delayMs?: number) => HttpPort;

export const LOCAL = 'l'.repeat(40);
export const json = (status: number, body: unknown): HttpResponse => ({ status, headers: {}, body: body === undefined ? '' : JSON.stringify(body) });
export const acked =
  (ackId: string): HttpResponder =>
  () =>
    json(200, { ack_id: ackId });

type State = ConnectSlice & TransportSlice & SessionSlice;

/**
 * The remote-control client in a store on virtual time: a session holding token 'tok', a
 * transport resolved (spclient p.test) with `connectionId` (null: none yet), and the connect slice
 * `connect` (observing by default). HTTP answers after 10 ms. Returns the epic actions as [t, type, payload].
 */
export function runConnect(
  createFakeHttp: FakeHttpFactory,
  inputs: ReadonlyArray<readonly [number, Action]>,
  options: { http?: HttpResponder; connectionId?: string | null; connect?: Partial<ConnectState>; stopAt?: number } = {},
) {
  const scheduler = new TestScheduler((a, b) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('marble mismatch');
  });
  const calls: HttpRequest[] = [];
  const log: Array<[number, string, Record<string, unknown>]> = [];
  let state!: () => State;
  scheduler.run(({ flush }) => {
    const deps: ConnectDeps = {
      clock: { now: () => scheduler.now() },
      scheduler,
      http: createFakeHttp(scheduler, calls, options.http ?? (() => json(204, undefined)), 10),
      device: { descriptor: { id: LOCAL } },
      player: { apiUrl: 'http://api.test' },
    };
    const session = { ...initialSessionState, status: 'loaded' as const, accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false };
    const connectionId = options.connectionId === undefined ? 'c1' : options.connectionId;
    const transport = {
      ...initialTransportState('client'),
      status: 'authenticated' as const,
      resolveUrl: 'http://p.test/apresolve',
      endpoints: { dealer: 'p.test', spclient: 'p.test' },
      connectionId,
    };
    const store = createStore<State, ConnectDeps>({
      reducer: (s, a) => ({ transport: transportReducer(s.transport, a), connect: connectReducer(s.connect, a), session: sessionReducer(s.session, a) }),
      epics: connectEpics,
      deps,
      initialState: { connect: { ...initialConnectState, observing: true, ...options.connect }, transport, session },
      onEnvelope: (e: Envelope) => {
        if (e.src !== 'epic') return;
        const { type, ...payload } = e.action as Action & Record<string, unknown>;
        log.push([e.t, type.replace(/^connect\//, ''), payload]);
      },
    });
    state = () => store.getState();
    for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action), at);
    scheduler.schedule(() => store.stop(), options.stopAt ?? 20000);
    flush();
  });
  return { log, calls, state };
}
