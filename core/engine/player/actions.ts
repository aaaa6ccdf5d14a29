import * as t from 'io-ts';
import { defineAction } from '../../store/action';
import { NavigationReason } from '../lists/constants';
import { StateMachine } from './state-machine';

/*
 * The engine's client (spec 001 §4 Client lifecycle, Commands) and the glue that makes one player
 * of the session, transport, device, list, media, DRM and tracking pieces. Commands come from the
 * widget (src 'ui' in the engine's log); the rest are the player epics' decisions.
 */

/**
 * spec 001 §4 Client lifecycle: initialised on the first pointer entry or the first command. The
 * client draws this engine's instance id (32 hex) as it starts: an input, so a replay has it and
 * the playback ids made from it (player/playback-id.ts) come out the same.
 */
export const clientInitialised = defineAction('engine/clientInitialised', { instanceId: t.string });

// Commands (spec 001 §4 Commands), queued until the local player is enabled.
/** Play a context from a track: the provider's player command builds its state machine (spec 001 §7). */
export const playContextRequested = defineAction('engine/playContextRequested', { contextUri: t.string, index: t.number, reason: NavigationReason });
export const pauseRequested = defineAction('engine/pauseRequested');
export const resumeRequested = defineAction('engine/resumeRequested');
export const nextRequested = defineAction('engine/nextRequested');
export const previousRequested = defineAction('engine/previousRequested');
export const seekRequested = defineAction('engine/seekRequested', { positionMs: t.number });
/** Seek forward or back by a step (spec 001 §9 seek step 15000 ms). */
export const seekByRequested = defineAction('engine/seekByRequested', { deltaMs: t.number });
/** spec 001 §5: checked against [0, 1] ('Volume should be in range [0, 1]'). */
export const volumeRequested = defineAction('engine/volumeRequested', { volume: t.number });
/**
 * spec 001 §4 Playback actions: add to queue. The track plays after the current one and the tracks
 * queued before it, then the context goes on: set_queue (spec 001 §7) to this device, or to the
 * active device when another one plays (player/queue.ts). `id` names the remote command in the log.
 */
export const queueRequested = defineAction('engine/queueRequested', { id: t.string, uri: t.string });
/** The page is going away (the browser's pagehide, an adapter fact). */
export const pageHidden = defineAction('engine/pageHidden');

// Decisions and facts.
/** A command refused (spec 001 §5, §8 messages), with the command's type. */
export const commandRefused = defineAction('engine/commandRefused', { command: t.string, err: t.string });
export const playerCommandSent = defineAction('engine/commandSent', { endpoint: t.string, status: t.number });
export const playerCommandFailed = defineAction('engine/commandFailed', { endpoint: t.string, err: t.string });
/**
 * The provider refused to play the item a play command named (403: restricted, e.g. an episode not
 * sold in the listener's market, spec 000 §5): the widget shows it unavailable (spec 000 §7 player
 * event "unavailable track").
 */
export const playRestricted = defineAction('engine/playRestricted', { contextUri: t.string, index: t.number });
/**
 * A replace_state's machine, decoded (spec 001 §3): the track its state plays, where it starts
 * (the command's seek_to, else the state's initial position) and whether it plays at once.
 */
export const machineLoaded = defineAction('engine/machineLoaded', { machine: StateMachine, index: t.number, startMs: t.number, autoplay: t.boolean });
/**
 * A replace_state's machine whose state plays the track the media is on, where it is (a queue
 * change, spec 001 §4 add to queue): it becomes the machine, its track `index` the current one,
 * and the track plays on as it is (context.epic.ts continuesPlaying).
 */
export const machineAdopted = defineAction('engine/machineAdopted', { machine: StateMachine, index: t.number });
/** A replace_state whose machine does not decode: named, and nothing plays. */
export const machineRejected = defineAction('engine/machineRejected', { err: t.string });
/** spec 001 §4 Events forwarded: progress, every PROGRESS_INTERVAL_MS while a track plays. */
export const progressed = defineAction('engine/progressed', { positionMs: t.number, durationMs: t.number });

/** spec 001 §7 Product state: the notification registration's answer (its body is ignored). */
export const productStateRegistered = defineAction('engine/productStateRegistered', { method: t.string, status: t.number });
/** The product state refetched after a change event, as the service answered it (raw JSON text). */
export const productStateFetched = defineAction('engine/productStateFetched', { status: t.number, body: t.string });
export const productStateFailed = defineAction('engine/productStateFailed', { call: t.string, err: t.string });

export const playerActions = [
  clientInitialised,
  playContextRequested,
  pauseRequested,
  resumeRequested,
  nextRequested,
  previousRequested,
  seekRequested,
  seekByRequested,
  volumeRequested,
  queueRequested,
  pageHidden,
  commandRefused,
  playerCommandSent,
  playerCommandFailed,
  playRestricted,
  machineLoaded,
  machineAdopted,
  machineRejected,
  progressed,
  productStateRegistered,
  productStateFetched,
  productStateFailed,
] as const;
