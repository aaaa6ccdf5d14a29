import * as t from 'io-ts';

/** The spec 001 §7 endpoints the widget's remote-control view sends to the active device. */
export const RemoteEndpoint = t.keyof(
  {
    play: null,
    pause: null,
    resume: null,
    skip_next: null,
    skip_prev: null,
    seek_to: null,
    set_shuffling_context: null,
    set_repeating_context: null,
    set_repeating_track: null,
    volume: null,
  },
  'RemoteEndpoint',
);
export type RemoteEndpoint = t.TypeOf<typeof RemoteEndpoint>;

/**
 * What the widget asks of the full-playback engine (spec 001 §4 Client lifecycle and Commands):
 * the widget records it in full/engineCommandDecided, core/ports.ts EnginePort carries it, and
 * the engine turns it into its own actions (core/engine/player/client-commands.ts).
 */
export const EngineCommand = t.union(
  [
    t.type({ kind: t.literal('initialise') }),
    t.type({ kind: t.literal('play'), contextUri: t.string, index: t.number }),
    t.type({ kind: t.literal('pause') }),
    t.type({ kind: t.literal('resume') }),
    t.type({ kind: t.literal('next') }),
    t.type({ kind: t.literal('previous') }),
    t.type({ kind: t.literal('seek'), positionMs: t.number }),
    t.type({ kind: t.literal('seekBy'), deltaMs: t.number }),
    t.type({ kind: t.literal('volume'), volume: t.number }),
    // spec 001 §3 Playback state shuffle and repeat_mode (OFF, CONTEXT, TRACK): this engine's player options.
    t.type({ kind: t.literal('shuffle'), shuffle: t.boolean }),
    t.type({ kind: t.literal('repeat'), mode: t.keyof({ OFF: null, CONTEXT: null, TRACK: null }) }),
    // spec 001 §4 Playback actions add to queue: here, or on the active device when another one plays; `id` for the log.
    t.type({ kind: t.literal('queue'), id: t.string, uri: t.string }),
    // Issue 16 The controller (spec 001 §4 Remote-control client): follow the user's devices (the engine
    // registers as a hidden observer and forwards the cluster as remoteState events).
    t.type({ kind: t.literal('observe') }),
    // spec 001 §7 transfer: playback moves to `deviceId` (this engine's own device included), as it was.
    t.type({ kind: t.literal('transfer'), id: t.string, deviceId: t.string }),
    // spec 001 §7 player commands and volume for the active device; `id` is the widget's, for the log.
    t.type({ kind: t.literal('remote'), id: t.string, endpoint: RemoteEndpoint, args: t.record(t.string, t.union([t.string, t.number, t.boolean])) }),
  ],
  'EngineCommand',
);
export type EngineCommand = Readonly<t.TypeOf<typeof EngineCommand>>;
