import * as E from 'fp-ts/Either';
import { defer, filter, ignoreElements, map, merge, mergeMap, of, share, switchMap, take, takeUntil, takeWhile, tap, type Observable } from 'rxjs';
import type { SocketConnection, SocketEvent } from '../../ports';
import type { Action } from '../../store/action';
import {
  authenticated,
  authenticateRequested,
  connected,
  disconnected,
  frameRejected,
  heartbeatPingSent,
  heartbeatPongReceived,
  loggedOut,
  messageReceived,
  reconnected,
  replyRequested,
  requestReceived,
  socketClosed,
  socketErrored,
  socketOpenRequested,
  tokenUpdated,
} from './actions';
import { DEALER_CONNECTION_ERROR } from './close-decision';
import { CLOSE_CODE, TIMEOUT_CODE } from './constants';
import {
  authenticateFrame,
  authenticateReplyOf,
  connectionIdOf,
  decodeFrame,
  isClientLogout,
  PING_TEXT,
  PONG_TEXT,
  replyFrame,
  type DealerFrame,
} from './dealer-frame';
import type { TransportDeps, TransportEpic } from './deps';
import { heartbeat } from './heartbeat';
import { dealerUrl } from './service-resolve';
import { authenticateRefusal } from './lifecycle';
import type { SessionSlice } from '../session/state';
import { authenticatesOnConnect, type TransportSlice, type TransportState } from './state';

export const HEARTBEAT_TIMEOUT_REASON = 'Heartbeat timeout';
export const NO_ENDPOINT_REASON = 'No dealer endpoint or access token';

/** Where one socket's authentication is (spec 001 §7: with the token, after the connection id came). */
interface Authentication {
  /** The connection id the dealer announced (its first message); null until then. */
  connectionId: string | null;
  /** The dealer accepted the token: the connection is authenticated. */
  done: boolean;
}

/** What one decoded frame means to the transport. */
function actionsOfFrame(frame: DealerFrame, connection: SocketConnection, reconnect: boolean, auth: Authentication, now: number): Action[] {
  const connectionId = connectionIdOf(frame);
  // The connection id comes first; the authentication that follows it is sent by runSocket.
  if (connectionId !== null) return [];
  const accepted = authenticateReplyOf(frame);
  if (accepted !== null) {
    // A refusal is followed by the dealer's close, which close-decision.ts retries (spec 001 §9 Authentication retries).
    if (!accepted || auth.done || auth.connectionId === null) return [];
    auth.done = true;
    return [reconnect ? reconnected({ connectionId: auth.connectionId, at: now }) : authenticated({ connectionId: auth.connectionId, at: now })];
  }
  switch (frame.type) {
    case 'ping':
      connection.send(PONG_TEXT);
      return [];
    case 'pong':
      return [heartbeatPongReceived()];
    case 'message':
      return [isClientLogout(frame) ? loggedOut() : messageReceived({ uri: frame.uri, headers: frame.headers ?? {}, payloads: frame.payloads ?? [] })];
    case 'request':
      return [requestReceived({ key: frame.key, messageIdent: frame.message_ident ?? '', message: frame.message ?? null })];
    case 'reply':
      return [];
  }
}

/** One dealer socket, from open to its end: events become actions, pings and replies go out. */
function runSocket(
  request: ReturnType<typeof socketOpenRequested>,
  transport: TransportState,
  /** The session's token when the socket opens (the dealer URL carries it). */
  accessToken: string | null,
  current: () => TransportSlice & SessionSlice,
  action$: Observable<Action>,
  deps: TransportDeps,
): Observable<Action> {
  const { resolveUrl, endpoints } = transport;
  if (resolveUrl === null || endpoints === null || accessToken === null) return of(socketClosed({ code: 1006, reason: NO_ENDPOINT_REASON, opened: false }));
  return defer(() => {
    const connection = deps.socket.open(dealerUrl(resolveUrl, endpoints.dealer, accessToken));
    const events$ = connection.events$.pipe(share());
    let opened = false;
    const auth: Authentication = { connectionId: null, done: false };
    // The session's token as it is now: a refreshed one (tokenUpdated) is the one sent.
    const sendAuthentication = (): void => {
      const token = current().session.accessToken;
      if (token !== null) connection.send(JSON.stringify(authenticateFrame(token)));
    };
    const fromEvent = (event: SocketEvent): Action[] => {
      switch (event.kind) {
        case 'open':
          opened = true;
          return [connected({ reconnect: request.reconnect })];
        case 'error':
          return [socketErrored({ err: DEALER_CONNECTION_ERROR })];
        case 'close':
          return [socketClosed({ code: event.code, reason: event.reason, opened })];
        case 'message': {
          const frame = decodeFrame(event.text);
          if (E.isLeft(frame)) return [frameRejected({ err: frame.left })];
          const connectionId = connectionIdOf(frame.right);
          if (connectionId !== null && auth.connectionId === null) {
            auth.connectionId = connectionId;
            // spec 001 §4: on connect the client authenticates by itself if it owns the transport or may manage its lifecycle.
            if (authenticatesOnConnect(current().transport)) sendAuthentication();
            return [];
          }
          return actionsOfFrame(frame.right, connection, request.reconnect, auth, deps.clock.now());
        }
      }
    };
    const pong$ = events$.pipe(filter((event) => event.kind === 'message' && isPong(event.text)));
    const beats$ = events$.pipe(
      filter((event) => event.kind === 'open'),
      take(1),
      switchMap(() => heartbeat(pong$, deps.scheduler)),
      map((beat) => {
        if (beat === 'ping') {
          connection.send(PING_TEXT);
          return heartbeatPingSent();
        }
        // spec 001 §9 timeout code 4001: the connection is given up on now, not when the close completes.
        connection.close(TIMEOUT_CODE, HEARTBEAT_TIMEOUT_REASON);
        return socketClosed({ code: TIMEOUT_CODE, reason: HEARTBEAT_TIMEOUT_REASON, opened: true });
      }),
    );
    // Otherwise the owner authenticates it; and a refreshed token authenticates the live connection
    // again with it.
    const authentications$ = action$.pipe(
      filter(
        (action) =>
          (authenticateRequested.match(action) &&
            auth.connectionId !== null &&
            !auth.done &&
            authenticateRefusal(current().transport, action.caller) === null) ||
          (tokenUpdated.match(action) && auth.done),
      ),
      tap(sendAuthentication),
      ignoreElements(),
    );
    const replies$ = action$.pipe(
      filter(replyRequested.match),
      tap((reply) => connection.send(JSON.stringify(replyFrame(reply.key, reply.success)))),
      ignoreElements(),
    );
    // spec 001 §9 close code 4000: the transport closes on purpose (owner's disconnect, logout).
    const stop$ = action$.pipe(
      filter((action) => disconnected.match(action) || loggedOut.match(action)),
      take(1),
      tap(() => connection.close(CLOSE_CODE, 'Disconnected')),
    );
    return merge(events$.pipe(mergeMap(fromEvent)), beats$, replies$, authentications$).pipe(
      takeUntil(stop$),
      takeWhile((action) => !socketClosed.match(action), true),
    );
  });
}

function isPong(text: string): boolean {
  const frame = decodeFrame(text);
  return E.isRight(frame) && frame.right.type === 'pong';
}

/** spec 001 §7 Realtime socket: opens the dealer socket the connection epic asks for; a newer request replaces it. */
export const dealerSocketEpic: TransportEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(socketOpenRequested.match),
    switchMap((request) => runSocket(request, state$.value.transport, state$.value.session.accessToken, () => state$.value, action$, deps)),
  );
