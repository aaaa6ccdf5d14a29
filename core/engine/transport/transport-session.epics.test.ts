import { TestScheduler } from 'rxjs/testing';
import { acceptingDealer, createFakeHttp, createFakeSocket, unreachableDealer, type FakeSocket, type FakeSocketScript } from '../../../adapters/fake';
import type { Action } from '../../store/action';
import { connectRequested, disconnectRequested, replyRequested } from './actions';
import { OWNER, runTransport, type Logged } from './testing/run-transport';

const connect = connectRequested({ caller: OWNER, resolveUrl: 'http://p.test/apresolve' });
/** spec 001 §7 Realtime socket: the authentication the client sends once the connection id came. */
const AUTH_TEXT = '{"type":"request","key":"authenticate","message_ident":"hm://pusher/v1/authenticate","message":{"access_token":"tok"}}';
const message = (frame: unknown) => ({ kind: 'message' as const, text: JSON.stringify(frame) });

interface Setup {
  /** The script of each connection, by index; the last one repeats. */
  readonly scripts: ReadonlyArray<FakeSocketScript>;
  readonly inputs?: ReadonlyArray<readonly [number, Action]>;
  /** Things the far end does at given times. */
  readonly far?: ReadonlyArray<readonly [number, (socket: FakeSocket) => void]>;
  readonly stopAt: number;
  readonly omit?: ReadonlyArray<string>;
}

function run(setup: Setup): { log: Logged[]; socket: FakeSocket; status: string } {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  let socket!: FakeSocket;
  let result!: ReturnType<typeof runTransport>;
  scheduler.run(({ flush }) => {
    socket = createFakeSocket(scheduler, (_url, index) => setup.scripts[Math.min(index, setup.scripts.length - 1)] ?? {});
    const http = createFakeHttp(scheduler, [], () => ({ status: 200, headers: {}, body: '{"dealer":["p.test:80"],"spclient":["p.test:80"]}' }));
    const deps = { clock: { now: () => scheduler.now() }, scheduler, random: { next: () => 0.5 }, http, socket };
    result = runTransport(scheduler, deps, [[0, connect], ...(setup.inputs ?? [])], setup.stopAt, [
      'serviceResolveRequested',
      'serviceResolved',
      ...(setup.omit ?? []),
    ]);
    for (const [at, act] of setup.far ?? []) scheduler.schedule(() => act(socket), at);
    flush();
  });
  return { log: result.log, socket, status: result.state().status };
}

const dropAfter = (ms: number, id: string): FakeSocketScript => {
  const script = acceptingDealer(id);
  return { ...script, events: [...(script.events ?? []), [ms, { kind: 'close', code: 1011, reason: 'gone' }]] };
};

describe('transport session (spec 001 §4 Transport lifecycle, §9 heartbeat, reconnect, quick disconnect)', () => {
  it('pings 30000 ms after opening, and again 30000 ms after each pong', () => {
    const { log, socket } = run({ scripts: [acceptingDealer('c1')], stopAt: 70000 });
    expect(log.filter(([, type]) => type.startsWith('heartbeat'))).toEqual([
      [30001, 'heartbeatPingSent'],
      [30002, 'heartbeatPongReceived'],
      [60002, 'heartbeatPingSent'],
      [60003, 'heartbeatPongReceived'],
    ]);
    expect(socket.sent.map((s) => [s.at, s.text])).toEqual([
      [2, AUTH_TEXT],
      [30001, '{"type":"ping"}'],
      [60002, '{"type":"ping"}'],
    ]);
  });

  it('no pong within 10000 ms closes with 4001 and reconnects after 1000 ms', () => {
    const silent: FakeSocketScript = { ...acceptingDealer('c1'), pongAfterMs: undefined };
    const { log, socket } = run({ scripts: [silent, acceptingDealer('c2')], stopAt: 45000 });
    expect(socket.closed).toEqual([{ index: 0, at: 40001, code: 4001, reason: 'Heartbeat timeout' }]);
    expect(log.filter(([t]) => t >= 30001)).toEqual([
      [30001, 'heartbeatPingSent'],
      [40001, 'socketClosed', { code: 4001, reason: 'Heartbeat timeout', opened: true }],
      [40001, 'reconnecting', { attempt: 1, delayMs: 1000 }],
      [41001, 'socketOpenRequested', { reconnect: true, attempt: 1 }],
      [41002, 'connected', { reconnect: true }],
      [41003, 'reconnected', { connectionId: 'c2', at: 41003 }],
    ]);
  });

  it('reconnects up to 3 times with backoff 1000, 2000, 4000 ms, then is disconnected', () => {
    const { log, status } = run({
      scripts: [dropAfter(10000, 'c1'), unreachableDealer],
      stopAt: 40000,
      omit: ['socketErrored', 'socketOpenRequested', 'socketClosed'],
    });
    expect(log.filter(([t]) => t >= 10000)).toEqual([
      [10000, 'reconnecting', { attempt: 1, delayMs: 1000 }],
      [11001, 'reconnecting', { attempt: 2, delayMs: 2000 }],
      [13002, 'reconnecting', { attempt: 3, delayMs: 4000 }],
      [17003, 'disconnected', { reason: 'Cannot connect to dealer' }],
    ]);
    expect(status).toBe('disconnected');
  });

  it('a session under 5000 ms is a quick disconnect: reported, and the reconnect count goes on', () => {
    const { log } = run({ scripts: [dropAfter(3000, 'c1'), dropAfter(1000, 'c2')], stopAt: 40000, omit: ['socketOpenRequested', 'socketClosed', 'connected'] });
    expect(log.filter(([t]) => t >= 3000)).toEqual([
      [3000, 'shortSessionDisconnected', { durationMs: 2998 }],
      [3000, 'reconnecting', { attempt: 1, delayMs: 1000 }],
      [4002, 'reconnected', { connectionId: 'c2', at: 4002 }],
      [5000, 'shortSessionDisconnected', { durationMs: 998 }],
      [5000, 'reconnecting', { attempt: 2, delayMs: 2000 }],
      [7002, 'reconnected', { connectionId: 'c2', at: 7002 }],
      [8000, 'shortSessionDisconnected', { durationMs: 998 }],
      [8000, 'reconnecting', { attempt: 3, delayMs: 4000 }],
      [12002, 'reconnected', { connectionId: 'c2', at: 12002 }],
      [13000, 'shortSessionDisconnected', { durationMs: 998 }],
      [13000, 'disconnected', { reason: 'Cannot connect to dealer' }],
    ]);
  });

  it('a session of 5000 ms or more starts the reconnect count again', () => {
    const { log } = run({
      scripts: [dropAfter(5002, 'c1'), dropAfter(6000, 'c2')],
      stopAt: 13000,
      omit: ['socketOpenRequested', 'socketClosed', 'connected', 'reconnected'],
    });
    expect(log.filter(([t]) => t >= 5000)).toEqual([
      [5002, 'reconnecting', { attempt: 1, delayMs: 1000 }],
      [12002, 'reconnecting', { attempt: 1, delayMs: 1000 }],
    ]);
  });

  it('a close with code 4000 from the dealer ends the session without reconnecting', () => {
    const script = acceptingDealer('c1');
    const { log, status } = run({
      scripts: [{ ...script, events: [...(script.events ?? []), [6000, { kind: 'close', code: 4000, reason: 'Replaced' }]] }],
      stopAt: 20000,
    });
    expect(log.slice(-2)).toEqual([
      [6000, 'socketClosed', { code: 4000, reason: 'Replaced', opened: true }],
      [6000, 'disconnected', { reason: 'Replaced' }],
    ]);
    expect(status).toBe('disconnected');
  });

  it("the owner's disconnect closes the socket with 4000 and nothing reconnects", () => {
    const { log, socket, status } = run({
      scripts: [acceptingDealer('c1')],
      inputs: [[100, disconnectRequested({ caller: OWNER, force: true })]],
      stopAt: 50000,
    });
    expect(socket.closed).toEqual([{ index: 0, at: 100, code: 4000, reason: 'Disconnected' }]);
    expect(log[log.length - 1]).toEqual([100, 'disconnected', { reason: 'Disconnected by the owner' }]);
    expect(socket.opened).toHaveLength(1);
    expect(status).toBe('disconnected');
  });

  it('turns pushes into actions, answers the dealer’s pings and replies to requests by key', () => {
    const { log, socket } = run({
      scripts: [acceptingDealer('c1')],
      far: [
        [10, (s) => s.emit(message({ type: 'message', uri: 'hm://product-state', headers: { a: 'b' }, payloads: [{ ads: '0' }] }))],
        [20, (s) => s.emit(message({ type: 'request', key: 'k1', message_ident: 'hm://cmd', message: { command: 'ping' } }))],
        [30, (s) => s.emit(message({ type: 'ping' }))],
        [40, (s) => s.emit({ kind: 'message', text: '{"type":"nope"}' })],
      ],
      inputs: [[25, replyRequested({ key: 'k1', success: true })]],
      stopAt: 100,
    });
    expect(log.filter(([t]) => t >= 10)).toEqual([
      [10, 'messageReceived', { uri: 'hm://product-state', headers: { a: 'b' }, payloads: [{ ads: '0' }] }],
      [20, 'requestReceived', { key: 'k1', messageIdent: 'hm://cmd', message: { command: 'ping' } }],
      [40, 'frameRejected', { err: 'Dealer frame has an unknown type: "nope".' }],
    ]);
    expect(socket.sent.map((s) => [s.at, JSON.parse(s.text)])).toEqual([
      [2, JSON.parse(AUTH_TEXT)],
      [25, { type: 'reply', key: 'k1', payload: { success: true } }],
      [30, { type: 'pong' }],
    ]);
  });

  it('a client logout message logs out and closes with 4000, without reconnecting', () => {
    const { log, socket, status } = run({
      scripts: [acceptingDealer('c1')],
      far: [[10, (s) => s.emit(message({ type: 'message', uri: 'hm://pusher/v1/client-logout' }))]],
      stopAt: 50000,
    });
    expect(log[log.length - 1]).toEqual([10, 'loggedOut']);
    expect(socket.closed).toEqual([{ index: 0, at: 10, code: 4000, reason: 'Disconnected' }]);
    expect(status).toBe('loggedOut');
  });
});
