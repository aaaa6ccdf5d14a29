import { decideAfterClose, type SocketEnd } from './close-decision';
import { initialTransportState, type TransportState } from './state';

const base = initialTransportState('client');
const at = (status: TransportState['status'], attempt: number, sessionStartedAt: number | null = null): TransportState => ({
  ...base,
  status,
  attempt,
  sessionStartedAt,
});
const neverOpened: SocketEnd = { code: 1006, reason: '', opened: false };
const dropped: SocketEnd = { code: 1006, reason: '', opened: true };

describe('decideAfterClose (spec 001 §4 Transport lifecycle, §9 retries and codes)', () => {
  it.each<[string, TransportState, SocketEnd, number, unknown]>([
    [
      'connect retry 1 after 500 ms (auth retries 2, base 500 ms)',
      at('connecting', 0),
      neverOpened,
      0,
      { kind: 'retryConnect', retry: 1, delayMs: 500, err: 'Cannot connect to dealer' },
    ],
    ['connect retry 2 after 1000 ms', at('connecting', 1), neverOpened, 0, { kind: 'retryConnect', retry: 2, delayMs: 1000, err: 'Cannot connect to dealer' }],
    ['connection failed after 2 retries', at('connecting', 2), neverOpened, 0, { kind: 'connectionFailed', err: 'Cannot connect to dealer' }],
    [
      'an opened socket with no connection id retries authentication',
      at('connected', 0),
      { code: 1008, reason: '', opened: true },
      0,
      { kind: 'retryConnect', retry: 1, delayMs: 500, err: 'Dealer closed the connection before authenticating (code 1008)' },
    ],
    [
      'authentication failed after 2 retries',
      at('connected', 2),
      { code: 1008, reason: '', opened: true },
      0,
      { kind: 'authenticationFailed', err: 'Dealer closed the connection before authenticating (code 1008)' },
    ],
    [
      'a long session that drops reconnects from attempt 1 after 1000 ms',
      at('authenticated', 3, 0),
      dropped,
      5000,
      { kind: 'reconnect', attempt: 1, delayMs: 1000, shortSessionMs: null },
    ],
    [
      'heartbeat timeout (4001) reconnects',
      at('authenticated', 0, 0),
      { code: 4001, reason: 'Heartbeat timeout', opened: true },
      60000,
      { kind: 'reconnect', attempt: 1, delayMs: 1000, shortSessionMs: null },
    ],
    [
      'a quick disconnect (under 5000 ms) is reported and counts on',
      at('authenticated', 1, 1000),
      dropped,
      5999,
      { kind: 'reconnect', attempt: 2, delayMs: 2000, shortSessionMs: 4999 },
    ],
    [
      'a third quick disconnect after a 3rd attempt gives up',
      at('authenticated', 3, 0),
      dropped,
      10,
      { kind: 'disconnect', reason: 'Cannot connect to dealer', shortSessionMs: 10 },
    ],
    [
      'close code 4000 ends the session without reconnecting',
      at('authenticated', 0, 0),
      { code: 4000, reason: 'bye', opened: true },
      9000,
      { kind: 'disconnect', reason: 'bye', shortSessionMs: null },
    ],
    ['reconnect attempt 2 after 2000 ms', at('reconnecting', 1), neverOpened, 0, { kind: 'reconnect', attempt: 2, delayMs: 2000, shortSessionMs: null }],
    ['reconnect attempt 3 after 4000 ms', at('reconnecting', 2), neverOpened, 0, { kind: 'reconnect', attempt: 3, delayMs: 4000, shortSessionMs: null }],
    [
      'disconnected after 3 reconnect attempts',
      at('reconnecting', 3),
      neverOpened,
      0,
      { kind: 'disconnect', reason: 'Cannot connect to dealer', shortSessionMs: null },
    ],
    ['a close after disconnecting is ignored', at('disconnected', 0), dropped, 0, { kind: 'ignore' }],
    ['a close after logging out is ignored', at('loggedOut', 0), dropped, 0, { kind: 'ignore' }],
  ])('%s', (_name, state, end, now, decision) => {
    expect(decideAfterClose(state, end, now)).toEqual(decision);
  });
});
