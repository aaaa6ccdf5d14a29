import { messageReceived, replyRequested, requestReceived } from '../transport/actions';
import * as A from './actions';
import { COMMAND_URI } from './remote-command';
import { createFakeHttp } from '../../../adapters/fake/fake-http';
import { ID, ref, runDevice } from './testing/run-device';
import { deviceReducer } from './reducer';
import { initialDeviceState } from './state';

const run = (...args: Parameters<typeof runDevice> extends [unknown, ...infer Rest] ? Rest : never) => runDevice(createFakeHttp, ...args);

describe('device commands over the dealer (spec 001 §4)', () => {
  it('chains replace_state: a load, then a pause on the same state, then a stale one is a conflict sent with state_conflict', () => {
    const replace = (prev: object | null, next: object | null) => ({ type: 'replace_state', prev_state_ref: prev, state_ref: next });
    const { log, calls } = run([
      [0, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(null, ref('s1'))] })],
      [1, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(ref('s1'), ref('s1', true))] })],
      [2, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(ref('s0'), ref('s2'))] })],
    ]);
    expect(log.map(([t, type]) => [t, type])).toEqual([
      [0, 'stateLoaded'],
      [1, 'stateModified'],
      [2, 'stateConflicted'],
      [12, 'conflictRefsSent'],
    ]);
    expect(calls[0]).toMatchObject({ method: 'POST', url: `http://p.test/track-playback/v1/devices/${ID}/state_conflict` });
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({ state_ref: ref('s1', true), rejected_state_refs: [ref('s2')] });
  });

  it('the commands of a state_conflict answer are handled like the dealer\'s (spec 001 §7 "reads commands")', () => {
    const replace = (prev: object | null, next: object | null) => ({ type: 'replace_state', prev_state_ref: prev, state_ref: next });
    const answer = JSON.stringify({ commands: [replace(ref('s1'), ref('s3'))] });
    const { log } = run(
      [
        [0, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(null, ref('s1'))] })],
        [1, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(ref('s9'), ref('s2'))] })],
      ],
      () => ({ status: 200, headers: {}, body: answer }),
    );
    expect(log.map(([t, type, p]) => [t, type, p['stateRef'] ?? p['refs'] ?? p['rejected']])).toEqual([
      [0, 'stateLoaded', ref('s1')],
      [1, 'stateConflicted', ref('s2')],
      [11, 'conflictRefsSent', [ref('s2')]],
      [11, 'stateLoaded', ref('s3')],
    ]);
  });

  it('answers a dealer request, unsuccessfully for an unknown command', () => {
    const { log } = run([[0, requestReceived({ key: 'k1', messageIdent: COMMAND_URI, message: { type: 'dance' } })]]);
    expect(log.map(([, type, p]) => [type, p])).toEqual([
      ['commandRejected', { code: 'TP_UNKNOWN_COMMAND', err: 'Unknown command: dance' }],
      ['replyRequested', { key: 'k1', success: false }],
    ]);
    expect(replyRequested.type).toBe('transport/replyRequested');
  });
});

describe('state update sends (spec 001 §4, §7 PUT devices/{id}/state)', () => {
  const req = (position: number, reason: 'progress' | 'pause' = 'progress') =>
    A.stateUpdateRequested({ reason, position, duration: 1000, playbackStats: null });

  it('numbers sends, skips an identical payload and queues while one is in flight', () => {
    const { log, calls } = run([
      [0, req(1)],
      [1, req(2)],
      [50, req(2)],
    ]);
    expect(log).toEqual([
      [10, 'stateUpdateSent', { seq: 1, reason: 'progress', status: 200 }],
      [20, 'stateUpdateSent', { seq: 2, reason: 'progress', status: 200 }],
    ]);
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['PUT', `http://p.test/track-playback/v1/devices/${ID}/state`],
      ['PUT', `http://p.test/track-playback/v1/devices/${ID}/state`],
    ]);
    expect(JSON.parse(calls[1]?.body ?? '')).toMatchObject({ seq_num: 2, previous_position: 1, sub_state: { position: 2 }, debug_source: 'progress' });
  });

  it("a send requested while one is in flight is held while limiting is on (the default), and goes at once once the cell 'send all state updates' is on", () => {
    const sentAt = (inputs: Parameters<typeof run>[0]) =>
      run(inputs)
        .log.filter(([, type]) => type === 'stateUpdateSent')
        .map(([t]) => t);
    // HTTP answers 10 ms after each send: held, the second goes at 10 and is answered at 20.
    expect(
      sentAt([
        [0, req(1)],
        [1, req(2)],
      ]),
    ).toEqual([10, 20]);
    expect(
      sentAt([
        [0, A.featureFlagResolved({ name: 'send all state updates', on: false })],
        [1, req(1)],
        [2, req(2)],
      ]),
    ).toEqual([11, 21]);
    // With the cell on, both are in flight together.
    expect(
      sentAt([
        [0, A.featureFlagResolved({ name: 'send all state updates', on: true })],
        [1, req(1)],
        [2, req(2)],
      ]),
    ).toEqual([11, 12]);
    // Another cell changes nothing.
    expect(
      sentAt([
        [0, A.featureFlagResolved({ name: 'other', on: true })],
        [1, req(1)],
        [2, req(2)],
      ]),
    ).toEqual([11, 21]);
  });

  it('a non-2xx answer is a failed send (a 4xx other than 401 at once: spec 001 §9 retries only failures)', () => {
    const { log } = run([[0, req(1)]], () => ({ status: 400, headers: {}, body: '' }));
    expect(log).toEqual([[10, 'stateUpdateFailed', { seq: 1, err: 'Request was not successful (status 400)' }]]);
  });
});

describe('volume (spec 001 §7 PUT devices/{id}/volume, debounced 1 s, round(65535 × volume))', () => {
  it('sends the last volume of a burst 1000 ms after it', () => {
    const { log, calls } = run([
      [0, A.localVolumeChanged({ volume: 0.2 })],
      [300, A.localVolumeChanged({ volume: 0.5 })],
    ]);
    expect(log).toEqual([[1310, 'volumeSent', { volume: 32768, status: 200 }]]);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ seq_num: 0, volume: 32768 });
  });
});

describe('a state update the service answers 404: it does not know the device (issue 12: a provider that lost its registrations)', () => {
  const req = (position: number) => A.stateUpdateRequested({ reason: 'progress', position, duration: 1000, playbackStats: null });
  const registeredOn = (connectionId: string) =>
    [
      [0, A.registrationRequested({ connectionId })],
      [0, A.registered({ connectionId })],
    ] as const;

  it('registers again on the live connection, and the failed send is still reported; later updates go through', () => {
    let states = 0;
    const { log, calls } = run([...registeredOn('c1'), [100, req(1)], [500, req(2)]], (request) => {
      if (request.url.endsWith('/state') && states++ === 0) return { status: 404, headers: {}, body: '{"error":{"status":404,"message":"Device not found"}}' };
      return { status: 200, headers: {}, body: '{"device_id":"d"}' };
    });
    const after = log.filter(([t]) => t >= 100).map(([t, type, p]) => [t, type, p]);
    expect(after).toEqual([
      [110, 'registrationRequested', { connectionId: 'c1' }],
      [110, 'stateUpdateFailed', { seq: 1, err: 'Request was not successful (status 404)' }],
      [120, 'registered', { connectionId: 'c1' }],
      [510, 'stateUpdateSent', { seq: 2, reason: 'progress', status: 200 }],
    ]);
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/devices'))).toHaveLength(2);
  });

  it('without a registration (none yet, or it failed) a 404 only fails the send', () => {
    const { log } = run([[0, req(1)]], () => ({ status: 404, headers: {}, body: '' }));
    expect(log.map(([, type]) => type)).toEqual(['stateUpdateFailed']);
  });
});

describe('what a state update carries and what its answer changes (spec 001 §3 State update payload, §7 PUT devices/{id}/state)', () => {
  const replace = (prev: object | null, next: object | null) => ({ type: 'replace_state', prev_state_ref: prev, state_ref: next });
  const stats = { playback_id: 'p1', ms_played: 4200, ms_stalled: 0, n_stalls: 0, n_seekback: 1, n_seekforward: 0 };
  const req = (position: number) => A.stateUpdateRequested({ reason: 'progress', position, duration: 1000, playbackStats: stats });

  it('sends playback_stats, and the refs replace_state rejected since the last update as rejected_state_refs (at most 5, §9), once', () => {
    const conflicts = Array.from({ length: 6 }, (_, i) => messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(ref('x'), ref(`r${i}`))] }));
    const { calls } = run([
      [0, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(null, ref('s1'))] })],
      ...conflicts.map((c, i) => [1 + i, c] as const),
      [100, req(1)],
      [200, req(2)],
      [300, req(3)],
    ]);
    const updates = calls.filter((c) => c.url.endsWith('/state')).map((c) => JSON.parse(c.body ?? '') as Record<string, unknown>);
    expect(updates.map((u) => u['playback_stats'])).toEqual([stats, stats, stats]);
    expect(updates.map((u) => (u['rejected_state_refs'] as Array<{ state_id: string }>).map((r) => r.state_id))).toEqual([
      ['r0', 'r1', 'r2', 'r3', 'r4'],
      ['r5'],
      [],
    ]);
  });

  it("applies the answer's updated_state_ref when the service changed the ref the update named; later updates name it", () => {
    const moved = ref('s2', true);
    const { log, calls, state } = run(
      [
        [0, messageReceived({ uri: COMMAND_URI, headers: {}, payloads: [replace(null, ref('s1'))] })],
        [100, req(1)],
        [200, req(2)],
      ],
      (request) => ({
        status: 200,
        headers: {},
        body: request.url.endsWith('/state') ? JSON.stringify({ state_machine: null, updated_state_ref: moved }) : '{}',
      }),
    );
    expect(log.filter(([, type]) => type === 'stateUpdateAnswered')[0]).toEqual([
      110,
      'stateUpdateAnswered',
      { seq: 1, sentRef: ref('s1'), updatedRef: moved, stateMachine: null },
    ]);
    expect(state().device.stateRef).toEqual(moved);
    expect(JSON.parse(calls.filter((c) => c.url.endsWith('/state'))[1]?.body ?? '')).toMatchObject({ state_ref: moved });
  });

  it('an answer that only echoes the ref sent, or comes after a newer local change, changes nothing', () => {
    const sent = ref('s1');
    const echo = A.stateUpdateAnswered({ seq: 1, sentRef: sent, updatedRef: sent, stateMachine: null });
    const stale = A.stateUpdateAnswered({ seq: 1, sentRef: sent, updatedRef: ref('s3'), stateMachine: null });
    const now = { ...initialDeviceState, stateRef: sent, paused: false };
    expect(deviceReducer(now, echo)).toBe(now);
    const pausedSince = { ...now, stateRef: ref('s1', true), paused: true };
    expect(deviceReducer(pausedSince, stale)).toBe(pausedSince);
  });
});

describe('a remote set_volume is answered with its command id (spec 001 §7 PUT devices/{id}/volume: seq_num, volume, command_id)', () => {
  it('sends the volume at once, naming the command', () => {
    const { log, calls } = run([
      [0, requestReceived({ key: 'k1', messageIdent: COMMAND_URI, message: { type: 'set_volume', volume: 32768, message_id: 'cmd-7' } })],
    ]);
    expect(log.map(([t, type]) => [t, type])).toEqual([
      [0, 'remoteVolumeSet'],
      [0, 'replyRequested'],
      [10, 'volumeSent'],
    ]);
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `http://p.test/track-playback/v1/devices/${ID}/volume` });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ seq_num: 0, volume: 32768, command_id: 'cmd-7' });
  });
});
