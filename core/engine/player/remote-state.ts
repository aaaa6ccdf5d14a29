import type { RemoteDevice, RemotePlaying, RemoteState } from '../../contract';
import { positionAt, type Cluster, type ClusterTrack } from '../connect/cluster';

/*
 * Issue 16 The controller: the cluster (spec 001 §3) as the widget's remote-control view reads it
 * (core/contract/events.ts RemoteState). The track's metadata is whatever the service put in it
 * (name, artists, album images, duration_ms); what is missing is left empty, never guessed.
 */

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const records = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? (v as unknown[]).filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null) : [];

function imagesOf(track: ClusterTrack): RemotePlaying['images'] {
  const album = typeof track.album === 'object' && track.album !== null ? (track.album as Record<string, unknown>) : {};
  return records(album.images)
    .flatMap((image) => {
      const url = text(image.url);
      return url === null ? [] : [{ url, width: count(image.width), height: count(image.height) }];
    })
    .sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
}

/** The cluster's devices the picker lists (hidden observers are not devices to play on), and what plays. */
export function remoteStateOf(cluster: Cluster): RemoteState {
  const devices: RemoteDevice[] = Object.values(cluster.devices)
    .filter((d) => !d.hidden)
    .map((d) => ({ id: d.id, name: d.name, type: d.type, volume: d.volume, local: d.local }));
  const state = cluster.player_state;
  const track = state?.track ?? null;
  if (state === null || track === null) return { activeDeviceId: cluster.active_device_id, devices, playing: null };
  const options = state.options;
  const playing: RemotePlaying = {
    uri: track.uri,
    name: text(track.name) ?? '',
    artists: records(track.artists).flatMap((artist) => text(artist.name) ?? []),
    images: imagesOf(track),
    durationMs: state.duration ?? count(track.duration_ms) ?? 0,
    // Where it was when the service made the cluster: the widget advances it from when it hears it.
    positionMs: Math.round(positionAt(state, cluster.timestamp)),
    paused: state.is_paused,
    shuffle: options.shuffling_context,
    repeat: options.repeating_track ? 'TRACK' : options.repeating_context ? 'CONTEXT' : 'OFF',
    contextUri: state.context_uri,
  };
  return { activeDeviceId: cluster.active_device_id, devices, playing };
}
