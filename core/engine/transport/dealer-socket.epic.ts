import * as E from 'fp-ts/Either';
import { defer, filter, ignoreElements, map, merge, mergeMap, of, share, switchMap, take, takeUntil, takeWhile, tap, type Observable } from 'rxjs';
import type { SocketConnection, SocketEvent } from '../../ports';
import type { Action } from '../../store/action';
import {
  authenticated,
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
} from './actions';
import { DEALER_CONNECTION_ERROR } from './close-decision';
import { CLOSE_CODE, TIMEOUT_CODE } from './constants';
import { connectionIdOf, decodeFrame, isClientLogout, PING_TEXT, PONG_TEXT, replyFrame, type DealerFrame } from './dealer-frame';
import type { TransportDeps, TransportEpic } from './deps';
import { heartbeat } from './heartbeat';
import { dealerUrl } from './service-resolve';
import type { TransportState } from './state';

export const HEARTBEAT_TIMEOUT_REASON = 'Heartbeat timeout';
export const NO_ENDPOINT_REASON = 'No dealer endpoint or access token';

/** What one decoded frame means to the transport; `first` tells whether no connection id came yet. */
function actionsOfFrame(frame: DealerFrame, connection: SocketConnection, reconnect: boolean, first: boolean, now: number): Action[] {
  const connectionId = connectionIdOf(frame);
  // spec 001 §7 Realtime socket: the connection id comes first; it authenticates the connection.
  if (connectionId !== null) return first ? [reconnect ? reconnected({ connectionId, at: now }) : authenticated({ connectionId, at: now })] : [];
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
function runSocket(request: ReturnType<typeof socketOpenRequested>, transport: TransportState, action$: Observable<Action>, deps: TransportDeps): Observable<Action> {
  const { resolveUrl, endpoints, accessToken } = transport;
  if (resolveUrl === null || endpoints === null || accessToken === null) return of(socketClosed({ code: 1006, reason: NO_ENDPOINT_REASON, opened: false }));
  return defer(() => {
    const connection = deps.socket.open(dealerUrl(resolveUrl, endpoints.dealer, accessToken));
    const events$ = connection.events$.pipe(share());
    let opened = false;
    let first = true;
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
          const actions = actionsOfFrame(frame.right, connection, request.reconnect, first, deps.clock.now());
          if (connectionIdOf(frame.right) !== null) first = false;
          return actions;
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
    return merge(events$.pipe(mergeMap(fromEvent)), beats$, replies$).pipe(
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
    switchMap((request) => runSocket(request, state$.value.transport, action$, deps)),
  );
