import type { Action } from '../../store/action';
import * as A from './actions';
import { transportReducer } from './reducer';
import { initialTransportState, type TransportState } from './state';

const idle = initialTransportState('client');
const with_ = (patch: Partial<TransportState>): TransportState => ({ ...idle, ...patch });
const endpoints = { dealer: 'd:1', spclient: 'g:1' };

describe('transportReducer (spec 001 §4 Transport lifecycle)', () => {
  it.each<[string, TransportState, Action, Partial<TransportState>]>([
    [
      "keeps the owner's resolve URL (the token stays in the session)",
      idle,
      A.connectRequested({ caller: 'client', resolveUrl: 'u' }),
      { resolveUrl: 'u', status: 'idle' },
    ],
    ["ignores another caller's connect", idle, A.connectRequested({ caller: 'x', resolveUrl: 'u' }), { resolveUrl: null }],
    [
      'resolving starts afresh',
      with_({ status: 'failed', lastError: 'e', attempt: 2 }),
      A.serviceResolveRequested(),
      { status: 'resolving', lastError: null, attempt: 0 },
    ],
    ['resolved → connecting', with_({ status: 'resolving' }), A.serviceResolved(endpoints), { status: 'connecting', endpoints }],
    ['socket open → connected', with_({ status: 'connecting' }), A.connected({ reconnect: false }), { status: 'connected' }],
    ['a reconnect socket open stays reconnecting', with_({ status: 'reconnecting' }), A.connected({ reconnect: true }), { status: 'reconnecting' }],
    [
      'connection id → authenticated',
      with_({ status: 'connected' }),
      A.authenticated({ connectionId: 'c', at: 5 }),
      { status: 'authenticated', connectionId: 'c', sessionStartedAt: 5 },
    ],
    [
      'reconnected → authenticated with the new id',
      with_({ status: 'reconnecting' }),
      A.reconnected({ connectionId: 'c2', at: 9 }),
      { status: 'authenticated', connectionId: 'c2', sessionStartedAt: 9 },
    ],
    [
      'a socket close changes nothing (the decision reads the status)',
      with_({ status: 'authenticated', connectionId: 'c' }),
      A.socketClosed({ code: 1006, reason: '', opened: true }),
      { status: 'authenticated', connectionId: 'c' },
    ],
    [
      'reconnecting drops the connection id and counts',
      with_({ status: 'authenticated', connectionId: 'c' }),
      A.reconnecting({ attempt: 2, delayMs: 2000 }),
      { status: 'reconnecting', connectionId: null, attempt: 2 },
    ],
    [
      'a retry is a new attempt',
      with_({ status: 'connecting' }),
      A.socketOpenRequested({ reconnect: false, attempt: 1 }),
      { status: 'connecting', attempt: 1 },
    ],
    [
      'connection failed',
      with_({ status: 'connecting' }),
      A.connectionFailed({ err: 'Cannot connect to dealer' }),
      { status: 'failed', lastError: 'Cannot connect to dealer' },
    ],
    ['authentication failed', with_({ status: 'connected' }), A.authenticationFailed({ err: 'e' }), { status: 'failed', lastError: 'e' }],
    ['disconnected', with_({ status: 'authenticated', connectionId: 'c' }), A.disconnected({ reason: 'r' }), { status: 'disconnected', connectionId: null }],
    ['logged out', with_({ status: 'authenticated', connectionId: 'c' }), A.loggedOut(), { status: 'loggedOut', connectionId: null }],
    ['a token update keeps no copy of the token (issue 15: the session holds it)', idle, A.tokenUpdated(), idle],
  ])('%s', (_name, state, action, expected) => {
    expect(transportReducer(state, action)).toMatchObject(expected);
  });

  it('other domains leave the state as it is', () => {
    expect(transportReducer(idle, { type: 'widget/anything' })).toBe(idle);
  });
});
