import { TestScheduler } from 'rxjs/testing';
import { acceptingDealer, createFakeHttp, createFakeSocket, type FakeSocket, type FakeSocketScript } from '../../../adapters/fake';
import type { Action } from '../../store/action';
import { connectRequested, disconnectRequested, networkChanged } from './actions';
import { CAME_ONLINE, WENT_OFFLINE } from './network.epic';
import { OWNER, runTransport, type Logged } from './testing/run-transport';

const connect = connectRequested({ caller: OWNER, resolveUrl: 'http://p.test/apresolve' });
const offline = networkChanged({ online: false });
const online = networkChanged({ online: true });

function run(scripts: ReadonlyArray<FakeSocketScript>, inputs: ReadonlyArray<readonly [number, Action]>, stopAt: number) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  let socket!: FakeSocket;
  let result!: ReturnType<typeof runTransport>;
  let resolves = 0;
  scheduler.run(({ flush }) => {
    socket = createFakeSocket(scheduler, (_url, index) => scripts[Math.min(index, scripts.length - 1)] ?? {});
    const http = createFakeHttp(scheduler, [], () => {
      resolves += 1;
      return { status: 200, headers: {}, body: '{"dealer":["p.test:80"],"spclient":["p.test:80"]}' };
    });
    const deps = { clock: { now: () => scheduler.now() }, scheduler, random: { next: () => 0.5 }, http, socket };
    result = runTransport(scheduler, deps, [[0, connect], ...inputs], stopAt, ['serviceResolved', 'heartbeatPingSent', 'heartbeatPongReceived']);
    flush();
  });
  return { log: result.log, socket, status: result.state().status, resolves };
}

const lifecycle = (log: Logged[]) => log.filter(([, type]) => !['socketOpenRequested', 'socketClosed'].includes(type));

describe('the network going and coming back (spec 001 §4 Transport lifecycle: before offline disconnect, before online disconnect)', () => {
  it('offline under an authenticated connection: before offline disconnect, the socket closed with 4000, then connected again from the service resolve once online', () => {
    const { log, socket, status, resolves } = run(
      [acceptingDealer('c1'), acceptingDealer('c2')],
      [
        [100, offline],
        [5000, online],
      ],
      6000,
    );
    expect(lifecycle(log)).toEqual([
      [0, 'serviceResolveRequested'],
      [1, 'connected', { reconnect: false }],
      [2, 'authenticated', { connectionId: 'c1', at: 2 }],
      [100, 'beforeOfflineDisconnect'],
      [100, 'disconnected', { reason: WENT_OFFLINE }],
      [5000, 'serviceResolveRequested'],
      [5001, 'connected', { reconnect: false }],
      [5002, 'authenticated', { connectionId: 'c2', at: 5002 }],
    ]);
    expect(socket.closed).toEqual([{ index: 0, at: 100, code: 4000, reason: 'Disconnected' }]);
    expect(resolves).toBe(2);
    expect(status).toBe('authenticated');
  });

  it('online while a reconnection waits out its backoff: before online disconnect, and a fresh connection at once', () => {
    const dropped: FakeSocketScript = {
      ...acceptingDealer('c1'),
      events: [...(acceptingDealer('c1').events ?? []), [50, { kind: 'close', code: 1011, reason: 'gone' }]],
    };
    const { log } = run([dropped, acceptingDealer('c2')], [[300, online]], 2000);
    const from = log.findIndex(([, type]) => type === 'beforeOnlineDisconnect');
    expect(log.filter(([at]) => at >= 50 && at < 300).map(([, type]) => type)).toContain('reconnecting'); // 1000 ms of backoff ahead
    expect(log.filter(([, type]) => type === 'socketOpenRequested')).toHaveLength(2); // the backoff's open never came
    expect(lifecycle(log.slice(from))).toEqual([
      [300, 'beforeOnlineDisconnect'],
      [300, 'disconnected', { reason: CAME_ONLINE }],
      [300, 'serviceResolveRequested'],
      [301, 'connected', { reconnect: false }],
      [302, 'authenticated', { connectionId: 'c2', at: 302 }],
    ]);
  });

  it('does nothing when there is no connection to drop or to make again', () => {
    const { log } = run(
      [acceptingDealer('c1')],
      [
        [10, disconnectRequested({ caller: OWNER, force: false })],
        [20, offline],
        [30, online],
      ],
      100,
    );
    expect(log.filter(([at]) => at >= 20)).toEqual([]);
  });

  it("after the owner's own disconnect, the network coming back does not connect again", () => {
    const { log, status } = run(
      [acceptingDealer('c1')],
      [
        [10, offline],
        [20, disconnectRequested({ caller: OWNER, force: false })],
        [30, online],
      ],
      100,
    );
    expect(log.filter(([at]) => at >= 20)).toEqual([]);
    expect(status).toBe('disconnected');
  });
});
