import * as A from './actions';
import { deviceReducer } from './reducer';
import { initialDeviceState, type DeviceState } from './state';

const ref = (s: string, paused = false) => ({ state_machine_id: 'm', state_id: s, paused });
const playing: DeviceState = { ...initialDeviceState, registration: 'registered', connectionId: 'c1', stateRef: ref('s1'), paused: false };

describe('device reducer (spec 001 §4 Device service client)', () => {
  it("state updates are limited until the cell 'send all state updates' resolves on (spec 001 §4; §8 a failed fetch resolves not on)", () => {
    expect(initialDeviceState.limitStateUpdates).toBe(true);
    const on = deviceReducer(initialDeviceState, A.featureFlagResolved({ name: 'send all state updates', on: true }));
    expect(on.limitStateUpdates).toBe(false);
    expect(deviceReducer(on, A.featureFlagResolved({ name: 'send all state updates', on: false })).limitStateUpdates).toBe(true);
    expect(deviceReducer(initialDeviceState, A.featureFlagResolved({ name: 'another cell', on: true }))).toBe(initialDeviceState);
    expect(deviceReducer(initialDeviceState, A.featureFlagFailed({ name: 'send all state updates', err: 'x' }))).toBe(initialDeviceState);
  });

  it('unregistered → registering → registered on the same connection id', () => {
    const s = deviceReducer(deviceReducer(initialDeviceState, A.registrationRequested({ connectionId: 'c1' })), A.registered({ connectionId: 'c1' }));
    expect(s).toMatchObject({ registration: 'registered', connectionId: 'c1' });
  });

  it('a registration answer for an older connection id changes nothing', () => {
    const s = deviceReducer({ ...initialDeviceState, registration: 'registering', connectionId: 'c2' }, A.registered({ connectionId: 'c1' }));
    expect(s.registration).toBe('registering');
  });

  it('deregistered forgets the connection id', () => {
    expect(deviceReducer(playing, A.deregistered())).toMatchObject({ registration: 'deregistered', connectionId: null });
  });

  it('a play-token-lost message pauses playback', () => {
    expect(deviceReducer(playing, A.playTokenLost())).toMatchObject({ paused: true, stateRef: ref('s1', true) });
  });

  it('the local player moving to the next state, or pausing, is the ref later state updates name', () => {
    expect(deviceReducer(playing, A.localStateChanged({ stateRef: ref('s2') }))).toMatchObject({ stateRef: ref('s2'), paused: false });
    expect(deviceReducer(playing, A.localStateChanged({ stateRef: ref('s1', true) }))).toMatchObject({ stateRef: ref('s1', true), paused: true });
  });

  it('replace_state with no state ref pauses and empties the state', () => {
    expect(deviceReducer(playing, A.stateCleared())).toMatchObject({ paused: true, stateRef: null });
  });

  it('conflicting refs wait for state_conflict, 5 leave per send (spec 001 §9 conflict ref batch 5)', () => {
    let s = playing;
    for (let i = 0; i < 7; i++) s = deviceReducer(s, A.stateConflicted({ rejected: ref(`r${i}`) }));
    s = deviceReducer(s, A.conflictRefsSent({ refs: [] }));
    expect(s.rejectedRefs).toEqual([ref('r5'), ref('r6')]);
  });

  it('set_volume and local volume changes set the volume', () => {
    expect(deviceReducer(playing, A.remoteVolumeSet({ volume: 0.25, commandId: null })).volume).toBe(0.25);
    expect(deviceReducer(playing, A.localVolumeChanged({ volume: 0.75 })).volume).toBe(0.75);
  });
});
