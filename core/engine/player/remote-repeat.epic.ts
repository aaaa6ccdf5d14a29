import { isRight } from 'fp-ts/Either';
import { filter, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { decodeDeviceCommand, type DeviceCommand } from '../device/remote-command';
import { decideReplaceState } from '../device/replace-state';
import { repeatRequested } from '../lists/actions';
import type { RepeatMode } from '../lists/constants';
import { messageReceived, requestReceived } from '../transport/actions';
import type { PlayerEpic } from './deps';
import { StateMachine, stateOfRef } from './state-machine';

/**
 * The repeat mode a state machine's transitions give at a state (spec 001 §3 Repeat modes): TRACK
 * when advancing stays on the state, CONTEXT when the last state moves on (to the first), else OFF.
 */
export function repeatModeOf(machine: StateMachine, stateId: string): RepeatMode {
  const state = machine.states.find((s) => s.state_id === stateId);
  if (state?.transitions.advance === state?.state_id && state !== undefined) return 'TRACK';
  const last = machine.states[machine.states.length - 1];
  return last?.transitions.skip_next !== undefined ? 'CONTEXT' : 'OFF';
}

const commandsOf = (a: Action): Array<DeviceCommand | null> =>
  requestReceived.match(a)
    ? [decodeDeviceCommand(a.messageIdent, a.message)]
    : messageReceived.match(a)
      ? a.payloads.map((p) => decodeDeviceCommand(a.uri, p))
      : [];

/**
 * spec 001 §4 Device service client: a controller's repeat reaches this device as a replace_state
 * whose machine's transitions repeat (the provider arranges a shuffle into the machine's track
 * order); the list player, which moves through the tracks, takes that repeat mode. A replace_state
 * this device refuses (a conflict) or clears changes nothing.
 */
export const remoteRepeatEpic: PlayerEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => requestReceived.match(a) || messageReceived.match(a)),
    mergeMap((a): Action[] => {
      const state = state$.value;
      let repeat = state.list.repeat;
      const out: Action[] = [];
      for (const command of commandsOf(a)) {
        if (command?.kind !== 'replace_state') continue;
        const decision = decideReplaceState(state.device.stateRef, command.command);
        if (decision.kind !== 'load' && decision.kind !== 'modify') continue;
        const machine = StateMachine.decode(command.command.state_machine);
        if (!isRight(machine) || stateOfRef(machine.right, decision.stateRef) === null) continue;
        const mode = repeatModeOf(machine.right, decision.stateRef.state_id);
        if (mode === repeat) continue;
        repeat = mode;
        out.push(repeatRequested({ mode }));
      }
      return out;
    }),
  );
