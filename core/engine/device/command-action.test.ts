import * as A from './actions';
import { commandAction } from './command-action';
import { COMMAND_URI, decodeDeviceCommand, PLAY_TOKEN_LOST_URI } from './remote-command';
import type { StateRef } from './state-ref';

const ref = (m: string, s: string, paused = false): StateRef => ({ state_machine_id: m, state_id: s, paused });
const act = (payload: unknown, current: StateRef | null = ref('m1', 's1')) => {
  const c = decodeDeviceCommand(COMMAND_URI, payload);
  return c === null ? null : commandAction(c, current);
};

describe('remote commands (spec 001 §4: set_volume, log_out, replace_state, ping; others an unknown-command error)', () => {
  it.each([
    ['set_volume on the 0..65535 scale', { type: 'set_volume', volume: 32768 }, A.remoteVolumeSet({ volume: 32768 / 65535, commandId: null })],
    [
      'set_volume keeps its message id as the command id',
      { type: 'set_volume', volume: 0, message_id: 'c7' },
      A.remoteVolumeSet({ volume: 0, commandId: 'c7' }),
    ],
    ['log_out', { type: 'log_out' }, A.remoteLogOut()],
    ['ping', { type: 'ping' }, A.remotePing()],
    ['an unknown command', { type: 'transfer' }, A.commandRejected({ code: 'TP_UNKNOWN_COMMAND', err: 'Unknown command: transfer' })],
  ])('%s', (_what, payload, action) => expect(act(payload)).toEqual(action));

  it('a malformed set_volume is rejected with the decode error', () => {
    expect(act({ type: 'set_volume', volume: 'loud' })).toMatchObject({ type: 'device/commandRejected', code: 'TP_UNKNOWN_COMMAND' });
  });

  it('a play-token-lost message pauses (spec 001 §4)', () => {
    const c = decodeDeviceCommand(PLAY_TOKEN_LOST_URI, {});
    expect(c && commandAction(c, null)).toEqual(A.playTokenLost());
  });

  it('messages on other URIs are not device commands', () => {
    expect(decodeDeviceCommand('hm://pusher/other', { type: 'ping' })).toBeNull();
  });
});

describe('replace_state (spec 001 §4 Device service client)', () => {
  const replace = (prev: StateRef | null, next: StateRef | null, extra: object = {}) => ({
    type: 'replace_state',
    prev_state_ref: prev,
    state_ref: next,
    ...extra,
  });

  it.each([
    [
      'a previous ref that is not the current one → conflict, ignored',
      replace(ref('m1', 's0'), ref('m1', 's2')),
      A.stateConflicted({ rejected: ref('m1', 's2') }),
    ],
    ['a previous ref while the state is empty → conflict', replace(ref('m1', 's1'), ref('m1', 's2')), A.stateConflicted({ rejected: ref('m1', 's2') }), null],
    ['no state ref → paused, cleared, emptied', replace(ref('m1', 's1'), null), A.stateCleared()],
    ['same state id → pause', replace(ref('m1', 's1'), ref('m1', 's1', true)), A.stateModified({ stateRef: ref('m1', 's1', true), seekTo: null })],
    [
      'same state id → resume and seek',
      replace(ref('m1', 's1', true), ref('m1', 's1'), { seek_to: 5000 }),
      A.stateModified({ stateRef: ref('m1', 's1'), seekTo: 5000 }),
    ],
    [
      'a different state of the same machine → load it',
      replace(ref('m1', 's1'), ref('m1', 's2'), { state_machine: { id: 'm1' } }),
      A.stateLoaded({ stateRef: ref('m1', 's2'), newContext: false, seekTo: null, stateMachine: { id: 'm1' } }),
    ],
    [
      'a different machine from an empty state → new context',
      replace(null, ref('m2', 's1'), { seek_to: 1000 }),
      A.stateLoaded({ stateRef: ref('m2', 's1'), newContext: true, seekTo: 1000, stateMachine: null }),
      null,
    ],
  ])('%s', (_what, payload, action, current: StateRef | null = ref('m1', 's1')) => expect(act(payload, current)).toEqual(action));

  it('a negative seek_to is ignored', () => {
    expect(act(replace(ref('m1', 's1'), ref('m1', 's1'), { seek_to: -1 }))).toEqual(A.stateModified({ stateRef: ref('m1', 's1'), seekTo: null }));
  });
});
