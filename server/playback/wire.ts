import * as t from 'io-ts';

/*
 * The track-playback service's bodies (spec 001 §3 "Device descriptor", "Device registration
 * body", "State reference", "State update payload"; §4 "State update sends"; §7). The engine
 * speaks these; the server decodes every body with them.
 */

/** spec 001 §3: device id, 1 to 40 characters of letters, digits, underscore, percent, colon, hyphen. */
export const DEVICE_ID = /^[A-Za-z0-9_%:-]{1,40}$/;
interface DeviceIdBrand {
  readonly DeviceId: unique symbol;
}
export const DeviceId = t.brand(t.string, (s): s is t.Branded<string, DeviceIdBrand> => DEVICE_ID.test(s), 'DeviceId');

/** spec 001 §3 Device types. */
export const DeviceType = t.keyof({
  unknown: null,
  computer: null,
  tablet: null,
  smartphone: null,
  speaker: null,
  tv: null,
  avr: null,
  stb: null,
  audio_dongle: null,
  game_console: null,
  cast_video: null,
  cast_audio: null,
  automobile: null,
  smartwatch: null,
});

/** spec 001 §3 Track-file source kinds. */
export const TrackFileSource = t.keyof({
  file_urls_mp3: null,
  file_urls_external: null,
  file_ids_mp4: null,
  file_ids_mp4_dual: null,
  manifest_ids_video: null,
});

/**
 * spec 001 §3 Device descriptor capabilities: manifest_formats, audio_podcasts, video_playback, and
 * the client descriptor's change_volume and endsong_snooping. Each may be missing (an older device
 * registered without it: taken as capable); a present one must have its type.
 */
export const Capabilities = t.partial({
  manifest_formats: t.array(TrackFileSource),
  audio_podcasts: t.boolean,
  video_playback: t.boolean,
  change_volume: t.boolean,
  endsong_snooping: t.boolean,
});
export type Capabilities = t.TypeOf<typeof Capabilities>;

/** The playback variant of the device descriptor: device_id and device_type instead of id and type (spec 001 §3). */
export const DeviceInfo = t.intersection([
  t.type({ device_id: DeviceId, device_type: DeviceType, name: t.string, model: t.string }),
  t.partial({
    brand: t.string,
    platform_identifier: t.string,
    platform_version: t.string,
    metadata: t.record(t.string, t.unknown),
    capabilities: Capabilities,
  }),
]);
export type DeviceInfo = t.TypeOf<typeof DeviceInfo>;

/**
 * The engine's descriptor says `id` and `type` (spec 001 §3 Device descriptor); the playback variant
 * says `device_id` and `device_type`. Both are accepted: this gives the playback form.
 */
export function playbackDescriptor(device: unknown): unknown {
  if (typeof device !== 'object' || device === null) return device;
  const { id, type, ...rest } = device as Record<string, unknown>;
  return { ...(id === undefined ? {} : { device_id: id }), ...(type === undefined ? {} : { device_type: type }), ...rest };
}

/** The descriptor fields without which registration fails (spec 001 §5 'Incomplete options value'). */
export const REQUIRED_DEVICE_FIELDS = ['device_id', 'name', 'model', 'device_type'] as const;

/** spec 001 §3 Device registration body; volume scaled 0..65535. */
export const RegisterBody = t.intersection([
  t.type({ device: DeviceInfo, connection_id: t.string }),
  t.partial({ client_version: t.string, previous_session_state: t.unknown, volume: t.number }),
]);
export type RegisterBody = t.TypeOf<typeof RegisterBody>;

/** PUT devices/{deviceId}: the descriptor's changed fields. */
export const UpdateBody = t.partial({
  seq_num: t.number,
  device: t.partial({ ...DeviceInfo.types[1].props, name: t.string, model: t.string }),
  client_version: t.string,
});

/** spec 001 §3 State reference. */
export const StateRef = t.type({ state_machine_id: t.string, state_id: t.string, paused: t.boolean });
export type StateRef = t.TypeOf<typeof StateRef>;

export const SubState = t.intersection([t.type({ playback_speed: t.number, position: t.number, duration: t.number }), t.partial({ stream_time: t.number })]);

/** spec 001 §4 State update sends: the reasons. */
export const StateUpdateReason = t.keyof({
  before_track_load: null,
  started_playing: null,
  pause: null,
  resume: null,
  position_changed: null,
  progress: null,
  played_threshold_reached: null,
  error: null,
  track_data_finalized: null,
  capped: null,
  state_clear: null,
  ping: null,
});
export type StateUpdateReason = t.TypeOf<typeof StateUpdateReason>;

const Seq = t.type({ seq_num: t.number });

const Count = t.brand(t.number, (n): n is t.Branded<number, { readonly Count: unique symbol }> => Number.isFinite(n) && n >= 0, 'Count');

/**
 * spec 001 §3 State update payload playback_stats: the playback's figures so far, named as the
 * playback stats log's fields (the engine's core/engine/device/state-update.ts PlaybackStats); null
 * when nothing plays. Every figure is a count or a duration: never negative.
 */
export const PlaybackStats = t.union([
  t.null,
  t.partial({ playback_id: t.string, ms_played: Count, ms_stalled: Count, n_stalls: Count, n_seekback: Count, n_seekforward: Count }),
]);

/** spec 001 §3 State update payload, plus the §4 reason. state_ref is null when nothing is loaded. */
export const StateUpdateBody = t.intersection([
  Seq,
  t.type({ state_ref: t.union([StateRef, t.null]), sub_state: SubState }),
  t.partial({
    previous_position: t.number,
    playback_stats: PlaybackStats,
    rejected_state_refs: t.array(StateRef),
    reason: StateUpdateReason,
    debug_source: t.string,
  }),
]);

/** The §4 reason of an update: `reason`, or `debug_source` as the engine sends it (core/engine/device/state-update.ts); null if neither is one. */
export function reasonOf(body: StateUpdateBody): StateUpdateReason | null {
  if (body.reason !== undefined) return body.reason;
  return StateUpdateReason.is(body.debug_source) ? body.debug_source : null;
}
export type StateUpdateBody = t.TypeOf<typeof StateUpdateBody>;

/** spec 001 §9: conflict ref batch 5. */
export const MAX_REJECTED_STATE_REFS = 5;

export const StateConflictBody = t.intersection([
  Seq,
  t.type({ rejected_state_refs: t.array(StateRef) }),
  t.partial({ state_ref: t.union([StateRef, t.null]), sub_state: SubState, debug_source: t.string }),
]);

/** DELETE devices/{deviceId}: the last state, as a state update without a reason. */
export const DeregisterBody = t.intersection([
  Seq,
  t.partial({ state_ref: t.union([StateRef, t.null]), sub_state: SubState, previous_position: t.number, playback_stats: PlaybackStats }),
]);

/** spec 001 §9 volume scale 65535. */
export const VOLUME_MAX = 65535;
const Volume = t.brand(t.number, (n): n is t.Branded<number, { readonly Volume: unique symbol }> => Number.isInteger(n) && n >= 0 && n <= VOLUME_MAX, 'Volume');

/** PUT devices/{deviceId}/volume (spec 001 §7); command_id is the remote set_volume's, absent for a local change. */
export const VolumeBody = t.intersection([Seq, t.type({ volume: Volume }), t.partial({ command_id: t.string })]);
