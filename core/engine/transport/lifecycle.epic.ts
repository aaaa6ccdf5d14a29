import { EMPTY, mergeMap, of } from 'rxjs';
import { authenticateRequested, connectRequested, disconnected, disconnectRequested, lifecycleRefused, serviceResolveRequested } from './actions';
import type { TransportEpic } from './deps';
import { authenticateRefusal, lifecycleRefusal } from './lifecycle';
import { isActive } from './state';

export const DISCONNECTED_BY_OWNER = 'Disconnected by the owner';

/**
 * spec 001 §4/§6: connect, disconnect and force-disconnect only by the transport's owner; others
 * get spec 001 §8's message. Connecting while a connection exists or is being made does nothing;
 * an owner's disconnect ends whatever is under way (the socket closes with 4000, dealer-socket.epic).
 */
export const lifecycleEpic: TransportEpic = (action$, state$) =>
  action$.pipe(
    mergeMap((action) => {
      const { owner, status } = state$.value.transport;
      if (connectRequested.match(action)) {
        const refusal = lifecycleRefusal(owner, action.caller, 'connect');
        if (refusal !== null) return of(lifecycleRefused({ method: 'connect', message: refusal }));
        return isActive(status) ? EMPTY : of(serviceResolveRequested());
      }
      if (disconnectRequested.match(action)) {
        const method = action.force ? 'forceDisconnect' : 'disconnect';
        const refusal = lifecycleRefusal(owner, action.caller, method);
        if (refusal !== null) return of(lifecycleRefused({ method, message: refusal }));
        return isActive(status) ? of(disconnected({ reason: DISCONNECTED_BY_OWNER })) : EMPTY;
      }
      if (authenticateRequested.match(action)) {
        const refusal = authenticateRefusal(state$.value.transport, action.caller);
        return refusal === null ? EMPTY : of(lifecycleRefused({ method: 'authenticate', message: refusal }));
      }
      return EMPTY;
    }),
  );
