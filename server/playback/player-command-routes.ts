import type { FastifyInstance } from 'fastify';
import type { Realtime } from '../realtime/hub';
import { requireAccount, sendError, type Verify } from './bearer-grant';
import type { ContextTracks } from './context-tracks';
import { decodeBody } from './decode-body';
import { commandPush, newCommandId, type DeviceCommand } from './device-commands';
import type { Device, DeviceRegistry } from './device-registry';
import { PlayerCommandBody, startIndexOf, type PlayerCommand } from './player-command';
import type { StateMachine } from './state-machine';
import type { StateRef } from './wire';
import { arrangedMachine, type ConnectHooks } from '../connect-state/commands';
import { NO_OPTIONS } from '../connect-state/cluster';

/** spec 001 §7 Remote-control service: POST v1/player/command/from/{local}/to/{target}, under our connect-state prefix. */
export const PLAYER_COMMAND_PATH = '/connect-state/v1/player/command/from/:from/to/:deviceId';
/** spec 001 §8 Remote control: an unknown device (or another user's). */
export const NO_SUCH_DEVICE = 'No such device.';

export interface PlayerCommandDeps {
  readonly verify: Verify;
  readonly realtime: Realtime;
  readonly devices: DeviceRegistry;
  readonly contextTracks: ContextTracks;
  /** Issue 16: the connect-state service (options, the other endpoints, active device and ack ids; server/connect-state). */
  readonly connect?: ConnectHooks;
}

type Outcome = { readonly command: DeviceCommand } | { readonly status: number; readonly message: string };

/** spec 001 §7 Track-playback: the MP4 files a state machine's manifest lists (state-machine.ts). */
const MACHINE_FORMAT = 'file_ids_mp4';
const PODCAST_CONTEXT = /^spotify:(show|episode):/;

/**
 * What the device's registered capabilities (spec 001 §3) rule out: a context it cannot play (its
 * manifest_formats lack the machine's file_ids_mp4; a show or episode without audio_podcasts), a
 * volume it cannot change (change_volume false). A capability it did not name is taken as present.
 */
function incapable(command: PlayerCommand, device: Device): string | null {
  const capabilities = device.info.capabilities ?? {};
  if (command.endpoint === 'set_volume' && capabilities.change_volume === false) return 'Device cannot change volume';
  if (command.endpoint !== 'play') return null;
  if (capabilities.manifest_formats !== undefined && !capabilities.manifest_formats.includes(MACHINE_FORMAT)) return `Device cannot play ${MACHINE_FORMAT}`;
  if (capabilities.audio_podcasts === false && PODCAST_CONTEXT.test(command.context.uri)) return 'Device cannot play podcasts';
  return null;
}

/** What the device is told for a command (or why it cannot be). Updates the device's machine and commanded ref. */
async function deviceCommandOf(
  command: PlayerCommand,
  device: Device,
  contextTracks: ContextTracks,
  accountId: string,
  country: string,
  connect?: ConnectHooks,
): Promise<Outcome> {
  const other = connect === undefined ? null : await connect.commandOf(command, device, accountId, country);
  if (other !== null) return other;
  switch (command.endpoint) {
    case 'ping':
    case 'log_out':
      return { command: { type: command.endpoint } };
    case 'set_volume':
      return { command: { type: 'set_volume', volume: command.volume } };
    case 'play': {
      const tracks = await contextTracks(command.context.uri, accountId, country);
      if (tracks === null) return { status: 404, message: `Context not found: ${command.context.uri}` };
      const named = startIndexOf(
        tracks.map((track) => track.uri),
        command.options,
      );
      if (named === null) return { status: 400, message: 'options.skip_to names no track of the context' };
      // spec 000 §5: an episode not sold in the listener's country is refused when asked for by name, as
      // the Web API's player refuses a restricted item; a context played from its start begins at its first
      // available item (the others are listed without files, spec 001 §4 skipped).
      const start = command.options?.skip_to === undefined && tracks[named]?.unavailable === true ? tracks.findIndex((x) => x.unavailable !== true) : named;
      if (start < 0 || tracks[start]?.unavailable === true) {
        return { status: 403, message: `Player command failed: Restriction violated (${tracks[named]?.uri} is not available in ${country})` };
      }
      const seekTo = command.options?.seek_to;
      // Issue 16: in the order and with the repeat the user's options give (spec 001 §3 player_state.options).
      const options = connect === undefined ? NO_OPTIONS : await connect.options(accountId);
      const { machine, stateId } = arrangedMachine(tracks, command.context.uri, start, options, connect?.random ?? Math.random, seekTo);
      const stateRef = { state_machine_id: machine.state_machine_id, state_id: stateId, paused: command.options?.initially_paused ?? false };
      return replace(device, machine, stateRef);
    }
    case 'pause':
    case 'resume':
    case 'seek_to': {
      // pause, resume, seek_to: the same state of the same machine (spec 001 §4 replace_state, same state id).
      const ref = device.stateRef ?? device.commandedRef;
      if (device.machine === null || ref === null || ref.state_machine_id !== device.machine.state_machine_id) {
        return { status: 409, message: 'Nothing playing' };
      }
      const paused = command.endpoint === 'pause' ? true : command.endpoint === 'resume' ? false : ref.paused;
      return replace(device, device.machine, { ...ref, paused }, command.endpoint === 'seek_to' ? command.value : undefined);
    }
    default:
      return { status: 400, message: `Player command failed: ${command.endpoint} is not carried out here` };
  }
}

function replace(device: Device, machine: StateMachine, stateRef: StateRef, seekTo?: number): Outcome {
  device.machine = machine;
  device.commandedRef = stateRef;
  const seek = seekTo === undefined ? {} : { seek_to: seekTo };
  return { command: { type: 'replace_state', state_machine: machine, state_ref: stateRef, prev_state_ref: device.stateRef, ...seek } };
}

/**
 * A logged-in user's controller (any product) commands one of their live devices; the command
 * goes to the device's dealer connection as a request frame. Answers `{ ack_id }`.
 */
export function registerPlayerCommandRoutes(app: FastifyInstance, deps: PlayerCommandDeps): void {
  app.post(PLAYER_COMMAND_PATH, async (request, reply) => {
    const grant = await requireAccount(request, reply, deps.verify, { premium: false });
    if (grant === null) return reply;
    const { from, deviceId } = request.params as { from: string; deviceId: string };
    const device = (await deps.devices.live(grant.accountId, await deps.realtime.liveConnections(grant.accountId))).find((d) => d.id === deviceId);
    // spec 001 §8 Remote control: 404 'No such device.'
    if (device === undefined) return sendError(reply, 404, NO_SUCH_DEVICE);
    const body = decodeBody(PlayerCommandBody, request.body, reply, 'player command');
    if (body === null) return reply;
    const refusal = incapable(body.command, device);
    if (refusal !== null) return sendError(reply, 403, `Player command failed: ${refusal}`);
    const outcome = await deviceCommandOf(body.command, device, deps.contextTracks, grant.accountId, grant.country, deps.connect);
    if ('status' in outcome) return sendError(reply, outcome.status, outcome.message);
    // Only what the command changed (issue 14: a state update through another instance may write its ref meanwhile).
    if (outcome.command.type === 'replace_state')
      await deps.devices.update(device.userId, device.id, { machine: device.machine, commandedRef: device.commandedRef });
    const ackId = newCommandId();
    // Issue 14: to the instance that holds the device's socket, whichever instance this is.
    // Issue 16: the ack id is awaited before the device can answer (a quick state update confirms it).
    await deps.connect?.sending(grant.accountId, device, ackId, outcome.command, body.command);
    if (!(await deps.realtime.pushTo(device.connectionId, commandPush(outcome.command, from, ackId), grant.accountId)))
      return sendError(reply, 404, NO_SUCH_DEVICE);
    return reply.send({ ack_id: ackId });
  });
}
