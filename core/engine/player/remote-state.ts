import type { RemoteDevice, RemotePlaying, RemoteState, RemoteWindowTrack } from '../../contract';
import { positionAt, type Cluster, type ClusterTrack } from '../connect/cluster';
import { trackWindowOf } from '../connect/track-window';

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

const artistsOf = (track: ClusterTrack): string[] => records(track.artists).flatMap((artist) => text(artist.name) ?? []);
const windowTrack = (track: ClusterTrack): RemoteWindowTrack => ({ uri: track.uri, name: text(track.name) ?? '', artists: artistsOf(track) });

/** The cluster's devices the picker lists (hidden observers are not devices to play on), and what plays. */
export function remoteStateOf(cluster: Cluster): RemoteState {
  const devices: RemoteDevice[] = Object.values(cluster.devices)
    .filter((d) => !d.hidden)
    .map((d) => ({ id: d.id, name: d.name, type: d.type, volume: d.volume, local: d.local }));
  const state = cluster.player_state;
  const trackWindow = trackWindowOf(state);
  if (state === null || trackWindow === null) return { activeDeviceId: cluster.active_device_id, devices, playing: null };
  const track = trackWindow.current_track;
  const options = state.options;
  const playing: RemotePlaying = {
    uri: track.uri,
    name: text(track.name) ?? '',
    artists: artistsOf(track),
    images: imagesOf(track),
    durationMs: state.duration ?? count(track.duration_ms) ?? 0,
    // Where it was when the service made the cluster: the widget advances it from when it hears it.
    positionMs: Math.round(positionAt(state, cluster.timestamp)),
    paused: state.is_paused,
    shuffle: options.shuffling_context,
    repeat: options.repeating_track ? 'TRACK' : options.repeating_context ? 'CONTEXT' : 'OFF',
    contextUri: state.context_uri,
    nextTracks: trackWindow.next_tracks.map(windowTrack),
    previousTracks: trackWindow.previous_tracks.map(windowTrack),
  };
  return { activeDeviceId: cluster.active_device_id, devices, playing };
}
