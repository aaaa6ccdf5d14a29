import type { FragmentPlan } from '../../media/fragment-plan';
import type { MediaTrack } from '../../media/state';
import type { EngineState } from '../deps';
import { initialEngineState } from '../index';
import type { MachineState, MachineTrack, StateMachine } from '../state-machine';

/*
 * Builders for the player glue's tests: a provider-like state machine (one state per track, as
 * server/playback/state-machine.ts makes them) and an engine state with some slices changed.
 */

export const MACHINE_ID = 'm1';
export const INSTANCE_ID = '0123456789abcdef0123456789abcdef';

export const trackUri = (index: number): string => `spotify:track:t${index}`;

/** Track `index`: two MP4 files listed lowest bitrate first (as the provider does), 200 s long. */
export function machineTrack(index: number, overrides: Partial<MachineTrack> = {}): MachineTrack {
  return {
    metadata: { uri: trackUri(index), name: `Track ${index}`, duration: 200000 + index, context_uri: 'spotify:album:a1' },
    manifest: {
      file_ids_mp4: [
        { file_id: `f${index}-96`, format: 'MP4_96', bitrate: 96000 },
        { file_id: `f${index}-160`, format: 'MP4_160', bitrate: 160000 },
      ],
    },
    ms_played_until_update: 30000,
    ms_playing_update_interval: 60000,
    ...overrides,
  };
}

export function machineState(index: number, overrides: Partial<MachineState> = {}): MachineState {
  return {
    state_id: `s${index}`,
    track: index,
    transitions: {},
    restrictions: {},
    initial_playback_position: 0,
    disallow_seeking: false,
    ...overrides,
  };
}

/** A machine of `count` tracks; `states` and `tracks` change the state or track of an index. */
export function stateMachine(
  count = 3,
  changes: { readonly states?: Record<number, Partial<MachineState>>; readonly tracks?: Record<number, Partial<MachineTrack>> } = {},
): StateMachine {
  const indices = Array.from({ length: count }, (_, i) => i);
  return {
    state_machine_id: MACHINE_ID,
    states: indices.map((i) => machineState(i, changes.states?.[i])),
    tracks: indices.map((i) => machineTrack(i, changes.tracks?.[i])),
  };
}

export const stateRef = (stateId: string, paused = false) => ({ state_machine_id: MACHINE_ID, state_id: stateId, paused });

/** A media plan of the given duration (one fragment: the glue only reads the duration). */
export const planOf = (durationMs: number): FragmentPlan => ({
  init: { first: 0, last: 999 },
  fragments: [{ index: 0, bytes: { first: 1000, last: 1999 }, startMs: 0, endMs: durationMs }],
  durationMs,
});

export const mediaTrack = (fileId = 'f0-160'): MediaTrack => ({ fileId, protected: true, isAd: false, startMs: 0, autoplay: true });

export type EngineStateChanges = { readonly [K in keyof EngineState]?: Partial<EngineState[K]> };

/** The initial engine state (player instance INSTANCE_ID) with each named slice's fields changed. */
export function engineState(changes: EngineStateChanges = {}): EngineState {
  const base: EngineState = { ...initialEngineState, player: { ...initialEngineState.player, instanceId: INSTANCE_ID } };
  return {
    session: { ...base.session, ...changes.session },
    transport: { ...base.transport, ...changes.transport },
    device: { ...base.device, ...changes.device },
    connect: { ...base.connect, ...changes.connect },
    list: { ...base.list, ...changes.list },
    media: { ...base.media, ...changes.media },
    drm: { ...base.drm, ...changes.drm },
    tracking: { ...base.tracking, ...changes.tracking },
    player: { ...base.player, ...changes.player },
  };
}
