import * as t from 'io-ts';
import { defineAction } from '../../store/action';
import { StateRef } from './state-ref';
import { PlaybackStats, StateUpdateReason } from './state-update';

/*
 * The device service client's actions (spec 001 §4 Device service client, State update sends).
 * Inputs come from the transport (connection ids, dealer messages) and the player; the rest are
 * the device epics' decisions and the service's answers.
 */

// Registration (spec 001 §4: unregistered → registered on a 200; deregistered on 200/204).
export const registrationRequested = defineAction('device/registrationRequested', { connectionId: t.string });
export const registered = defineAction('device/registered', { connectionId: t.string });
export const registrationFailed = defineAction('device/registrationFailed', { code: t.string, err: t.string, fatal: t.boolean, report: t.boolean });
export const deregistrationRequested = defineAction('device/deregistrationRequested');
export const deregistered = defineAction('device/deregistered');
export const deregistrationFailed = defineAction('device/deregistrationFailed', { err: t.string });

// Remote commands (spec 001 §4: set_volume, log_out, replace_state, ping; others an unknown-command error).
/** commandId: the set_volume's message id, answered as command_id by the volume PUT (null when it had none). */
export const remoteVolumeSet = defineAction('device/remoteVolumeSet', { volume: t.number, commandId: t.union([t.string, t.null]) });
export const remoteLogOut = defineAction('device/remoteLogOut');
export const remotePing = defineAction('device/remotePing');
export const commandRejected = defineAction('device/commandRejected', { code: t.string, err: t.string });
/** replace_state whose previous ref is not the current one: ignored, the ref queued for state_conflict. */
export const stateConflicted = defineAction('device/stateConflicted', { rejected: t.union([StateRef, t.null]) });
/** replace_state with no state ref: pause, clear and empty the state. */
export const stateCleared = defineAction('device/stateCleared');
/** replace_state on the same state: pause/resume and an optional seek. */
export const stateModified = defineAction('device/stateModified', { stateRef: StateRef, seekTo: t.union([t.number, t.null]) });
/** replace_state on a different state: load it (newContext when the state machine changed). */
export const stateLoaded = defineAction('device/stateLoaded', {
  stateRef: StateRef,
  newContext: t.boolean,
  seekTo: t.union([t.number, t.null]),
  stateMachine: t.unknown,
});
/** The local player moved to another state of the machine, or paused or resumed: later state updates name this ref. */
export const localStateChanged = defineAction('device/localStateChanged', { stateRef: StateRef });
/** spec 001 §4: "A play-token-lost message pauses playback." */
export const playTokenLost = defineAction('device/playTokenLost');
export const conflictRefsSent = defineAction('device/conflictRefsSent', { refs: t.array(StateRef) });

// State update sends (spec 001 §4 State update sends, §7 PUT devices/{id}/state).
/** playbackStats: the current playback's figures (spec 001 §3 playback_stats), null when nothing plays. */
export const stateUpdateRequested = defineAction('device/stateUpdateRequested', {
  reason: StateUpdateReason,
  position: t.number,
  duration: t.number,
  playbackStats: t.union([PlaybackStats, t.null]),
});
export const stateUpdateSent = defineAction('device/stateUpdateSent', { seq: t.number, reason: StateUpdateReason, status: t.number });
export const stateUpdateFailed = defineAction('device/stateUpdateFailed', { seq: t.number, err: t.string });
/**
 * spec 001 §7: what the service answered a state update: its state machine (decoded by the player)
 * and the updated state ref, with the ref the update was sent with (`sentRef`).
 */
export const stateUpdateAnswered = defineAction('device/stateUpdateAnswered', {
  seq: t.number,
  sentRef: t.union([StateRef, t.null]),
  updatedRef: t.union([StateRef, t.null]),
  stateMachine: t.unknown,
});

// Volume (spec 001 §7 PUT devices/{id}/volume, debounced 1 s).
/** The listener changed the local volume (0..1, already checked with checkVolume). */
export const localVolumeChanged = defineAction('device/localVolumeChanged', { volume: t.number });
export const volumeSent = defineAction('device/volumeSent', { volume: t.number, status: t.number });
export const volumeSendFailed = defineAction('device/volumeSendFailed', { err: t.string });
export const conflictSendFailed = defineAction('device/conflictSendFailed', { err: t.string });

// Feature flags (spec 001 §7 User and flags, §8 Flags): the experiment cell that decides whether state updates are limited (§4).
/** The player has a token: ask the provider's flags service for this cell, once. */
export const featureFlagRequested = defineAction('device/featureFlagRequested', { name: t.string });
/** Whether the cell is on; a failed fetch resolves it as not on (spec 001 §8 "resolves with false"). */
export const featureFlagResolved = defineAction('device/featureFlagResolved', { name: t.string, on: t.boolean });
/** spec 001 §8 Flags: the flag error, with the spec's text; a featureFlagResolved (not on) follows. */
export const featureFlagFailed = defineAction('device/featureFlagFailed', { name: t.string, err: t.string });

export const deviceActions = [
  registrationRequested,
  registered,
  registrationFailed,
  deregistrationRequested,
  deregistered,
  deregistrationFailed,
  remoteVolumeSet,
  remoteLogOut,
  remotePing,
  commandRejected,
  stateConflicted,
  stateCleared,
  stateModified,
  stateLoaded,
  localStateChanged,
  playTokenLost,
  conflictRefsSent,
  stateUpdateRequested,
  stateUpdateSent,
  stateUpdateFailed,
  stateUpdateAnswered,
  localVolumeChanged,
  volumeSent,
  volumeSendFailed,
  conflictSendFailed,
  featureFlagRequested,
  featureFlagResolved,
  featureFlagFailed,
] as const;
