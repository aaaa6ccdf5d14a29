import * as t from 'io-ts';
import { defineAction } from '../../store/action';
import { Cluster, ConnectDevice } from './cluster';
import { RemoteCommand } from './command';

/*
 * The remote-control client's actions (spec 001 §4 Remote-control client, §7 Remote-control
 * service). Inputs come from the controller (src 'ui': observe, commands, device list) and the
 * transport (connection ids, cluster messages); the rest are this client's decisions and answers.
 */

// Observer registration (spec 001 §7: PUT and DELETE devices/{observerId}, a hidden observer).
/** The controller wants the cluster: register as an observer now, or once there is a connection id. */
export const observeRequested = defineAction('connect/observeRequested');
export const unobserveRequested = defineAction('connect/unobserveRequested');
export const observerRegistrationRequested = defineAction('connect/observerRegistrationRequested', { connectionId: t.string });
export const observerRegistered = defineAction('connect/observerRegistered', { connectionId: t.string, status: t.number });
/** code: spec 001 §8 families (TP_MAX_SUBSCRIPTIONS_REACHED for the 429, CONNECTAPI_* otherwise). */
export const observerRegistrationFailed = defineAction('connect/observerRegistrationFailed', { code: t.string, err: t.string });
export const observerDeregistered = defineAction('connect/observerDeregistered', { status: t.number });

// The cluster (spec 001 §4: initial state on registration; older messages ignored; active-device changes).
/** A cluster newer than (or as new as) the last processed one; ackId: the command it confirms. */
export const clusterUpdated = defineAction('connect/clusterUpdated', { cluster: Cluster, ackId: t.union([t.string, t.null]), initial: t.boolean });
/** A cluster older than the last processed timestamp: ignored (its ack still counts). */
export const clusterIgnored = defineAction('connect/clusterIgnored', { timestamp: t.number, lastTimestamp: t.number, ackId: t.union([t.string, t.null]) });
export const clusterRejected = defineAction('connect/clusterRejected', { err: t.string });
/** spec 001 §4 "an active-device change emits an event". */
export const activeDeviceChanged = defineAction('connect/activeDeviceChanged', { previous: t.union([t.string, t.null]), current: t.union([t.string, t.null]) });

// Commands (spec 001 §7: player commands, transfer, volume; answers may carry an ack_id).
/** id: the controller's own id for the command, to find its outcome. */
export const commandRequested = defineAction('connect/commandRequested', { id: t.string, command: RemoteCommand });
/** Refused before any request, with spec 001 §5's text. */
export const commandRefused = defineAction('connect/commandRefused', { id: t.string, endpoint: t.string, err: t.string });
/** A volume command replaced by a later one to the same device within the debounce (spec 001 §9 1000 ms): never sent. */
export const commandSuperseded = defineAction('connect/commandSuperseded', { id: t.string, by: t.string });
/** The service took it; ackId null when it named none (nothing to await). */
export const commandSent = defineAction('connect/commandSent', { id: t.string, endpoint: t.string, status: t.number, ackId: t.union([t.string, t.null]) });
export const commandFailed = defineAction('connect/commandFailed', { id: t.string, endpoint: t.string, status: t.number, err: t.string });
export const commandAcknowledged = defineAction('connect/commandAcknowledged', { id: t.string, ackId: t.string });
export const commandTimedOut = defineAction('connect/commandTimedOut', { id: t.string, ackId: t.string, err: t.string });

// The device list (spec 001 §7 Catalogue API: GET /me/player/devices).
export const devicesRequested = defineAction('connect/devicesRequested', { id: t.string });
export const devicesListed = defineAction('connect/devicesListed', { id: t.string, devices: t.array(ConnectDevice) });
export const devicesFailed = defineAction('connect/devicesFailed', { id: t.string, err: t.string });

export const connectActions = [
  observeRequested,
  unobserveRequested,
  observerRegistrationRequested,
  observerRegistered,
  observerRegistrationFailed,
  observerDeregistered,
  clusterUpdated,
  clusterIgnored,
  clusterRejected,
  activeDeviceChanged,
  commandRequested,
  commandRefused,
  commandSuperseded,
  commandSent,
  commandFailed,
  commandAcknowledged,
  commandTimedOut,
  devicesRequested,
  devicesListed,
  devicesFailed,
] as const;

/** The actions that end a command: what the controller's promise resolves with. */
export const commandOutcomes = [commandRefused, commandSuperseded, commandFailed, commandAcknowledged, commandTimedOut] as const;
