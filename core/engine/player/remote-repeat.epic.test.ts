import { COMMAND_URI } from '../device/remote-command';
import { requestReceived } from '../transport/actions';
import { remoteRepeatEpic, repeatModeOf } from './remote-repeat.epic';
import { engineState, stateMachine, stateRef } from './testing/engine-state';
import { runPlayer } from './testing/run-player';

const chain = (count: number, wrap: boolean, repeatTrackAt?: number) =>
  stateMachine(count, {
    states: Object.fromEntries(
      Array.from({ length: count }, (_, i) => {
        const next = i + 1 < count ? `s${i + 1}` : wrap ? 's0' : undefined;
        const advance = i === repeatTrackAt ? `s${i}` : next;
        return [i, { transitions: { ...(next === undefined ? {} : { skip_next: next }), ...(advance === undefined ? {} : { advance }) } }];
      }),
    ),
  });

const replaceState = (machine: unknown, ref: ReturnType<typeof stateRef> | null, prev: ReturnType<typeof stateRef> | null) =>
  requestReceived({
    key: 'k',
    messageIdent: COMMAND_URI,
    message: JSON.parse(JSON.stringify({ type: 'replace_state', state_machine: machine, state_ref: ref, prev_state_ref: prev })) as unknown,
  });

describe('the repeat mode a replace_state brings to this device (spec 001 §3 Repeat modes, §4 Device service client)', () => {
  it.each([
    ['no wrap, advance to the next: OFF', chain(3, false), 'OFF'],
    ['the last state moves on to the first: CONTEXT', chain(3, true), 'CONTEXT'],
    ['advance stays on the state: TRACK', chain(3, true, 1), 'TRACK'],
  ])('%s', (_name, machine, mode) => {
    expect(repeatModeOf(machine, 's1')).toBe(mode);
  });

  it('the list player takes the mode of an accepted replace_state (the same state: only the transitions changed), once', () => {
    const playing = engineState({ device: { stateRef: stateRef('s1') } });
    const { log } = runPlayer([remoteRepeatEpic], playing, [[0, replaceState(chain(3, true, 1), stateRef('s1'), stateRef('s1'))]]);
    expect(log).toEqual([[0, 'list/repeatRequested', { mode: 'TRACK' }]]);
  });

  it('nothing for a mode the list already has, a conflicting replace_state, or one that clears', () => {
    const playing = engineState({ device: { stateRef: stateRef('s1') }, list: { repeat: 'CONTEXT' } });
    expect(runPlayer([remoteRepeatEpic], playing, [[0, replaceState(chain(3, true), stateRef('s2'), stateRef('s1'))]]).log).toEqual([]);
    expect(runPlayer([remoteRepeatEpic], playing, [[0, replaceState(chain(3, false), stateRef('s2'), stateRef('s0'))]]).log).toEqual([]);
    expect(runPlayer([remoteRepeatEpic], playing, [[0, replaceState(chain(3, false), null, stateRef('s1'))]]).log).toEqual([]);
  });
});
