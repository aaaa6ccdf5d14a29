import type { ClusterPlayerState, ClusterTrack } from './cluster';

/*
 * spec 001 §3 Playback state track_window (current_track, next_tracks, previous_tracks) from the
 * cluster's player_state (track, next_tracks, prev_tracks). The cluster may carry more tracks each
 * way than the window keeps.
 */

/** spec 001 §9 Track window: "2 next and 2 previous (up to 5 from cluster)". */
export const TRACK_WINDOW_NEXT = 2;
export const TRACK_WINDOW_PREVIOUS = 2;

export interface TrackWindow {
  readonly current_track: ClusterTrack;
  /** In play order: the track after the current one first. */
  readonly next_tracks: ClusterTrack[];
  /** In play order: the one just before the current track last (the cluster's prev_tracks are in play order too). */
  readonly previous_tracks: ClusterTrack[];
}

/** The window around the current track, or null when nothing is current. */
export function trackWindowOf(state: ClusterPlayerState | null): TrackWindow | null {
  if (state === null || state.track === null) return null;
  return {
    current_track: state.track,
    next_tracks: state.next_tracks.slice(0, TRACK_WINDOW_NEXT),
    previous_tracks: state.prev_tracks.slice(Math.max(0, state.prev_tracks.length - TRACK_WINDOW_PREVIOUS)),
  };
}
