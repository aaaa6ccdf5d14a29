import { TestScheduler } from 'rxjs/testing';
import { acceptingDealer, createFakeHttp, createFakeSocket, type FakeSocket, type FakeSocketScript } from '../../../adapters/fake';
import type { Action } from '../../store/action';
import { authenticateRequested, connectRequested, tokenUpdated } from './actions';
import { authenticateFrame } from './dealer-frame';
import { authenticateRefusal } from './lifecycle';
import { authenticatesOnConnect, type TransportOptions } from './state';
import { OWNER, runTransport, type Logged } from './testing/run-transport';
import { tokenReceived } from '../session/actions';
/** A token refresh as the engine has it: the session receives the token, then the transport hears of it. */
const refresh = (at: number, accessToken: string) =>
  [
    [at, tokenReceived({ accessToken, expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: [] })],
    [at, tokenUpdated()],
  ] as const;

const connect = connectRequested({ caller: OWNER, resolveUrl: 'http://p.test/apresolve' });
const CLIENT = 'sdk-client';

interface Setup {
  readonly scripts: ReadonlyArray<FakeSocketScript>;
  readonly inputs?: ReadonlyArray<readonly [number, Action]>;
  readonly options?: TransportOptions;
  readonly stopAt?: number;
}

function run(setup: Setup): { log: Logged[]; socket: FakeSocket; status: string } {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  let socket!: FakeSocket;
  let result!: ReturnType<typeof runTransport>;
  scheduler.run(({ flush }) => {
    socket = createFakeSocket(scheduler, (_url, index) => setup.scripts[Math.min(index, setup.scripts.length - 1)] ?? {});
    const http = createFakeHttp(scheduler, [], () => ({ status: 200, headers: {}, body: '{"dealer":["p.test:80"],"spclient":["p.test:80"]}' }));
    const deps = { clock: { now: () => scheduler.now() }, scheduler, random: { next: () => 0.5 }, http, socket };
    const omit = ['serviceResolveRequested', 'serviceResolved', 'heartbeatPingSent', 'heartbeatPongReceived'];
    result = runTransport(scheduler, deps, [[0, connect], ...(setup.inputs ?? [])], setup.stopAt ?? 1000, omit, setup.options ?? {});
    flush();
  });
  return { log: result.log, socket, status: result.state().status };
}

const sentAuth = (socket: FakeSocket) => socket.sent.filter((s) => s.text.includes('authenticate')).map((s) => [s.at, JSON.parse(s.text)]);

describe('authentication on the dealer (spec 001 §7 Realtime socket "Authenticated with the token after connecting"; §4 lifecycle management)', () => {
  it.each([
    ['the client owns the transport', { owner: 'a', client: 'a', lifecycleManagement: false }, true],
    ['the client does not own it and may not manage its lifecycle', { owner: 'a', client: 'b', lifecycleManagement: false }, false],
    ['the client does not own it but lifecycle management is allowed', { owner: 'a', client: 'b', lifecycleManagement: true }, true],
  ])(
    'spec 001 §4 "On connect the client authenticates automatically if it owns the transport or lifecycle management is allowed": %s → %s',
    (_name, state, expected) => {
      expect(authenticatesOnConnect(state)).toBe(expected);
    },
  );

  it.each([
    ['the owner', OWNER, false, null],
    ['the client, lifecycle management allowed', CLIENT, true, null],
    ['the client, not allowed', CLIENT, false, 'Method authenticate must be called from the Transport instance.'],
    ['a stranger, even when allowed', 'stranger', true, 'Method authenticate must be called from the Transport instance.'],
  ])('who may authenticate the connection: %s', (_name, caller, lifecycleManagement, expected) => {
    expect(authenticateRefusal({ owner: OWNER, client: CLIENT, lifecycleManagement }, caller)).toBe(expected);
  });

  it('sends the token once the connection id came, and is authenticated only when the dealer accepts it', () => {
    const slow: FakeSocketScript = { ...acceptingDealer('c1'), authReplyAfterMs: 5 };
    const { log, socket } = run({ scripts: [slow] });
    expect(sentAuth(socket)).toEqual([[2, authenticateFrame('tok')]]);
    expect(authenticateFrame('tok')).toEqual({
      type: 'request',
      key: 'authenticate',
      message_ident: 'hm://pusher/v1/authenticate',
      message: { access_token: 'tok' },
    });
    expect(log).toEqual([
      [0, 'socketOpenRequested', { reconnect: false, attempt: 0 }],
      [1, 'connected', { reconnect: false }],
      [7, 'authenticated', { connectionId: 'c1', at: 7 }],
    ]);
  });

  it('a dealer that never accepts the token leaves the socket connected, not authenticated', () => {
    const { log, status } = run({ scripts: [{ ...acceptingDealer('c1'), authReplyAfterMs: undefined }] });
    expect(log.map(([, type]) => type)).toEqual(['socketOpenRequested', 'connected']);
    expect(status).toBe('connected');
  });

  it('a client that neither owns the transport nor may manage it waits for the owner to authenticate; a refused caller is told why', () => {
    const { log, socket } = run({
      scripts: [acceptingDealer('c1')],
      options: { client: CLIENT, allowLifecycleManagement: false },
      inputs: [
        [50, authenticateRequested({ caller: CLIENT })],
        [60, authenticateRequested({ caller: OWNER })],
      ],
    });
    expect(sentAuth(socket)).toEqual([[60, authenticateFrame('tok')]]);
    expect(log).toEqual([
      [0, 'socketOpenRequested', { reconnect: false, attempt: 0 }],
      [1, 'connected', { reconnect: false }],
      [50, 'lifecycleRefused', { method: 'authenticate', message: 'Method authenticate must be called from the Transport instance.' }],
      [60, 'authenticated', { connectionId: 'c1', at: 60 }],
    ]);
  });

  it('with lifecycle management allowed, a client that does not own the transport authenticates by itself', () => {
    const { log, socket } = run({ scripts: [acceptingDealer('c1')], options: { client: CLIENT, allowLifecycleManagement: true } });
    expect(sentAuth(socket)).toEqual([[2, authenticateFrame('tok')]]);
    expect(log[log.length - 1]).toEqual([2, 'authenticated', { connectionId: 'c1', at: 2 }]);
  });

  it('a refused token (the dealer closes after its refusal) is retried as an authentication (spec 001 §9: 2 retries, base 500 ms)', () => {
    const refusing: FakeSocketScript = {
      events: [
        [1, { kind: 'open' }],
        [2, { kind: 'message', text: JSON.stringify({ type: 'message', uri: 'hm://pusher/v1/connections/c1', headers: { 'Spotify-Connection-Id': 'c1' } }) }],
        [3, { kind: 'message', text: JSON.stringify({ type: 'reply', key: 'authenticate', payload: { success: false } }) }],
        [3, { kind: 'close', code: 1008, reason: 'Access token refused' }],
      ],
    };
    const { log, status } = run({ scripts: [refusing, acceptingDealer('c2')], stopAt: 5000 });
    expect(log.map(([, type]) => type)).toEqual([
      'socketOpenRequested',
      'connected',
      'socketClosed',
      'connectRetryScheduled',
      'socketOpenRequested',
      'connected',
      'authenticated',
    ]);
    expect(status).toBe('authenticated');
  });

  it('a refreshed token authenticates the live connection again (a dealer that checks tokens sees the new one)', () => {
    const { socket, log } = run({ scripts: [acceptingDealer('c1')], inputs: refresh(100, 'tok2') });
    expect(sentAuth(socket)).toEqual([
      [2, authenticateFrame('tok')],
      [100, authenticateFrame('tok2')],
    ]);
    // The second acceptance changes nothing: the connection was authenticated once.
    expect(log.filter(([, type]) => type === 'authenticated')).toHaveLength(1);
  });

  it('a reconnection authenticates again with the token of the moment, and is reported as reconnected', () => {
    const drop: FakeSocketScript = {
      ...acceptingDealer('c1'),
      events: [...(acceptingDealer('c1').events ?? []), [6000, { kind: 'close', code: 1011, reason: 'gone' }]],
    };
    const { socket, log } = run({ scripts: [drop, acceptingDealer('c2')], inputs: refresh(3000, 'tok2'), stopAt: 9000 });
    expect(sentAuth(socket).map(([at, frame]) => [at, (frame as { message: { access_token: string } }).message.access_token])).toEqual([
      [2, 'tok'],
      [3000, 'tok2'],
      [7002, 'tok2'],
    ]);
    expect(log[log.length - 1]).toEqual([7002, 'reconnected', { connectionId: 'c2', at: 7002 }]);
  });
});
