import { createFakeHttp } from '../../../adapters/fake/fake-http';
import { authenticated, messageReceived, reconnected } from '../transport/actions';
import * as A from './actions';
import * as C from './constants';
import { acked, json, LOCAL, runConnect, type HttpResponder } from './testing/run-connect';

const run = (...args: Parameters<typeof runConnect> extends [unknown, ...infer Rest] ? Rest : never) => runConnect(createFakeHttp, ...args);

const TRACK = { uri: 'spotify:track:4uLU6hMCjMI75M1A2tKUQC', name: 'Lantern Swell' };
const device = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id.toUpperCase(), type: 'Computer', volume: 65535, ...extra });
const playerState = (paused = false) => ({
  track: TRACK,
  position_as_of_timestamp: 1000,
  timestamp: 500,
  duration: 200000,
  is_paused: paused,
  session_id: 's1',
  context_uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3',
});
const cluster = (timestamp: number, active: string | null, extra: Record<string, unknown> = {}) => ({
  timestamp,
  active_device_id: active,
  devices: { a: device('a'), b: device('b') },
  player_state: playerState(),
  ...extra,
});
const push = (...payloads: unknown[]) => messageReceived({ uri: C.CLUSTER_URI, headers: {}, payloads });
/** Answers each command with the next ack id: ack-1, ack-2, ... */
const ackedInTurn = (): HttpResponder => {
  let n = 0;
  return () => json(200, { ack_id: `ack-${++n}` });
};
const types = (log: ReadonlyArray<[number, string, Record<string, unknown>]>) => log.map(([t, type]) => [t, type]);

describe('observer registration (spec 001 §4 Remote-control client, §7 PUT devices/{observerId}, §8)', () => {
  it("with no connection id: 'Cannot register: no connection id.', then registers once the transport has one", () => {
    const { log, calls, state } = run(
      [
        [0, A.observeRequested()],
        [300, authenticated({ connectionId: 'c9', at: 300 })],
      ],
      { connectionId: null, connect: { observing: false }, http: () => json(200, cluster(100, 'a')) },
    );
    expect(log.slice(0, 3)).toEqual([
      [0, 'observerRegistrationFailed', { code: 'CONNECTAPI_NO_CONNECTION_ID', err: 'Cannot register: no connection id.' }],
      [300, 'observerRegistrationRequested', { connectionId: 'c9' }],
      [310, 'observerRegistered', { connectionId: 'c9', status: 200 }],
    ]);
    // A hidden observer, prefixed and limited to 40 after the prefix (spec 001 §9), with the connection id header.
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `http://p.test/connect-state/v1/devices/hobs_${LOCAL}`,
      headers: { authorization: 'Bearer tok', 'x-spotify-connection-id': 'c9' },
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({ device: { device_info: { capabilities: { hidden: true, can_be_player: false } } } });
    expect(state().connect.status).toBe('registered');
  });

  it('with a connection id: registers at once, and takes the answer as the initial state (spec 001 §4 "initial state fetched on registration")', () => {
    const { log, state } = run([[0, A.observeRequested()]], { connect: { observing: false }, http: () => json(200, { cluster: cluster(100, 'a') }) });
    expect(types(log)).toEqual([
      [0, 'observerRegistrationRequested'],
      [10, 'observerRegistered'],
      [10, 'clusterUpdated'],
      [10, 'activeDeviceChanged'],
    ]);
    expect(log[2]?.[2]).toMatchObject({ initial: true, cluster: { timestamp: 100, active_device_id: 'a' } });
    expect(state().connect.cluster?.devices.a).toMatchObject({ id: 'a', type: 'computer', volume: 1, is_active: true, local: false });
  });

  it("429: TP_MAX_SUBSCRIPTIONS_REACHED (spec 001 §7 '429 = max subscriptions')", () => {
    const { log, state } = run([[0, A.observeRequested()]], {
      connect: { observing: false },
      http: () => json(429, { error: { status: 429, message: 'Max subscriptions' } }),
    });
    expect(log[1]).toEqual([10, 'observerRegistrationFailed', { code: 'TP_MAX_SUBSCRIPTIONS_REACHED', err: 'Max subscriptions reached' }]);
    expect(state().connect.status).toBe('failed');
  });

  it('a failed registration names the status; a new connection id registers again, the same one does not', () => {
    let n = 0;
    const http: HttpResponder = () => (n++ === 0 ? json(500, undefined) : json(200, undefined));
    const { log } = run(
      [
        [0, A.observeRequested()],
        [100, reconnected({ connectionId: 'c2', at: 100 })],
        [200, reconnected({ connectionId: 'c2', at: 200 })],
      ],
      { connect: { observing: false }, http },
    );
    expect(log).toEqual([
      [0, 'observerRegistrationRequested', { connectionId: 'c1' }],
      [10, 'observerRegistrationFailed', { code: 'CONNECTAPI_REGISTRATION_FAILED', err: 'Request was not successful (status 500)' }],
      [100, 'observerRegistrationRequested', { connectionId: 'c2' }],
      [110, 'observerRegistered', { connectionId: 'c2', status: 200 }],
    ]);
  });

  it('nothing registers unless the controller asked (an engine that only plays stays a device)', () => {
    const { log, calls } = run(
      [
        [0, authenticated({ connectionId: 'c1', at: 0 })],
        [10, push(cluster(100, 'a'))],
      ],
      { connect: { observing: false } },
    );
    expect(log).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('the cluster (spec 001 §4: older messages ignored, active-device changes, orphaned state)', () => {
  it('ignores a cluster older than the last processed timestamp; one as new is taken', () => {
    const { log, state } = run([
      [0, push({ cluster: cluster(200, 'a') })],
      [10, push({ cluster: cluster(150, 'b') })],
      [20, push({ cluster: cluster(200, 'a', { player_state: playerState(true) }) })],
    ]);
    expect(log.map(([t, type, p]) => [t, type, type === 'clusterIgnored' ? p : undefined])).toEqual([
      [0, 'clusterUpdated', undefined],
      [0, 'activeDeviceChanged', undefined],
      [10, 'clusterIgnored', { timestamp: 150, lastTimestamp: 200, ackId: null }],
      [20, 'clusterUpdated', undefined],
    ]);
    expect(state().connect.cluster?.active_device_id).toBe('a');
    expect(state().connect.cluster?.player_state?.is_paused).toBe(true);
  });

  it('orders the clusters of one message among themselves', () => {
    const { log } = run([[0, push({ cluster: cluster(300, 'a') }, { cluster: cluster(250, 'b') }, { cluster: cluster(301, 'b') })]]);
    expect(log.map(([, type]) => type)).toEqual(['clusterUpdated', 'activeDeviceChanged', 'clusterIgnored', 'clusterUpdated', 'activeDeviceChanged']);
  });

  it('emits each change of active device, with the previous one', () => {
    const { log } = run([
      [0, push({ cluster: cluster(1, 'a') })],
      [10, push({ cluster: cluster(2, 'a') })],
      [20, push({ cluster: cluster(3, 'b') })],
      [30, push({ cluster: cluster(4, null, { player_state: null }) })],
    ]);
    expect(log.filter(([, type]) => type === 'activeDeviceChanged')).toEqual([
      [0, 'activeDeviceChanged', { previous: null, current: 'a' }],
      [20, 'activeDeviceChanged', { previous: 'a', current: 'b' }],
      [30, 'activeDeviceChanged', { previous: 'b', current: null }],
    ]);
  });

  it('is orphaned while there is a player state but no active device, and not otherwise', () => {
    const { state } = run([[0, push({ cluster: cluster(1, null) })]]);
    expect(state().connect.orphaned).toBe(true);
    const after = run([
      [0, push({ cluster: cluster(1, null) })],
      [10, push({ cluster: cluster(2, 'a') })],
    ]);
    expect(after.state().connect.orphaned).toBe(false);
    const idle = run([[0, push({ cluster: cluster(1, null, { player_state: null }) })]]);
    expect(idle.state().connect.orphaned).toBe(false);
  });

  it('marks the local device and rejects a cluster that does not decode', () => {
    const { log, state } = run([
      [0, push({ cluster: cluster(1, LOCAL, { devices: { [LOCAL]: device(LOCAL) } }) })],
      [10, push({ cluster: { timestamp: 'soon' } })],
    ]);
    expect(state().connect.cluster?.devices[LOCAL]?.local).toBe(true);
    expect(log[2]).toEqual([10, 'clusterRejected', { err: 'Invalid cluster: timestamp is not a number' }]);
  });
});

describe('commands (spec 001 §7: answers may carry an ack_id, awaited through a cluster message)', () => {
  const playing = [0, push({ cluster: cluster(100, 'a') })] as const;

  it('is acknowledged by the cluster that brings its ack_id', () => {
    const { log, calls } = run(
      [playing, [50, A.commandRequested({ id: 'k1', command: { endpoint: 'pause' } })], [400, push({ cluster: cluster(101, 'a'), ack_id: 'ack-1' })]],
      { http: acked('ack-1') },
    );
    expect(calls[0]).toMatchObject({ method: 'POST', url: `http://p.test/connect-state/v1/player/command/from/${LOCAL}/to/a` });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ command: { endpoint: 'pause' } });
    expect(log.slice(2)).toEqual([
      [60, 'commandSent', { id: 'k1', endpoint: 'pause', status: 200, ackId: 'ack-1' }],
      [400, 'clusterUpdated', expect.anything()],
      [400, 'commandAcknowledged', { id: 'k1', ackId: 'ack-1' }],
    ]);
  });

  it('times out when no cluster brings the ack_id within ACK_TIMEOUT_MS (a cluster with another ack does not count)', () => {
    const { log } = run(
      [playing, [50, A.commandRequested({ id: 'k1', command: { endpoint: 'resume' } })], [400, push({ cluster: cluster(101, 'a'), ack_id: 'other' })]],
      { http: acked('ack-1') },
    );
    expect(log.filter(([, type]) => type.startsWith('command'))).toEqual([
      [60, 'commandSent', { id: 'k1', endpoint: 'resume', status: 200, ackId: 'ack-1' }],
      [60 + C.ACK_TIMEOUT_MS, 'commandTimedOut', { id: 'k1', ackId: 'ack-1', err: 'Command not acknowledged.' }],
    ]);
  });

  it("sends option commands one at a time: a repeat step's second command waits for the first to be answered and acked", () => {
    const { log, calls } = run(
      [
        playing,
        [50, A.commandRequested({ id: 'k1', command: { endpoint: 'set_repeating_context', args: { value: true } } })],
        [50, A.commandRequested({ id: 'k2', command: { endpoint: 'set_repeating_track', args: { value: false } } })],
        [300, push({ cluster: cluster(101, 'a'), ack_id: 'ack-1' })],
        [700, push({ cluster: cluster(102, 'a'), ack_id: 'ack-2' })],
      ],
      { http: ackedInTurn() },
    );
    expect(calls.map((c) => (JSON.parse(c.body ?? '{}') as { command: { endpoint: string } }).command.endpoint)).toEqual([
      'set_repeating_context',
      'set_repeating_track',
    ]);
    expect(log.filter(([, type]) => type.startsWith('command')).map(([t, type, p]) => [t, type, p.id])).toEqual([
      [60, 'commandSent', 'k1'],
      [300, 'commandAcknowledged', 'k1'],
      [310, 'commandSent', 'k2'],
      [700, 'commandAcknowledged', 'k2'],
    ]);
  });

  it('counts an ack that arrived before the answer, even on an older cluster', () => {
    const { log } = run(
      [playing, [50, A.commandRequested({ id: 'k1', command: { endpoint: 'skip_next' } })], [55, push({ cluster: cluster(99, 'a'), ack_id: 'ack-1' })]],
      { http: acked('ack-1') },
    );
    expect(log.filter(([, type]) => type.startsWith('command') || type === 'clusterIgnored').map(([t, type]) => [t, type])).toEqual([
      [55, 'clusterIgnored'],
      [60, 'commandSent'],
      [60, 'commandAcknowledged'],
    ]);
  });

  it("refuses before any request with spec 001 §5's texts, and maps a 404 to 'No such device.'", () => {
    const { log, calls } = run(
      [
        [0, A.commandRequested({ id: 'k0', command: { endpoint: 'pause' } })],
        playing,
        [10, A.commandRequested({ id: 'k1', command: { endpoint: 'seek_to', args: { position_ms: -1 } } })],
        [20, A.commandRequested({ id: 'k2', command: { endpoint: 'volume', args: { volume: -1 } } })],
        [30, A.commandRequested({ id: 'k3', command: { endpoint: 'transfer', target: 'b' } })],
      ],
      { http: () => json(404, { error: { status: 404, message: 'No such device.' } }) },
    );
    expect(log.filter(([, type]) => type.startsWith('command'))).toEqual([
      [0, 'commandRefused', { id: 'k0', endpoint: 'pause', err: 'Nothing playing' }],
      [10, 'commandRefused', { id: 'k1', endpoint: 'seek_to', err: 'Invalid position.' }],
      [20, 'commandRefused', { id: 'k2', endpoint: 'volume', err: 'Invalid volume.' }],
      [40, 'commandFailed', { id: 'k3', endpoint: 'transfer', status: 404, err: 'No such device.' }],
    ]);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ transfer_options: { restore_paused: 'restore' } });
  });

  it('debounces volume changes to one device by 1 s (spec 001 §9): the last of a burst is sent, the others superseded', () => {
    const { log, calls } = run(
      [
        playing,
        [100, A.commandRequested({ id: 'v1', command: { endpoint: 'volume', args: { volume: 0.1 } } })],
        [600, A.commandRequested({ id: 'v2', command: { endpoint: 'volume', args: { volume: 0.2 } } })],
        [1500, A.commandRequested({ id: 'v3', command: { endpoint: 'volume', args: { volume: 0.3 } } })],
        [1600, A.commandRequested({ id: 'b1', command: { endpoint: 'volume', target: 'b', args: { volume: 1 } } })],
      ],
      { http: () => json(204, undefined) },
    );
    expect(log.filter(([, type]) => type.startsWith('command'))).toEqual([
      [600, 'commandSuperseded', { id: 'v1', by: 'v2' }],
      [1500, 'commandSuperseded', { id: 'v2', by: 'v3' }],
      [2510, 'commandSent', { id: 'v3', endpoint: 'volume', status: 204, ackId: null }],
      [2610, 'commandSent', { id: 'b1', endpoint: 'volume', status: 204, ackId: null }],
    ]);
    expect(calls.map((c) => [c.method, c.url, JSON.parse(c.body ?? '')])).toEqual([
      ['PUT', 'http://p.test/connect-state/v1/connect/volume', { volume: Math.round(0.3 * 65535), device_id: 'a' }],
      ['PUT', 'http://p.test/connect-state/v1/connect/volume', { volume: 65535, device_id: 'b' }],
    ]);
  });

  it('a volume change after one was sent does not cancel the one in flight', () => {
    const { log } = run(
      [
        playing,
        [0, A.commandRequested({ id: 'v1', command: { endpoint: 'volume', args: { volume: 0.5 } } })],
        [1005, A.commandRequested({ id: 'v2', command: { endpoint: 'volume', args: { volume: 0.6 } } })],
      ],
      { http: acked('x') },
    );
    expect(log.filter(([, type]) => type === 'commandSent').map(([t, , p]) => [t, p.id])).toEqual([
      [1010, 'v1'],
      [2015, 'v2'],
    ]);
  });
});

describe('the device list (spec 001 §7 GET /me/player/devices)', () => {
  it('lists the devices with the §3 fields, normalised', () => {
    const body = {
      devices: [
        { id: 'a', name: 'A', type: 'Computer', volume: 0.5, is_active: true },
        { id: LOCAL, name: 'Me', type: 'computer', volume: 1 },
      ],
    };
    const { log, calls } = run([[0, A.devicesRequested({ id: 'q' })]], { http: () => json(200, body) });
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'http://api.test/v1/me/player/devices', headers: { authorization: 'Bearer tok' } });
    expect(log).toEqual([
      [
        10,
        'devicesListed',
        {
          id: 'q',
          devices: [
            {
              id: 'a',
              name: 'A',
              type: 'computer',
              version: '',
              volume: 0.5,
              is_active: true,
              is_controllable: true,
              is_observable: true,
              local: false,
              hidden: false,
              metadata: {},
            },
            {
              id: LOCAL,
              name: 'Me',
              type: 'computer',
              version: '',
              volume: 1,
              is_active: false,
              is_controllable: true,
              is_observable: true,
              local: true,
              hidden: false,
              metadata: {},
            },
          ],
        },
      ],
    ]);
  });
});
