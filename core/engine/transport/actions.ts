import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * The transport's actions (spec 001 §4 Transport lifecycle). Inputs come from the transport's
 * owner (the session/client); the rest are decided or observed by the transport's epics. No
 * action carries the dealer URL: it holds the access token, which stays in connectRequested and
 * tokenUpdated only.
 */

// Inputs.
/** Connect: resolve the services, open the dealer socket and authenticate. Only the owner may (spec 001 §6). */
export const connectRequested = defineAction('transport/connectRequested', { caller: t.string, resolveUrl: t.string });
/** Disconnect (force: the spec's forceDisconnect). Only the owner may. */
export const disconnectRequested = defineAction('transport/disconnectRequested', { caller: t.string, force: t.boolean });
/** spec 001 §4 Auth "token update": later (re)connections use this token. */
/** The session holds a refreshed token (spec 001 §4 Auth "token update"): the live connection authenticates again with it. */
export const tokenUpdated = defineAction('transport/tokenUpdated');
/**
 * Authenticate the connected socket with the current token (spec 001 §7 Realtime socket): what the
 * owner does when its client does not authenticate by itself (spec 001 §4: a client that neither
 * owns the transport nor may manage its lifecycle).
 */
export const authenticateRequested = defineAction('transport/authenticateRequested', { caller: t.string });
/** The browser's online/offline events (an adapter fact): spec 001 §4's offline and online disconnects follow. */
export const networkChanged = defineAction('transport/networkChanged', { online: t.boolean });
/** Answers a dealer request frame by its key. */
export const replyRequested = defineAction('transport/replyRequested', { key: t.string, success: t.boolean });

// Decisions and facts.
/** A lifecycle call by someone other than the owner, refused with spec 001 §8's message. */
export const lifecycleRefused = defineAction('transport/lifecycleRefused', { method: t.string, message: t.string });
/** The owner's connect was accepted: the service resolve starts (spec 001 §7 Service resolve). */
export const serviceResolveRequested = defineAction('transport/serviceResolveRequested');
export const serviceResolveRetried = defineAction('transport/serviceResolveRetried', { retry: t.number, err: t.string, delayMs: t.number });
export const serviceResolved = defineAction('transport/serviceResolved', { dealer: t.string, spclient: t.string });
/** Open the dealer socket: the first connect (attempt 0..2) or a reconnection (attempt 1..3). */
export const socketOpenRequested = defineAction('transport/socketOpenRequested', { reconnect: t.boolean, attempt: t.number });
export const connectRetryScheduled = defineAction('transport/connectRetryScheduled', { retry: t.number, delayMs: t.number, err: t.string });
export const socketClosed = defineAction('transport/socketClosed', { code: t.number, reason: t.string, opened: t.boolean });
export const socketErrored = defineAction('transport/socketErrored', { err: t.string });
export const frameRejected = defineAction('transport/frameRejected', { err: t.string });
export const heartbeatPingSent = defineAction('transport/heartbeatPingSent');
export const heartbeatPongReceived = defineAction('transport/heartbeatPongReceived');
export const messageReceived = defineAction('transport/messageReceived', {
  uri: t.string,
  headers: t.record(t.string, t.string),
  payloads: t.array(t.unknown),
});
export const requestReceived = defineAction('transport/requestReceived', { key: t.string, messageIdent: t.string, message: t.unknown });

// spec 001 §4 Transport lifecycle events.
export const connected = defineAction('transport/connected', { reconnect: t.boolean });
export const connectionFailed = defineAction('transport/connectionFailed', { err: t.string });
export const authenticated = defineAction('transport/authenticated', { connectionId: t.string, at: t.number });
export const authenticationFailed = defineAction('transport/authenticationFailed', { err: t.string });
export const reconnecting = defineAction('transport/reconnecting', { attempt: t.number, delayMs: t.number });
export const reconnected = defineAction('transport/reconnected', { connectionId: t.string, at: t.number });
export const disconnected = defineAction('transport/disconnected', { reason: t.string });
export const loggedOut = defineAction('transport/loggedOut');
export const shortSessionDisconnected = defineAction('transport/shortSessionDisconnected', { durationMs: t.number });
/** The network went offline: the connection is dropped, and made again once the network is back. */
export const beforeOfflineDisconnect = defineAction('transport/beforeOfflineDisconnect');
/** The network came back while a connection existed or was retried: it is dropped and made afresh. */
export const beforeOnlineDisconnect = defineAction('transport/beforeOnlineDisconnect');

/** Every transport action, for the reducer's exhaustiveness and for decoding logs. */
export const transportActions = [
  connectRequested,
  disconnectRequested,
  tokenUpdated,
  authenticateRequested,
  networkChanged,
  replyRequested,
  lifecycleRefused,
  serviceResolveRequested,
  serviceResolveRetried,
  serviceResolved,
  socketOpenRequested,
  connectRetryScheduled,
  socketClosed,
  socketErrored,
  frameRejected,
  heartbeatPingSent,
  heartbeatPongReceived,
  messageReceived,
  requestReceived,
  connected,
  connectionFailed,
  authenticated,
  authenticationFailed,
  reconnecting,
  reconnected,
  disconnected,
  loggedOut,
  beforeOfflineDisconnect,
  beforeOnlineDisconnect,
  shortSessionDisconnected,
] as const;
