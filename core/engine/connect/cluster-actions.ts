import type { Action } from '../../store/action';
import { activeDeviceChanged, clusterIgnored, clusterUpdated } from './actions';
import type { Cluster } from './cluster';

/** What the client last processed: the timestamp that orders clusters and the active device. */
export interface ClusterMark {
  readonly lastTimestamp: number | null;
  readonly activeDeviceId: string | null;
}

/**
 * spec 001 §4 Remote-control client: "cluster messages older than the last processed timestamp
 * are ignored; an active-device change emits an event". Returns the actions and the new mark, so
 * that several clusters of one message are ordered among themselves too.
 */
export function clusterActions(mark: ClusterMark, cluster: Cluster, ackId: string | null, initial: boolean): { actions: Action[]; mark: ClusterMark } {
  if (mark.lastTimestamp !== null && cluster.timestamp < mark.lastTimestamp) {
    return { actions: [clusterIgnored({ timestamp: cluster.timestamp, lastTimestamp: mark.lastTimestamp, ackId })], mark };
  }
  const current = cluster.active_device_id;
  const changed = current !== mark.activeDeviceId ? [activeDeviceChanged({ previous: mark.activeDeviceId, current })] : [];
  return { actions: [clusterUpdated({ cluster, ackId, initial }), ...changed], mark: { lastTimestamp: cluster.timestamp, activeDeviceId: current } };
}

export const markOf = (connect: { readonly lastTimestamp: number | null; readonly cluster: Cluster | null }): ClusterMark => ({
  lastTimestamp: connect.lastTimestamp,
  activeDeviceId: connect.cluster?.active_device_id ?? null,
});
