import { EMPTY, concat, filter, map, of, switchMap, timer, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import {
  authenticationFailed,
  connectionFailed,
  connectRetryScheduled,
  disconnected,
  loggedOut,
  reconnecting,
  serviceResolved,
  serviceResolveRequested,
  shortSessionDisconnected,
  socketClosed,
  socketOpenRequested,
} from './actions';
import { decideAfterClose, type CloseDecision } from './close-decision';
import type { TransportDeps, TransportEpic } from './deps';

function act(decision: CloseDecision, deps: TransportDeps): Observable<Action> {
  const short =
    'shortSessionMs' in decision && decision.shortSessionMs !== null ? of(shortSessionDisconnected({ durationMs: decision.shortSessionMs })) : EMPTY;
  switch (decision.kind) {
    case 'ignore':
      return EMPTY;
    case 'retryConnect':
      return concat(
        of(connectRetryScheduled({ retry: decision.retry, delayMs: decision.delayMs, err: decision.err })),
        timer(decision.delayMs, deps.scheduler).pipe(map(() => socketOpenRequested({ reconnect: false, attempt: decision.retry }))),
      );
    case 'connectionFailed':
      return of(connectionFailed({ err: decision.err }));
    case 'authenticationFailed':
      return of(authenticationFailed({ err: decision.err }));
    case 'reconnect':
      return concat(
        short,
        of(reconnecting({ attempt: decision.attempt, delayMs: decision.delayMs })),
        timer(decision.delayMs, deps.scheduler).pipe(map(() => socketOpenRequested({ reconnect: true, attempt: decision.attempt }))),
      );
    case 'disconnect':
      return concat(short, of(disconnected({ reason: decision.reason })));
  }
}

/**
 * Drives the connection (spec 001 §4 Transport lifecycle): the resolved dealer is opened; each
 * socket end is decided by close-decision.ts (connect/authenticate retries, reconnects with
 * backoff, quick disconnects) and its wait runs here on deps.scheduler. A disconnect, a logout or
 * a new connect cancels a pending wait.
 */
export const connectionEpic: TransportEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(
      (action) =>
        serviceResolved.match(action) ||
        socketClosed.match(action) ||
        disconnected.match(action) ||
        loggedOut.match(action) ||
        serviceResolveRequested.match(action),
    ),
    switchMap((action) => {
      if (serviceResolved.match(action)) return of(socketOpenRequested({ reconnect: false, attempt: 0 }));
      if (!socketClosed.match(action)) return EMPTY;
      return act(decideAfterClose(state$.value.transport, action, deps.clock.now()), deps);
    }),
  );
