import { clusterUpdated, observerRegistrationFailed } from '../connect/actions';
import type { Cluster } from '../connect/cluster';
import { registered } from '../device/actions';
import { initialConnectState } from '../connect/state';
import { claimEpic, claimRequested, hasHiddenLocalState, NO_CLUSTER, NO_HIDDEN_STATE } from './claim.epic';
import { engineState, stateRef } from './testing/engine-state';
import { DEVICE_ID, runPlayer } from './testing/run-player';

const TRACK = { uri: 'spotify:track:4uLU6hMCjMI75M1A2tKUQC' };
const device = (id: string) => ({
  id,
  name: id,
  type: 'computer',
  version: '1',
  volume: 1,
  is_active: false,
  is_controllable: true,
  is_observable: true,
  local: id === DEVICE_ID,
  hidden: false,
  metadata: {},
});
const cluster = (active: string | null, track: { uri: string } | null = TRACK): Cluster => ({
  timestamp: 100,
  active_device_id: active,
  devices: { [DEVICE_ID]: device(DEVICE_ID), other: device('other') },
  player_state: {
    track,
    options: { shuffling_context: false, repeating_context: false, repeating_track: false },
    next_tracks: [],
    prev_tracks: [],
    position_as_of_timestamp: 42000,
    timestamp: 100,
    duration: 200000,
    is_paused: false,
    session_id: null,
    context_uri: null,
    context_url: null,
  },
});
const observed = (c: Cluster | null, registration: 'registered' | 'registering' = 'registered', localRef: ReturnType<typeof stateRef> | null = null) =>
  engineState({
    connect: { ...initialConnectState, observing: c !== null, status: c === null ? 'idle' : 'registered', cluster: c },
    device: { registration, stateRef: localRef },
  });
const CLAIM = { endpoint: 'transfer', target: DEVICE_ID, args: { restore_paused: 'pause' } };

describe('spec 001 §4 Client lifecycle: "A hidden local state may be claimed by transferring playback to the local device paused"', () => {
  it.each([
    ['the service plays on this device, the local player holds nothing (a reload): hidden', cluster(DEVICE_ID), null, true],
    ['the local player holds the state the service shows: not hidden', cluster(DEVICE_ID), stateRef('s1'), false],
    ['another device is active: its state, not a local one', cluster('other'), null, false],
    ['no active device (orphaned): nothing is this device’s', cluster(null), null, false],
    ['the service has no track for this device', cluster(DEVICE_ID, null), null, false],
    ['no cluster heard', null, null, false],
  ])('%s', (_case, c, localRef, hidden) => {
    expect(hasHiddenLocalState(observed(c, 'registered', localRef), DEVICE_ID)).toBe(hidden);
  });

  it("claims a hidden state by transferring playback to the local device with restore_paused 'pause'", () => {
    const { log } = runPlayer([claimEpic], observed(cluster(DEVICE_ID)), [[5, claimRequested({ id: 'k1' })]]);
    expect(log).toEqual([[5, 'connect/commandRequested', { id: 'k1', command: CLAIM }]]);
  });

  it("refuses when nothing is hidden, with the claim's id (the controller's outcome): no transfer", () => {
    const { log } = runPlayer([claimEpic], observed(cluster('other')), [[5, claimRequested({ id: 'k1' })]]);
    expect(log).toEqual([[5, 'connect/commandRefused', { id: 'k1', endpoint: 'transfer', err: NO_HIDDEN_STATE }]]);
  });

  it('with no cluster yet: observes, and decides on the first cluster heard once the device is registered', () => {
    const before = engineState({ device: { registration: 'registering', connectionId: 'c1' } });
    const { log } = runPlayer([claimEpic], before, [
      [0, claimRequested({ id: 'k1' })],
      // Heard before the device re-registered: the service did not know it yet.
      [20, clusterUpdated({ cluster: cluster('other'), ackId: null, initial: true })],
      [30, registered({ connectionId: 'c1' })],
      [40, clusterUpdated({ cluster: cluster(DEVICE_ID), ackId: null, initial: false })],
    ]);
    expect(log).toEqual([
      [0, 'connect/observeRequested'],
      [40, 'connect/commandRequested', { id: 'k1', command: CLAIM }],
    ]);
  });

  it("gives up after 5000 ms without a cluster (ours), and on the observer's failed registration", () => {
    const silent = runPlayer([claimEpic], engineState(), [[0, claimRequested({ id: 'k1' })]]);
    expect(silent.log).toEqual([
      [0, 'connect/observeRequested'],
      [5000, 'connect/commandRefused', { id: 'k1', endpoint: 'transfer', err: NO_CLUSTER }],
    ]);
    const failed = runPlayer([claimEpic], engineState(), [
      [0, claimRequested({ id: 'k2' })],
      [10, observerRegistrationFailed({ code: 'TP_MAX_SUBSCRIPTIONS_REACHED', err: 'Max subscriptions reached' })],
    ]);
    expect(failed.log).toEqual([
      [0, 'connect/observeRequested'],
      [10, 'connect/commandRefused', { id: 'k2', endpoint: 'transfer', err: 'Max subscriptions reached' }],
    ]);
  });
});
