import { randomBytes } from 'node:crypto';
import type { DeviceCommand } from '../playback/device-commands';
import type { Device } from '../playback/device-registry';
import type { ContextTracks } from '../playback/context-tracks';
import type { PlayerCommand } from '../playback/player-command';
import { buildStateMachine, stateIdOf, type ContextTrack, type StateMachine } from '../playback/state-machine';
import type { StateRef } from '../playback/wire';
import { arrangeTracks, withRepeat } from './arrange';
import { sameRef } from '../playback/state-conflict';
import { NO_OPTIONS, type PlayerOptions } from './cluster';
import type { ConnectState } from './service';

/*
 * The player commands of spec 001 §7 beyond play/pause/resume/seek_to/set_volume, as replace_state
 * commands (spec 001 §4) for the track-playback service's route to deliver
 * (server/playback/player-command-routes.ts), and what the connect-state service keeps of a command
 * once it reached the device (active device, options, the ack id the cluster confirms).
 */

/** What server/playback/player-command-routes.ts asks of the connect-state service. */
export interface ConnectHooks {
  /** The user's options (spec 001 §3 player_state.options): the machine of a play is arranged by them. */
  options(userId: string): Promise<PlayerOptions>;
  /** A command for the new endpoints (null: not one of them). */
  commandOf(command: PlayerCommand, device: Device, userId: string, country: string): Promise<Outcome | null>;
  /** Before the device is sent `sent` with `ackId` (so that its quickest answer finds the ack id awaited). */
  sending(userId: string, device: Device, ackId: string, sent: DeviceCommand, command: PlayerCommand): Promise<void>;
  readonly random: () => number;
}

export type Outcome = { readonly command: DeviceCommand } | { readonly status: number; readonly message: string };

/** spec 001 §5 'Nothing playing' (a command that needs a state, with none). */
export const NOTHING_PLAYING = 'Nothing playing';

/** The replace_state that moves the device to `ref` of `machine` (what it was told is kept on the device). */
export function replaceState(device: Device, machine: StateMachine, ref: StateRef, seekTo?: number): Outcome {
  device.machine = machine;
  device.commandedRef = ref;
  return {
    command: {
      type: 'replace_state',
      state_machine: machine,
      state_ref: ref,
      prev_state_ref: device.stateRef,
      ...(seekTo === undefined ? {} : { seek_to: seekTo }),
    },
  };
}

/** The machine of `tracks` in the play order the options give, starting at `start`, seeking to `seekTo`. */
export function arrangedMachine(
  tracks: readonly ContextTrack[],
  contextUri: string,
  start: number,
  options: PlayerOptions,
  random: () => number,
  seekTo?: number,
) {
  const arranged = arrangeTracks(tracks, start, options.shuffling_context, random);
  const machineId = randomBytes(12).toString('hex');
  const machine = withRepeat(
    buildStateMachine(arranged.tracks, { machineId, contextUri, startIndex: arranged.start, ...(seekTo === undefined ? {} : { seekTo }) }),
    options,
  );
  return { machine, stateId: stateIdOf(machineId, arranged.start) };
}

/** A track of a machine, as a machine is built from. */
function machineTrack(track: StateMachine['tracks'][number]): ContextTrack {
  return {
    uri: track.metadata.uri,
    name: track.metadata.name,
    durationMs: track.metadata.duration,
    files: track.manifest.file_ids_mp4,
    ...(track.manifest.manifest_ids_video === undefined ? {} : { videoSourceIds: track.manifest.manifest_ids_video.map((m) => m.manifest_id) }),
    ...(track.metadata.provider === 'queue' ? { queued: true } : {}),
  };
}

/**
 * spec 001 §4 add to queue through set_queue, when its tracks name their provider (the cluster shows
 * at most 5 next tracks, spec 001 §9, so a controller cannot list the whole context): the given next
 * tracks play after the current one, then the context goes on from the machine, after the last
 * context track given (all its upcoming context tracks when none is), its queued ones being those
 * given. Without prev_tracks the tracks before the current one stay. Tracks in machine order from
 * `at` (the machine is built in play order).
 */
export function queuedMachineTracks(
  machine: StateMachine,
  at: number,
  prev: ContextTrack[] | null,
  next: { readonly tracks: ContextTrack[]; readonly providers: ReadonlyArray<'queue' | 'context'> },
): [ContextTrack[], ContextTrack[]] {
  const before = prev ?? machine.tracks.slice(0, at).map(machineTrack);
  const upcoming = machine.tracks.slice(at + 1).map(machineTrack);
  const lastContext = [...next.tracks].reverse().find((_t, i) => next.providers[next.tracks.length - 1 - i] === 'context');
  const found = lastContext === undefined ? -1 : upcoming.findIndex((t) => t.queued !== true && t.uri === lastContext.uri);
  // A context track given that the machine no longer holds next: its upcoming context, less what was given.
  const given = new Set(found < 0 && lastContext !== undefined ? next.tracks.map((t) => t.uri) : []);
  const rest = upcoming.slice(found + 1).filter((t) => t.queued !== true && !given.has(t.uri));
  return [before, [...next.tracks, ...rest]];
}

export function createConnectHooks(
  connect: ConnectState,
  contextTracks: ContextTracks,
  random: () => number = Math.random,
  now: () => number = Date.now,
): ConnectHooks {
  /** The device's current state: its machine, ref, track index and position now. */
  const current = async (device: Device, userId: string) => {
    const ref = device.stateRef ?? device.commandedRef;
    const machine = device.machine;
    if (machine === null || ref === null || ref.state_machine_id !== machine.state_machine_id) return null;
    const state = machine.states.find((s) => s.state_id === ref.state_id);
    const track = state === undefined ? undefined : machine.tracks[state.track];
    if (state === undefined || track === undefined) return null;
    const update = await connect.lastUpdate(userId, device.id);
    const playing = device.stateRef !== null && !device.stateRef.paused;
    const position =
      update === null ? 0 : Math.max(0, Math.round(update.position + (playing ? Math.max(0, now() - update.receivedAt) * (update.playbackSpeed || 1) : 0)));
    return { machine, ref, state, track, position: Math.min(position, track.metadata.duration) };
  };

  /** A new machine of `tracks` at `start`, where the device goes on from `position` (paused as it was). */
  const rebuild = (
    device: Device,
    tracks: readonly ContextTrack[],
    contextUri: string,
    start: number,
    options: PlayerOptions,
    paused: boolean,
    position: number,
  ): Outcome => {
    const { machine, stateId } = arrangedMachine(tracks, contextUri, start, options, random, position);
    return replaceState(device, machine, { state_machine_id: machine.state_machine_id, state_id: stateId, paused }, position);
  };

  return {
    options: (userId) => connect.options(userId),
    random,
    commandOf: async (command, device, userId, country) => {
      switch (command.endpoint) {
        case 'skip_next':
        case 'skip_prev': {
          const now = await current(device, userId);
          if (now === null) return { status: 409, message: NOTHING_PLAYING };
          const target = now.state.transitions[command.endpoint];
          // No previous track: back to the start of this one (spec 001 §4 Smart previous restarts the track).
          if (target === undefined && command.endpoint === 'skip_prev') return replaceState(device, now.machine, now.ref, 0);
          if (target === undefined) return { status: 403, message: 'Player command failed: No next track' };
          return replaceState(device, now.machine, { ...now.ref, state_id: target });
        }
        case 'set_shuffling_context':
        case 'set_repeating_context':
        case 'set_repeating_track': {
          const now = await current(device, userId);
          if (now === null) return { status: 409, message: NOTHING_PLAYING };
          const key =
            command.endpoint === 'set_shuffling_context'
              ? 'shuffling_context'
              : command.endpoint === 'set_repeating_context'
                ? 'repeating_context'
                : 'repeating_track';
          const stored = await connect.options(userId);
          // The option already so: the same machine and state, nothing for the device to report (its ack is the cluster's).
          if (stored[key] === command.value) return replaceState(device, now.machine, now.ref);
          const options = { ...stored, [key]: command.value };
          if (key !== 'shuffling_context') {
            // The same tracks and states: only the transitions change, the device stays where it is.
            return replaceState(device, withRepeat(now.machine, options), now.ref);
          }
          const contextUri = now.track.metadata.context_uri;
          const tracks = await contextTracks(contextUri, userId, country);
          if (tracks === null) return { status: 404, message: `Context not found: ${contextUri}` };
          const start = tracks.findIndex((t) => t.uri === now.track.metadata.uri);
          return rebuild(device, tracks, contextUri, Math.max(0, start), options, now.ref.paused, now.position);
        }
        case 'set_queue': {
          const now = await current(device, userId);
          if (now === null) return { status: 409, message: NOTHING_PLAYING };
          const uris = [...(command.prev_tracks ?? []), ...command.next_tracks].map((t) => t.uri);
          const found = await Promise.all(uris.map((uri) => contextTracks(uri, userId, country)));
          const missing = uris.find((_u, i) => (found[i] ?? []).length !== 1);
          if (missing !== undefined) return { status: 404, message: `Track not found: ${missing}` };
          const given = [...(command.prev_tracks ?? []), ...command.next_tracks];
          const items = found.map((f, i): ContextTrack => ({ ...((f ?? [])[0] as ContextTrack), queued: given[i]?.provider === 'queue' }));
          const currentTrack = machineTrack(now.track);
          // A queue named by provider (as the cluster shows it, ours) keeps the context around it (queuedMachineTracks).
          const marked = given.some((t) => t.provider !== undefined);
          const [prev, next] = marked
            ? queuedMachineTracks(now.machine, now.state.track, command.prev_tracks === undefined ? null : items.slice(0, command.prev_tracks.length), {
                tracks: items.slice(command.prev_tracks?.length ?? 0),
                providers: command.next_tracks.map((t) => t.provider ?? 'context'),
              })
            : [items.slice(0, command.prev_tracks?.length ?? 0), items.slice(command.prev_tracks?.length ?? 0)];
          // The queue is played as it is given: no shuffle of it.
          const options = { ...(await connect.options(userId)), shuffling_context: false };
          // Adding to the queue changes what plays next, not where the track is: the command asks no seek (a
          // device playing the track goes on without reloading it, core/engine/player/context.epic.ts); the
          // state's seek_to is where a device that has to load the state starts.
          const { machine, stateId } = arrangedMachine(
            [...prev, currentTrack, ...next],
            now.track.metadata.context_uri,
            prev.length,
            options,
            random,
            now.position,
          );
          return replaceState(device, machine, { state_machine_id: machine.state_machine_id, state_id: stateId, paused: now.ref.paused });
        }
        case 'update_context': {
          const now = await current(device, userId);
          if (now === null) return { status: 409, message: NOTHING_PLAYING };
          // spec 001 §5: update_context names the state's session (the machine playing).
          if (command.session_id !== now.machine.state_machine_id) return { status: 409, message: "The session id is not the current state's" };
          const tracks = await contextTracks(command.context.uri, userId, country);
          if (tracks === null) return { status: 404, message: `Context not found: ${command.context.uri}` };
          const at = tracks.findIndex((t) => t.uri === now.track.metadata.uri);
          const options = await connect.options(userId);
          // The track playing goes on where it is when the new context holds it; otherwise the context starts over.
          return at < 0
            ? rebuild(device, tracks, command.context.uri, 0, options, now.ref.paused, 0)
            : rebuild(device, tracks, command.context.uri, at, options, now.ref.paused, now.position);
        }
        default:
          return null;
      }
    },
    sending: async (userId, device, ackId, sent, command) => {
      if (command.endpoint === 'set_shuffling_context' || command.endpoint === 'set_repeating_context' || command.endpoint === 'set_repeating_track') {
        const key =
          command.endpoint === 'set_shuffling_context'
            ? 'shuffling_context'
            : command.endpoint === 'set_repeating_context'
              ? 'repeating_context'
              : 'repeating_track';
        await connect.setOptions(userId, { ...(await connect.options(userId)), [key]: command.value });
      }
      if (sent.type === 'replace_state') {
        // The device commanded to play becomes the active one (spec 001 §3 active_device_id).
        if (sent.state_ref !== null) await connect.setActive(userId, device.id);
        // spec 001 §7 ack_id: the state the device already reports, without a seek (a pause when paused, a resume when
        // playing, a repeat option or one set to the value it has), is never reported again: the device's next state
        // update may never come, so the cluster published for the command confirms it instead of the client timing out.
        const unchanged = sent.state_ref !== null && sent.seek_to === undefined && sameRef(sent.state_ref, device.stateRef);
        await connect.expectAck(userId, device, ackId, unchanged ? { kind: 'published' } : { kind: 'state', ref: sent.state_ref });
      } else if (sent.type === 'set_volume') {
        await connect.expectAck(userId, device, ackId, { kind: 'volume', volume: sent.volume });
      }
      connect.changed(userId, 'PLAYER_COMMAND');
    },
  };
}

export { NO_OPTIONS };
