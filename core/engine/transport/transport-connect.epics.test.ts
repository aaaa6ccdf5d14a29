import { TestScheduler } from 'rxjs/testing';
import { acceptingDealer, createFakeHttp, createFakeSocket, unreachableDealer, type FakeSocketScripter, type HttpResponder } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import { connectRequested, disconnectRequested, tokenUpdated } from './actions';
import { OWNER, runTransport } from './testing/run-transport';
import type { Action } from '../../store/action';
import { tokenReceived } from '../session/actions';
/** A token refresh as the engine has it: the session receives the token, then the transport hears of it. */
const refresh = (at: number, accessToken: string) =>
  [
    [at, tokenReceived({ accessToken, expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: [] })],
    [at, tokenUpdated()],
  ] as const;

const RESOLVE_URL = 'http://p.test/apresolve';
const resolved: HttpResponder = () => ({ status: 200, headers: {}, body: '{"dealer":["p.test:80"],"spclient":["p.test:80"]}' });
const connect = connectRequested({ caller: OWNER, resolveUrl: RESOLVE_URL });

interface Setup {
  readonly http?: HttpResponder;
  readonly socket?: FakeSocketScripter;
  readonly inputs: ReadonlyArray<readonly [number, Action]>;
  readonly stopAt?: number;
  readonly draw?: number;
}

/** The transport on fake HTTP and a fake dealer, in virtual time; heartbeat actions left out of the log. */
function run(setup: Setup) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const requests: HttpRequest[] = [];
  let result!: ReturnType<typeof runTransport>;
  let opened: string[] = [];
  scheduler.run(({ flush }) => {
    const socket = createFakeSocket(scheduler, setup.socket ?? (() => acceptingDealer('c1')));
    opened = socket.opened;
    result = runTransport(
      scheduler,
      {
        clock: { now: () => scheduler.now() },
        scheduler,
        random: { next: () => setup.draw ?? 0.5 },
        http: createFakeHttp(scheduler, requests, setup.http ?? resolved),
        socket,
      },
      setup.inputs,
      setup.stopAt ?? 20000,
      ['heartbeatPingSent', 'heartbeatPongReceived'],
    );
    flush();
  });
  return { ...result, requests, opened };
}

describe('transport connect (spec 001 §4 Transport lifecycle, §7 Service resolve)', () => {
  it('resolves the dealer, opens it with the token in the query and authenticates on the connection id', () => {
    const { log, opened, requests, state } = run({ inputs: [[0, connect]] });
    expect(requests.map((r) => r.url)).toEqual(['http://p.test/apresolve?type=dealer&type=spclient']);
    expect(opened).toEqual(['ws://p.test:80/dealer?access_token=tok']);
    expect(log).toEqual([
      [0, 'serviceResolveRequested'],
      [0, 'serviceResolved', { dealer: 'p.test:80', spclient: 'p.test:80' }],
      [0, 'socketOpenRequested', { reconnect: false, attempt: 0 }],
      [1, 'connected', { reconnect: false }],
      [2, 'authenticated', { connectionId: 'c1', at: 2 }],
    ]);
    expect(state()).toMatchObject({ status: 'authenticated', connectionId: 'c1' });
  });

  it('retries the service resolve 5 times with the generic backoff (200 ms linear, 20% jitter), then fails with the last error', () => {
    const { log, requests } = run({ http: () => ({ status: 503, headers: {}, body: '' }), inputs: [[0, connect]], draw: 0 });
    const err = 'Request failed with status 503';
    // draw 0: the jitter takes 20% off each linear step (160, 320, 480, 640, 800 ms).
    expect(log).toEqual([
      [0, 'serviceResolveRequested'],
      [0, 'serviceResolveRetried', { retry: 1, err, delayMs: 160 }],
      [160, 'serviceResolveRetried', { retry: 2, err, delayMs: 320 }],
      [480, 'serviceResolveRetried', { retry: 3, err, delayMs: 480 }],
      [960, 'serviceResolveRetried', { retry: 4, err, delayMs: 640 }],
      [1600, 'serviceResolveRetried', { retry: 5, err, delayMs: 800 }],
      [2400, 'connectionFailed', { err }],
    ]);
    expect(requests).toHaveLength(6);
  });

  it('waits what Retry-After asks, in seconds or as an HTTP date (spec 001 §8)', () => {
    let n = 0;
    const http: HttpResponder = () => {
      n += 1;
      if (n === 1) return { status: 429, headers: { 'retry-after': '2' }, body: '' };
      // Virtual time starts at the epoch: 1970-01-01T00:00:05Z is 3000 ms after the second answer (at 2000).
      if (n === 2) return { status: 503, headers: { 'retry-after': 'Thu, 01 Jan 1970 00:00:05 GMT' }, body: '' };
      return resolved({ method: 'GET', url: '' });
    };
    const { log } = run({ http, inputs: [[0, connect]] });
    expect(log.slice(0, 4)).toEqual([
      [0, 'serviceResolveRequested'],
      [0, 'serviceResolveRetried', { retry: 1, err: 'Request failed with status 429', delayMs: 2000 }],
      [2000, 'serviceResolveRetried', { retry: 2, err: 'Request failed with status 503', delayMs: 3000 }],
      [5000, 'serviceResolved', { dealer: 'p.test:80', spclient: 'p.test:80' }],
    ]);
  });

  it('a network failure and an incomplete answer are retried with their §8 texts', () => {
    let n = 0;
    const http: HttpResponder = () => {
      n += 1;
      if (n === 1) return new Error('offline');
      if (n === 2) return { status: 200, headers: {}, body: '{"dealer":["d:1"]}' };
      return { status: 200, headers: {}, body: '' };
    };
    const { log } = run({ http, inputs: [[0, connect]] });
    expect(log.map(([, type, p]) => [type, p?.err])).toEqual([
      ['serviceResolveRequested', undefined],
      ['serviceResolveRetried', 'Transport cannot complete request'],
      ['serviceResolveRetried', 'Incomplete response (missing dealer or gateway)'],
      ['serviceResolveRetried', 'Invalid response (empty body)'],
      ['serviceResolveRetried', 'Invalid response (empty body)'],
      ['serviceResolveRetried', 'Invalid response (empty body)'],
      ['connectionFailed', 'Invalid response (empty body)'],
    ]);
  });

  it('retries connecting 2 times after 500 and 1000 ms (auth retries 2, base 500 ms), then connection failed', () => {
    const { log, opened } = run({ socket: () => unreachableDealer, inputs: [[0, connect]] });
    expect(opened).toHaveLength(3);
    expect(log.slice(2)).toEqual([
      [0, 'socketOpenRequested', { reconnect: false, attempt: 0 }],
      [1, 'socketErrored', { err: 'Dealer connection error' }],
      [1, 'socketClosed', { code: 1006, reason: '', opened: false }],
      [1, 'connectRetryScheduled', { retry: 1, delayMs: 500, err: 'Cannot connect to dealer' }],
      [501, 'socketOpenRequested', { reconnect: false, attempt: 1 }],
      [502, 'socketErrored', { err: 'Dealer connection error' }],
      [502, 'socketClosed', { code: 1006, reason: '', opened: false }],
      [502, 'connectRetryScheduled', { retry: 2, delayMs: 1000, err: 'Cannot connect to dealer' }],
      [1502, 'socketOpenRequested', { reconnect: false, attempt: 2 }],
      [1503, 'socketErrored', { err: 'Dealer connection error' }],
      [1503, 'socketClosed', { code: 1006, reason: '', opened: false }],
      [1503, 'connectionFailed', { err: 'Cannot connect to dealer' }],
    ]);
  });

  it('a socket that opens but never announces a connection id fails authentication after 2 retries', () => {
    const socket = () => ({
      events: [
        [1, { kind: 'open' }],
        [3, { kind: 'close', code: 1008, reason: 'Invalid token' }],
      ] as const,
    });
    const { log, state } = run({ socket, inputs: [[0, connect]] });
    const err = 'Dealer closed the connection before authenticating (code 1008)';
    expect(log.filter(([, type]) => /Retry|Failed|failed/.test(type))).toEqual([
      [3, 'connectRetryScheduled', { retry: 1, delayMs: 500, err }],
      [506, 'connectRetryScheduled', { retry: 2, delayMs: 1000, err }],
      [1509, 'authenticationFailed', { err }],
    ]);
    expect(state()).toMatchObject({ status: 'failed', lastError: err });
  });

  it('a connect once authenticated does nothing more', () => {
    const { log } = run({
      inputs: [
        [0, connect],
        [100, connect],
      ],
    });
    expect(log.filter(([, type]) => type === 'serviceResolveRequested')).toHaveLength(1);
  });

  it("connect and disconnect by anyone but the owner are refused with the spec's message (spec 001 §6, §8)", () => {
    const { log } = run({
      inputs: [
        [0, connectRequested({ caller: 'widget', resolveUrl: RESOLVE_URL })],
        [1, disconnectRequested({ caller: 'widget', force: false })],
        [2, disconnectRequested({ caller: 'widget', force: true })],
      ],
    });
    expect(log).toEqual([
      [0, 'lifecycleRefused', { method: 'connect', message: 'Method connect must be called from the Transport instance.' }],
      [1, 'lifecycleRefused', { method: 'disconnect', message: 'Method disconnect must be called from the Transport instance.' }],
      [2, 'lifecycleRefused', { method: 'forceDisconnect', message: 'Method forceDisconnect must be called from the Transport instance.' }],
    ]);
  });

  it("the owner's disconnect during a connect retry cancels it", () => {
    const { log, opened, state } = run({
      socket: () => unreachableDealer,
      inputs: [
        [0, connect],
        [100, disconnectRequested({ caller: OWNER, force: false })],
      ],
    });
    expect(opened).toHaveLength(1);
    expect(log[log.length - 1]).toEqual([100, 'disconnected', { reason: 'Disconnected by the owner' }]);
    expect(state().status).toBe('disconnected');
  });

  it('a token update (spec 001 §4 Auth) is used by the next connection, a reconnection included', () => {
    const dropsAt6000 = (url: string, index: number) => {
      const script = acceptingDealer(`c${index}`);
      return index === 0 ? { ...script, events: [...(script.events ?? []), [6000, { kind: 'close', code: 1011, reason: '' }] as const] } : script;
    };
    const { opened } = run({ socket: dropsAt6000, inputs: [[0, connect], ...refresh(50, 'new')], stopAt: 9000 });
    expect(opened).toEqual(['ws://p.test:80/dealer?access_token=tok', 'ws://p.test:80/dealer?access_token=new']);
  });
});
