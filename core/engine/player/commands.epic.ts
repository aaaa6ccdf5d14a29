import { merge, of, type Observable } from 'rxjs';
import { catchError, distinctUntilChanged, filter, map, mergeMap, take } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { localVolumeChanged } from '../device/actions';
import { notSuccessful, SPCLIENT_CALLER, spclientRequest } from '../device/track-playback-request';
import { checkVolume } from '../device/volume';
import { onAnswer, retryOnUnauthorised } from '../session/retry-on-unauthorised';
import { navigationRequested, smartPreviousRequested } from '../lists/actions';
import { checkSeekCommand, newContextRefusal, stateRefusal, type CurrentState } from '../lists/client-state';
import { gateCommands, type PlayerAvailability } from '../lists/command-queue';
import { mediaPauseRequested, mediaPlayRequested, mediaSeekRequested } from '../media/actions';
import * as P from './actions';
import type { EngineState, PlayerEpic } from './deps';
import { failureText } from './failure-text';
import { queueEpic } from './queue';
import { hasMp4File, stateOfTrack } from './state-machine';

/** spec 001 §7 Connect state: POST /connect-state/v1/player/command/from/{from}/to/{to}. */
export const PLAYER_COMMAND_PATH = '/connect-state/v1/player/command/from';

const COMMANDS = [
  P.playContextRequested,
  P.pauseRequested,
  P.resumeRequested,
  P.nextRequested,
  P.previousRequested,
  P.seekRequested,
  P.seekByRequested,
  P.volumeRequested,
] as const;
type Command = ReturnType<(typeof COMMANDS)[number]>;
const isCommand = (a: Action): a is Command => COMMANDS.some((c) => c.match(a));

/** The client's current state as the command rules of spec 001 §4, §8 Client state see it. */
export function currentState(state: EngineState): CurrentState {
  const { machine, trackIndex } = state.player;
  if (machine === null) return { present: false, trackValid: false, seekingDisallowed: false, restrictions: {} };
  const track = trackIndex === null ? undefined : machine.tracks[trackIndex];
  const machineState = trackIndex === null ? null : stateOfTrack(machine, trackIndex);
  return {
    present: true,
    trackValid: track !== undefined && hasMp4File(track),
    seekingDisallowed: machineState?.disallow_seeking === true,
    restrictions: machineState?.restrictions ?? {},
  };
}

/**
 * spec 001 §4 Client lifecycle: pending until the device is registered (and while it re-registers
 * on a new connection), then enabled; disabled on deregistration, on abort (the registration
 * failed) and after an unrecoverable playback error (until a registration enables it again).
 */
export function availabilityOf(state: EngineState): PlayerAvailability {
  if (state.player.disabled !== null) return 'disabled';
  switch (state.device.registration) {
    case 'registered':
      return 'enabled';
    case 'deregistered':
    case 'failed':
      return 'disabled';
    default:
      return 'pending';
  }
}

/** The seek table's duration once loaded; before that, the state machine's (the provider's metadata). */
function durationOf(state: EngineState): number {
  const { machine, trackIndex } = state.player;
  const metadata = machine !== null && trackIndex !== null ? (machine.tracks[trackIndex]?.metadata.duration ?? 0) : 0;
  return state.media.plan?.durationMs ?? metadata;
}

/** What a released command does, as actions for the pieces that carry it out. */
export function commandActions(command: Command, state: EngineState): Action[] {
  const current = currentState(state);
  if (P.volumeRequested.match(command)) {
    // spec 001 §5: 'Volume should be in range [0, 1]'.
    const checked = checkVolume(command.volume);
    return checked.ok ? [localVolumeChanged({ volume: checked.value })] : [P.commandRefused({ command: command.type, err: checked.err })];
  }
  if (P.seekRequested.match(command) || P.seekByRequested.match(command)) {
    const target = P.seekRequested.match(command) ? command.positionMs : state.media.positionMs + command.deltaMs;
    const checked = checkSeekCommand(current, target, durationOf(state));
    return checked.ok ? [mediaSeekRequested({ positionMs: checked.positionMs })] : [P.commandRefused({ command: command.type, err: checked.err })];
  }
  // spec 001 §8 Client state 'No current state.': the other commands act on the current state.
  const refusal = stateRefusal(current);
  if (refusal !== null) return [P.commandRefused({ command: command.type, err: refusal })];
  if (P.pauseRequested.match(command)) return [mediaPauseRequested()];
  if (P.resumeRequested.match(command)) return [mediaPlayRequested()];
  if (P.nextRequested.match(command)) return [navigationRequested({ direction: 'next', reason: 'fwdbtn' })];
  if (P.previousRequested.match(command)) {
    return [smartPreviousRequested({ positionMs: state.media.positionMs, seekingDisallowed: current.seekingDisallowed })];
  }
  return [];
}

/**
 * spec 001 §4 Client lifecycle and Commands: commands wait until the local player is enabled (the
 * device registered) and run in order; once it was disabled they are refused with spec 001 §8's
 * text. Playing a context asks the provider's player command to send this device a replace_state
 * (spec 001 §7); the other commands act on the list and the media player here.
 */
export const commandsEpic: PlayerEpic = (action$, state$, deps) => {
  const availability$ = state$.pipe(map(availabilityOf), distinctUntilChanged());
  // spec 001 §4 add to queue: here or on the active device, as the cluster says (queue.ts).
  const queue$ = queueEpic(action$, state$, deps);
  const commands$ = gateCommands(action$.pipe(filter(isCommand)), availability$).pipe(
    mergeMap((gate): Observable<Action> => {
      if (gate.kind === 'refused') return of(P.commandRefused({ command: gate.command.type, err: gate.err }));
      const command = gate.command;
      if (!P.playContextRequested.match(command)) return of(...commandActions(command, state$.value));
      // spec 001 §4 Smart previous: no new context while the current state's skips are restricted for an ad.
      const refusal = newContextRefusal(currentState(state$.value));
      if (refusal !== null) return of(P.commandRefused({ command: command.type, err: refusal }));
      const id = encodeURIComponent(deps.device.descriptor.id);
      const body = { command: { endpoint: 'play', context: { uri: command.contextUri }, options: { skip_to: { track_index: command.index } } } };
      const transport = state$.value.transport;
      // spec 001 §8 Resolve/transport: a 401 refreshes the token and the command is sent once more.
      const send = (token: string | null) => spclientRequest(deps.http, transport, token, 'POST', `${PLAYER_COMMAND_PATH}/${id}/to/${id}`, body).pipe(take(1));
      return retryOnUnauthorised(action$, SPCLIENT_CALLER, state$.value.session.accessToken, send).pipe(
        onAnswer((r): Action[] => [
          r.status >= 200 && r.status <= 299
            ? P.playerCommandSent({ endpoint: 'play', status: r.status })
            : P.playerCommandFailed({ endpoint: 'play', err: notSuccessful(r.status) }),
          // A logged-in user's play refused 403 is a restricted item (spec 000 §5 markets): reported as unavailable.
          ...(r.status === 403 ? [P.playRestricted({ contextUri: command.contextUri, index: command.index })] : []),
        ]),
        catchError((err: unknown) => of(P.playerCommandFailed({ endpoint: 'play', err: failureText(err) }))),
      );
    }),
  );
  return merge(commands$, queue$);
};
