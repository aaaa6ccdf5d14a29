import type { MachineState, Mp4File, StateMachine } from '../../core/engine/player/state-machine';

/*
 * spec 001 §3 "State machine from the device service", built from the catalogue: its shape and
 * codec are the engine's (core/engine/player/state-machine.ts), which decodes what is built here.
 */

export { StateMachine } from '../../core/engine/player/state-machine';

/** spec 001 §9 played threshold in the list player: the device sends played_threshold_reached after this much play. */
export const MS_PLAYED_UNTIL_UPDATE = 30000;
/** How often a playing device sends a progress update (ours; the spec names no value). */
export const MS_PLAYING_UPDATE_INTERVAL = 30000;

export interface ContextTrack {
  readonly uri: string;
  readonly name: string;
  readonly durationMs: number;
  readonly files: ReadonlyArray<Mp4File>;
  /** A video episode's video source ids (spec 001 §3 manifest_ids_video); absent for audio-only items. */
  readonly videoSourceIds?: ReadonlyArray<string>;
  /**
   * Not sold in the listener's country (spec 000 §5 episode markets): listed, so indexes stay the
   * widget's, but without files, so the engine's list player skips it (spec 001 §4 List player).
   */
  readonly unavailable?: boolean;
  /** Added to the queue (spec 001 §4 add to queue, set_queue): it plays before the rest of the context. */
  readonly queued?: boolean;
}

export interface MachineOptions {
  readonly machineId: string;
  readonly contextUri: string;
  /** Where the position starts in the first state played (spec: seek_to). */
  readonly seekTo?: number;
  readonly startIndex: number;
}

/** The state id of track i in a machine: stable, so a replace_state of the same machine and index keeps its state id. */
export const stateIdOf = (machineId: string, index: number): string => `${machineId}-${index}`;

/** Builds the machine of a context's tracks (in play order). */
export function buildStateMachine(tracks: ReadonlyArray<ContextTrack>, options: MachineOptions): StateMachine {
  const id = (i: number) => stateIdOf(options.machineId, i);
  const states = tracks.map((_track, i): MachineState => {
    const next = i + 1 < tracks.length ? id(i + 1) : undefined;
    const prev = i > 0 ? id(i - 1) : undefined;
    const transitions = {
      ...(next === undefined ? {} : { advance: next, skip_next: next, show_next: next }),
      ...(prev === undefined ? {} : { skip_prev: prev, show_prev: prev }),
    };
    const seek = i === options.startIndex && options.seekTo !== undefined ? { seek_to: options.seekTo } : {};
    return { state_id: id(i), track: i, transitions, restrictions: {}, initial_playback_position: 0, disallow_seeking: false, ...seek };
  });
  return {
    state_machine_id: options.machineId,
    states,
    tracks: tracks.map((track) => ({
      metadata: {
        uri: track.uri,
        name: track.name,
        duration: track.durationMs,
        context_uri: options.contextUri,
        // Where the track comes from, as the cluster's next_tracks name it (ours: the spec names no field).
        ...(track.queued === true ? { provider: 'queue' as const } : {}),
      },
      manifest: {
        file_ids_mp4: [...track.files],
        ...(track.videoSourceIds === undefined || track.videoSourceIds.length === 0
          ? {}
          : { manifest_ids_video: track.videoSourceIds.map((manifest_id) => ({ manifest_id })) }),
      },
      ms_played_until_update: MS_PLAYED_UNTIL_UPDATE,
      ms_playing_update_interval: MS_PLAYING_UPDATE_INTERVAL,
    })),
  };
}
