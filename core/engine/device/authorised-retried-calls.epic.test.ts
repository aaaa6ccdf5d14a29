import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest, HttpResponse } from '../../ports';
import { tokenReceived, tokenRefreshFailed } from '../session/actions';
import { authenticated, messageReceived } from '../transport/actions';
import * as A from './actions';
import { STATE_UPDATE_RETRIES } from './constants';
import { COMMAND_URI } from './remote-command';
import { stateCallRetryDelayMs } from './state-call-retry';
import { SPCLIENT_CALLER } from './track-playback-request';
import { ID, ref, runDevice } from './testing/run-device';

const run = (...args: Parameters<typeof runDevice> extends [unknown, ...infer Rest] ? Rest : never) => runDevice(createFakeHttp, ...args);

const status = (s: number): HttpResponse => ({ status: s, headers: {}, body: '' });
/** The fake HTTP of runDevice answers 10 ms after each send. */
const LATENCY = 10;
/** When the last of `retries` retries of a call sent at 0 answers. */
const lastAnswerAt = (retries: number) =>
  (retries + 1) * LATENCY + Array.from({ length: retries }, (_, i) => stateCallRetryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
const update = (position: number) => A.stateUpdateRequested({ reason: 'progress', position, duration: 1000, playbackStats: null });
const replace = (prev: object | null, next: object | null) => ({ type: 'replace_state', prev_state_ref: prev, state_ref: next });
/** A load then a stale replace_state: a state conflict at 1 ms. */
const conflict = [
  [0, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(null, ref('s1'))] })],
  [1, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(ref('s0'), ref('s2'))] })],
] as const;
const path = (c: HttpRequest) => c.url.replace('http://p.test/track-playback/v1', '');

describe('track-playback state calls are retried (spec 001 §9 "State call retries | exponential up to 8; conflict and deregister 2")', () => {
  it('a state update meeting only 5xx is sent 9 times (8 retries, delays doubling from 500 ms), then fails', () => {
    const { log, calls } = run([[0, update(1)]], () => status(503), 200000);
    expect(calls).toHaveLength(STATE_UPDATE_RETRIES + 1);
    expect(log).toEqual([[lastAnswerAt(8), 'stateUpdateFailed', { seq: 1, err: 'Request was not successful (status 503)' }]]);
  });

  it('a state update whose first two sends get no answer (network) is sent a third time and succeeds with its seq', () => {
    let n = 0;
    const { log, calls } = run([[0, update(1)]], () => (n++ < 2 ? new Error('offline') : status(204)));
    expect(calls.map((c) => JSON.parse(c.body ?? '{}').seq_num)).toEqual([1, 1, 1]);
    expect(log).toEqual([[lastAnswerAt(2), 'stateUpdateSent', { seq: 1, reason: 'progress', status: 204 }]]);
  });

  it('a deregistration meeting 5xx is retried twice, then fails', () => {
    const { log, calls } = run([[0, A.deregistrationRequested()]], () => status(500));
    expect(calls.map((c) => [c.method, path(c)])).toEqual(Array(3).fill(['DELETE', `/devices/${ID}`]));
    expect(log).toEqual([[lastAnswerAt(2), 'deregistrationFailed', { err: 'Request was not successful (status 500)' }]]);
  });

  it('a state_conflict meeting 5xx is retried twice, then fails', () => {
    const { log, calls } = run(conflict, () => status(502));
    expect(calls.map(path)).toEqual(Array(3).fill(`/devices/${ID}/state_conflict`));
    expect(log.at(-1)).toEqual([1 + lastAnswerAt(2), 'conflictSendFailed', { err: 'Request was not successful (status 502)' }]);
  });

  it('a 4xx (other than 401) is not retried: one send, the failure at once', () => {
    const { log, calls } = run([[0, A.deregistrationRequested()]], () => status(404));
    expect(calls).toHaveLength(1);
    expect(log).toEqual([[LATENCY, 'deregistrationFailed', { err: 'Request was not successful (status 404)' }]]);
  });

  it('registration and volume are not state calls: sent once on a 5xx', () => {
    const { calls } = run(
      [
        [0, authenticated({ connectionId: 'c1', at: 0 })],
        [0, A.localVolumeChanged({ volume: 0.5 })],
      ],
      () => status(503),
    );
    expect(calls.map((c) => [c.method, path(c)])).toEqual([
      ['POST', '/devices'],
      ['PUT', `/devices/${ID}/volume`],
    ]);
  });
});

describe('track-playback calls refresh the token on a 401 and retry once (spec 001 §8 Resolve/transport)', () => {
  /** 401 for the first token, 2xx for the refreshed one. */
  const byToken = (r: HttpRequest): HttpResponse => (r.headers?.['authorization'] === 'Bearer tok2' ? { status: 200, headers: {}, body: '{}' } : status(401));
  const refreshed = (at: number) =>
    [at, tokenReceived({ accessToken: 'tok2', expiresAtMs: 9e12, isAnonymous: false, clientId: null, callers: [SPCLIENT_CALLER] })] as const;
  const refreshAsked = (at: number) => [at, 'session/tokenRefreshRequested', { caller: SPCLIENT_CALLER, reason: 'unauthorised', forced: true }];
  const tokens = (calls: HttpRequest[]) => calls.map((c) => c.headers?.['authorization']);

  it('registration: the 401 asks the session for a forced refresh, the POST goes again with the new token and registers', () => {
    const { log, calls } = run([[0, authenticated({ connectionId: 'c1', at: 0 })], refreshed(50)], byToken);
    expect(log).toEqual([[0, 'registrationRequested', { connectionId: 'c1' }], refreshAsked(10), [60, 'registered', { connectionId: 'c1' }]]);
    expect(tokens(calls)).toEqual(['Bearer tok', 'Bearer tok2']);
  });

  it('a state update is sent again with the same payload and seq after the refresh', () => {
    const { log, calls } = run([[0, update(1)], refreshed(50)], byToken);
    expect(log).toEqual([refreshAsked(10), [60, 'stateUpdateSent', { seq: 1, reason: 'progress', status: 200 }]]);
    expect(calls[1]?.body).toBe(calls[0]?.body);
    expect(tokens(calls)).toEqual(['Bearer tok', 'Bearer tok2']);
  });

  it('volume: sent again with the new token', () => {
    const { log, calls } = run([[0, A.localVolumeChanged({ volume: 0.5 })], refreshed(1100)], byToken);
    expect(log).toEqual([refreshAsked(1010), [1110, 'volumeSent', { volume: 32768, status: 200 }]]);
    expect(tokens(calls)).toEqual(['Bearer tok', 'Bearer tok2']);
  });

  it('a second 401 fails the call as before, with no third send', () => {
    const { log, calls } = run([[0, A.deregistrationRequested()], refreshed(50)], () => status(401));
    expect(log).toEqual([refreshAsked(10), [60, 'deregistrationFailed', { err: 'Request was not successful (status 401)' }]]);
    expect(tokens(calls)).toEqual(['Bearer tok', 'Bearer tok2']);
  });

  it('a failed refresh fails the call with its 401, without sending again', () => {
    const failed = tokenRefreshFailed({ status: 500, err: 'Request was not successful (status 500)', callers: [SPCLIENT_CALLER] });
    const { log, calls } = run([...conflict, [50, failed]], byToken);
    expect(log.slice(-2)).toEqual([refreshAsked(11), [50, 'conflictSendFailed', { err: 'Request was not successful (status 401)' }]]);
    expect(calls).toHaveLength(1);
  });
});
