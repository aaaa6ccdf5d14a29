import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { acceptingDealer, createFakeHttp, createFakeSocket, unreachableDealer } from '../../../adapters/fake';
import { createStore } from '../../store/store';
import { connectRequested } from './actions';
import type { TransportDeps } from './deps';
import { transportEpics } from './index';
import { transportReducer } from './reducer';
import type { SessionSlice } from '../session/state';
import { initialTransportState, type TransportSlice } from './state';
import { TRANSPORT_SESSION } from './testing/run-transport';

const resolved = () => ({ status: 200, headers: {}, body: '{"dealer":["p.test:80"],"spclient":["p.test:80"]}' });

describe('reconnect backoff as marbles (spec 001 §9 Socket reconnection retries 3, base 1000 ms up to 15000 ms)', () => {
  it('a dealer dropped at 10000 ms and unreachable after: reconnecting at 10000, 11001 and 13002 ms, disconnected at 17003 ms', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable }) => {
      const first = acceptingDealer('c1');
      const socket = createFakeSocket(scheduler, (_url, index) =>
        index === 0 ? { ...first, events: [...(first.events ?? []), [10000, { kind: 'close', code: 1011, reason: '' }] as const] } : unreachableDealer,
      );
      const deps: TransportDeps = {
        clock: { now: () => scheduler.now() },
        scheduler,
        random: { next: () => 0.5 },
        http: createFakeHttp(scheduler, [], resolved),
        socket,
      };
      const store = createStore<TransportSlice & SessionSlice, TransportDeps>({
        reducer: (state, action) => ({ ...state, transport: transportReducer(state.transport, action) }),
        epics: transportEpics,
        deps,
        initialState: { transport: initialTransportState('client'), session: TRANSPORT_SESSION },
      });
      scheduler.schedule(() => store.dispatch(connectRequested({ caller: 'client', resolveUrl: 'http://p.test/apresolve' })), 0);
      scheduler.schedule(() => store.stop(), 40000);
      const lifecycle$ = store.envelopes$.pipe(
        map((e) => e.action),
        filter((a) => a.type === 'transport/reconnecting' || a.type === 'transport/disconnected'),
      );
      // Each attempt's socket fails 1 ms after it opens, so the waits are 1000, 2000 and 4000 ms after those failures.
      expectObservable(lifecycle$).toBe('10000ms a 1000ms b 2000ms c 4000ms d', {
        a: { type: 'transport/reconnecting', attempt: 1, delayMs: 1000 },
        b: { type: 'transport/reconnecting', attempt: 2, delayMs: 2000 },
        c: { type: 'transport/reconnecting', attempt: 3, delayMs: 4000 },
        d: { type: 'transport/disconnected', reason: 'Cannot connect to dealer' },
      });
    });
  });
});
