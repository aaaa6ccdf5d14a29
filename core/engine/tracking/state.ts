import type { TrackingRecord } from './record';

/** The tracking records of the playbacks not yet released, by playback id. */
export interface TrackingState {
  readonly records: Readonly<Record<string, TrackingRecord>>;
}

export const initialTrackingState: TrackingState = { records: {} };

/** What the tracking epics read: any app state holding tracking under `tracking`. */
export interface TrackingSlice {
  readonly tracking: TrackingState;
}

export function recordOf(state: TrackingState, playbackId: string): TrackingRecord | null {
  return state.records[playbackId] ?? null;
}
