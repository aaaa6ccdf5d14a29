import { catchError, filter, mergeMap, of, switchMap, withLatestFrom } from 'rxjs';
import type { Action } from '../../store/action';
import { notSuccessful } from '../device/track-playback-request';
import { onAnswer } from '../session/retry-on-unauthorised';
import { authenticated, reconnected } from '../transport/actions';
import * as A from './actions';
import { decodeCluster } from './cluster';
import { clusterActions, markOf } from './cluster-actions';
import * as C from './constants';
import { connectStateOf } from './state';
import type { ConnectEpic } from './deps';
import { connectCall, jsonBody, message } from './request';

/** spec 001 §9 "observer id limited to 40 after a prefix". */
export const observerIdOf = (deviceId: string): string => C.OBSERVER_PREFIX + deviceId.slice(0, C.OBSERVER_ID_LENGTH);

/**
 * spec 001 §4 Remote-control client, §8 'Cannot register: no connection id.': the controller's
 * observe registers at once on the transport's connection id, or fails with that text and
 * registers once one comes; while observing, each new connection id registers again (as the
 * device does, §4 Device service client).
 */
export const observeEpic: ConnectEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => A.observeRequested.match(a) || authenticated.match(a) || reconnected.match(a)),
    withLatestFrom(state$),
    mergeMap(([a, s]): Action[] => {
      const connect = connectStateOf(s);
      if (!connect.observing) return [];
      const connectionId = authenticated.match(a) || reconnected.match(a) ? a.connectionId : s.transport.connectionId;
      if (connectionId === null) return [A.observerRegistrationFailed({ code: C.NO_CONNECTION_ID_CODE, err: C.NO_CONNECTION_ID })];
      const current = connect.status === 'registered' || connect.status === 'registering';
      return current && connect.connectionId === connectionId ? [] : [A.observerRegistrationRequested({ connectionId })];
    }),
  );

/**
 * spec 001 §7 Remote-control service: PUT devices/{observerId}, a hidden observer, with the
 * connection id header; 429 is the maximum of subscriptions (§8). spec 001 §4 "initial state
 * fetched on registration": the answer is the cluster as it is now.
 */
export const registerObserverEpic: ConnectEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(A.observerRegistrationRequested.match),
    withLatestFrom(state$),
    switchMap(([a, s]) => {
      const localId = deps.device.descriptor.id;
      const body = {
        member_type: 'CONNECT_STATE',
        device: { device_info: { device_id: observerIdOf(localId), capabilities: { can_be_player: false, hidden: true } } },
      };
      const call = {
        method: 'PUT' as const,
        path: `${C.OBSERVER_PATH}/${encodeURIComponent(observerIdOf(localId))}`,
        body,
        headers: { [C.CONNECTION_ID_HEADER]: a.connectionId },
      };
      return connectCall(action$, deps.http, s, call).pipe(
        onAnswer((r): Action[] => {
          if (r.status === 429) return [A.observerRegistrationFailed({ code: C.MAX_SUBSCRIPTIONS_CODE, err: C.MAX_SUBSCRIPTIONS })];
          if (r.status < 200 || r.status > 299) return [A.observerRegistrationFailed({ code: C.REGISTRATION_FAILED_CODE, err: notSuccessful(r.status) })];
          const registeredAction = A.observerRegistered({ connectionId: a.connectionId, status: r.status });
          const raw = jsonBody(r.body);
          if (raw === null) return [registeredAction];
          const decoded = decodeCluster((raw as { cluster?: unknown }).cluster ?? raw, localId);
          if (!decoded.ok) return [registeredAction, A.clusterRejected({ err: decoded.err })];
          return [registeredAction, ...clusterActions(markOf(connectStateOf(state$.value)), decoded.cluster, null, true).actions];
        }),
        catchError((e: unknown) => of(A.observerRegistrationFailed({ code: C.REGISTRATION_FAILED_CODE, err: message(e) }))),
      );
    }),
  );

/** spec 001 §7 DELETE devices/{observerId}: the controller stops observing. */
export const unobserveEpic: ConnectEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(A.unobserveRequested.match),
    withLatestFrom(state$),
    mergeMap(([, s]) =>
      connectCall(action$, deps.http, s, { method: 'DELETE', path: `${C.OBSERVER_PATH}/${encodeURIComponent(observerIdOf(deps.device.descriptor.id))}` }).pipe(
        onAnswer((r) => [A.observerDeregistered({ status: r.status })]),
        catchError(() => of(A.observerDeregistered({ status: 0 }))),
      ),
    ),
  );
