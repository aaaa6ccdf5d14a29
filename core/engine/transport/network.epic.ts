import { EMPTY, mergeMap, of } from 'rxjs';
import { filter } from 'rxjs/operators';
import { beforeOfflineDisconnect, beforeOnlineDisconnect, disconnected, networkChanged, serviceResolveRequested } from './actions';
import type { TransportEpic } from './deps';
import { isActive } from './state';

/** Our reasons for the two network disconnects (spec 001 §4 names the events, not their texts). */
export const WENT_OFFLINE = 'The network went offline';
export const CAME_ONLINE = 'The network came back online';

/**
 * spec 001 §4 Transport lifecycle "before offline disconnect", "before online disconnect": when
 * the network goes, a connection (made or being made) is dropped rather than left to time out,
 * and made again once the network is back, with the token and services the owner gave; when the
 * network comes back under a connection that may be stale or waiting out a backoff, it is dropped
 * and made afresh at once.
 */
export const networkEpic: TransportEpic = (action$, state$) =>
  action$.pipe(
    filter(networkChanged.match),
    mergeMap(({ online }) => {
      const { status, reconnectWhenOnline } = state$.value.transport;
      if (!online) return isActive(status) ? of(beforeOfflineDisconnect(), disconnected({ reason: WENT_OFFLINE })) : EMPTY;
      if (reconnectWhenOnline) return of(serviceResolveRequested());
      return isActive(status) ? of(beforeOnlineDisconnect(), disconnected({ reason: CAME_ONLINE }), serviceResolveRequested()) : EMPTY;
    }),
  );
