import { filter, mergeMap, withLatestFrom } from 'rxjs';
import type { Action } from '../../store/action';
import { messageReceived } from '../transport/actions';
import * as A from './actions';
import { decodeClusterMessage } from './cluster';
import { clusterActions, markOf } from './cluster-actions';
import { CLUSTER_URI } from './constants';
import { connectStateOf } from './state';
import type { ConnectEpic } from './deps';

/**
 * spec 001 §7 Realtime socket "Push messages carry cluster updates", seen while observing: each
 * cluster is ordered by its timestamp (older ones ignored), and a change of active device is an
 * event (spec 001 §4 Remote-control client).
 */
export const clusterEpic: ConnectEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(messageReceived.match),
    filter((a) => a.uri === CLUSTER_URI),
    withLatestFrom(state$),
    filter(([, s]) => connectStateOf(s).observing),
    mergeMap(([a, s]): Action[] => {
      let mark = markOf(connectStateOf(s));
      const out: Action[] = [];
      for (const payload of a.payloads) {
        const decoded = decodeClusterMessage(payload, deps.device.descriptor.id);
        if (!decoded.ok) {
          out.push(A.clusterRejected({ err: decoded.err }));
          continue;
        }
        const next = clusterActions(mark, decoded.cluster, decoded.ackId, false);
        mark = next.mark;
        out.push(...next.actions);
      }
      return out;
    }),
  );
