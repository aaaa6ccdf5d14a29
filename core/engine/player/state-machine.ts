import * as t from 'io-ts';
import type { StateRef } from '../device/state-ref';

/*
 * spec 001 §3 "State machine from the device service": one state per track of the context, each
 * naming its track by index and its neighbours by state id; tracks carry metadata, the manifest
 * (the MP4 file ids of the track's audio files) and when to send progress. The provider builds it
 * (server/playback/state-machine.ts) and the engine decodes it from replace_state with this codec.
 */

const Transitions = t.partial({ advance: t.string, skip_next: t.string, skip_prev: t.string, show_next: t.string, show_prev: t.string });

export const MachineState = t.intersection([
  t.type({
    state_id: t.string,
    track: t.number,
    transitions: Transitions,
    restrictions: t.record(t.string, t.array(t.string)),
    initial_playback_position: t.number,
    disallow_seeking: t.boolean,
  }),
  t.partial({ seek_to: t.number }),
]);
export type MachineState = t.TypeOf<typeof MachineState>;

/** spec 001 §3 Track-file source kinds: file_ids_mp4 entries (format MP4_96 / MP4_160, bitrate bit/s). */
export const Mp4File = t.type({ file_id: t.string, format: t.string, bitrate: t.number });
export type Mp4File = t.TypeOf<typeof Mp4File>;

/** spec 001 §3 Track-file source kinds: manifest_ids_video entries, each naming a video manifest by its source id (§7). */
export const VideoManifestId = t.type({ manifest_id: t.string });
export type VideoManifestId = t.TypeOf<typeof VideoManifestId>;

/**
 * A video episode also lists its audio files (file_ids_mp4) so that an engine without video still
 * plays its sound; manifest_ids_video is absent for every other track.
 */
export const TrackManifest = t.intersection([t.type({ file_ids_mp4: t.array(Mp4File) }), t.partial({ manifest_ids_video: t.array(VideoManifestId) })]);
export type TrackManifest = t.TypeOf<typeof TrackManifest>;

export const MachineTrack = t.type({
  metadata: t.intersection([
    t.type({ uri: t.string, name: t.string, duration: t.number, context_uri: t.string }),
    // spec 001 §4 add to queue: a queued track plays before the rest of the context (the field is ours).
    t.partial({ provider: t.literal('queue') }),
  ]),
  manifest: TrackManifest,
  ms_played_until_update: t.number,
  ms_playing_update_interval: t.number,
});
export type MachineTrack = t.TypeOf<typeof MachineTrack>;

export const StateMachine = t.type({ state_machine_id: t.string, states: t.array(MachineState), tracks: t.array(MachineTrack) });
export type StateMachine = t.TypeOf<typeof StateMachine>;

/** The state that plays track `index` (the provider makes one state per track). */
export function stateOfTrack(machine: StateMachine, index: number): MachineState | null {
  return machine.states.find((state) => state.track === index) ?? null;
}

/** The state a ref names in this machine, or null when the ref is of another machine. */
export function stateOfRef(machine: StateMachine, ref: StateRef): MachineState | null {
  if (ref.state_machine_id !== machine.state_machine_id) return null;
  return machine.states.find((state) => state.state_id === ref.state_id) ?? null;
}

export function refOfTrack(machine: StateMachine, index: number, paused: boolean): StateRef | null {
  const state = stateOfTrack(machine, index);
  return state === null ? null : { state_machine_id: machine.state_machine_id, state_id: state.state_id, paused };
}

/**
 * spec 001 §9 Video quality: a profile plays when "bitrate plus audio bitrate below estimate minus
 * 100000"; an audio-only track has no video bitrate, so its file's bitrate alone must be below
 * the estimate minus this headroom.
 */
export const QUALITY_HEADROOM_BPS = 100000;

/** The track can be played by this engine: it lists at least one MP4 file (spec 001 §3 file_ids_mp4). */
export function hasMp4File(track: MachineTrack): boolean {
  return track.manifest.file_ids_mp4.length > 0;
}

/**
 * The file the media player loads for a track, chosen by the bandwidth estimate (bits/s) when the
 * track is loaded (spec 001 §9 Video quality applied to audio, QUALITY_HEADROOM_BPS): the
 * highest-bitrate MP4 file below the estimate minus 100000, so with the provider's 96 and 160
 * kbit/s files an estimate above 260000 gets 160 and one at or below it 96. When none is below,
 * the lowest (a slow link still plays, at the smallest cost). One file per track: no switching
 * mid-track, so the estimate decides the next track's file. Wherever the provider lists them.
 */
/**
 * Issue 18, spec 001 §3 Track-file source kinds: the video source a track plays from on an engine
 * that plays video (manifest_formats with manifest_ids_video), its first manifest_ids_video entry;
 * null for a track without one, or where the engine plays no video (its audio files then play).
 */
export function videoSourceOfTrack(track: MachineTrack, playsVideo: boolean): string | null {
  return playsVideo ? (track.manifest.manifest_ids_video?.[0]?.manifest_id ?? null) : null;
}

export function fileOfTrack(track: MachineTrack, estimateBps: number): Mp4File | null {
  const files = track.manifest.file_ids_mp4;
  const budget = estimateBps - QUALITY_HEADROOM_BPS;
  const lowest = files.reduce<Mp4File | null>((low, file) => (low === null || file.bitrate < low.bitrate ? file : low), null);
  const fitting = files.filter((file) => file.bitrate < budget);
  return fitting.reduce<Mp4File | null>((best, file) => (best === null || file.bitrate > best.bitrate ? file : best), null) ?? lowest;
}
