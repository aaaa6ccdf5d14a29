import * as t from 'io-ts';

/**
 * spec 001 §4 Transport lifecycle "Client events: connected, reconnecting, reconnected,
 * disconnected, authenticated, buffering start/end, playback_capped, track_ended,
 * unrecoverable_failure" (the spec's words; buffering start and end spelt as the others).
 */
export const ClientEventName = t.keyof({
  connected: null,
  reconnecting: null,
  reconnected: null,
  disconnected: null,
  authenticated: null,
  buffering_start: null,
  buffering_end: null,
  playback_capped: null,
  track_ended: null,
  unrecoverable_failure: null,
});
export type ClientEventName = t.TypeOf<typeof ClientEventName>;

/** A device of the user's cluster (spec 001 §3 Device), as the widget's device picker lists it. */
export const RemoteDevice = t.type({
  id: t.string,
  name: t.string,
  /** spec 001 §3 device type, lowercased (computer, smartphone, speaker...). */
  type: t.string,
  /** 0..1, -1 when the device cannot change its volume. */
  volume: t.number,
  /** This engine's own device. */
  local: t.boolean,
});
export type RemoteDevice = t.TypeOf<typeof RemoteDevice>;

/** A track of the window around what plays (spec 001 §3 Track in a window), as a view names it. */
export const RemoteWindowTrack = t.type({ uri: t.string, name: t.string, artists: t.array(t.string) });
export type RemoteWindowTrack = t.TypeOf<typeof RemoteWindowTrack>;

/** What the active device plays (spec 001 §3 Cluster player_state), as the widget shows it. */
export const RemotePlaying = t.type({
  uri: t.string,
  name: t.string,
  artists: t.array(t.string),
  /** The album's cover, largest first; [] when the service gave none. */
  images: t.array(t.type({ url: t.string, width: t.union([t.number, t.null]), height: t.union([t.number, t.null]) })),
  durationMs: t.number,
  /** Where it was when the cluster was made; it advances from there unless paused. */
  positionMs: t.number,
  paused: t.boolean,
  shuffle: t.boolean,
  repeat: t.keyof({ OFF: null, CONTEXT: null, TRACK: null }),
  contextUri: t.union([t.string, t.null]),
  /** spec 001 §3 track_window, §9: the 2 next and the 2 previous tracks, in play order. */
  nextTracks: t.array(RemoteWindowTrack),
  previousTracks: t.array(RemoteWindowTrack),
});
export type RemotePlaying = t.TypeOf<typeof RemotePlaying>;

/** Issue 16 The controller: the user's devices and what the active one plays, from each cluster (spec 001 §4). */
export const RemoteState = t.type({
  activeDeviceId: t.union([t.string, t.null]),
  devices: t.array(RemoteDevice),
  playing: t.union([RemotePlaying, t.null]),
});
export type RemoteState = t.TypeOf<typeof RemoteState>;

/**
 * Issue 18, spec 001 §2 video container: what the widget needs to show a video track: the chosen
 * profile's size and the subtitle tracks (spec 001 §3 subtitle_language_codes, each URL the
 * manifest's base_urls[0] + subtitle_template with {{language_code}}).
 */
export const EngineVideo = t.type({
  width: t.number,
  height: t.number,
  subtitles: t.array(t.type({ language: t.string, url: t.string })),
});
export type EngineVideo = t.TypeOf<typeof EngineVideo>;

/**
 * spec 001 §4 Events forwarded from the engine to the widget: track change, play or pause, reset,
 * progress and initialization failure; the licence failures §8 Reactions has the widget show; and
 * the client events of §4 Transport lifecycle. The engine makes them (core/engine/player/client-events.ts);
 * the widget decodes them with this codec at its boundary (core/widget/full-playback/engine-facts.ts).
 */
export const EngineEvent = t.union([
  t.type({ kind: t.literal('trackChanged'), uri: t.string, durationMs: t.number }),
  t.type({ kind: t.literal('played') }),
  t.type({ kind: t.literal('paused') }),
  t.type({ kind: t.literal('progress'), positionMs: t.number }),
  t.type({ kind: t.literal('reset') }),
  t.type({ kind: t.literal('initializationFailed'), code: t.string, message: t.string }),
  // spec 001 §8 Reactions: a licence error of the protected-playback system, for the widget's playback-not-supported modal.
  t.type({ kind: t.literal('licenceFailed'), code: t.string, message: t.string }),
  // spec 000 §7 player event "unavailable track": the provider refused the item at `index` of the context (spec 000 §5).
  t.type({ kind: t.literal('itemUnavailable'), contextUri: t.string, index: t.number }),
  // spec 001 §4 client events, for their listeners (the widget records each as full/engineClientEvent).
  t.type({ kind: t.literal('clientEvent'), name: ClientEventName }),
  // spec 001 §4 Events forwarded: volume (0..1) and active-state changes.
  t.type({ kind: t.literal('volume'), volume: t.number }),
  t.type({ kind: t.literal('activeChanged'), active: t.boolean }),
  // spec 001 §3 Playback state: this engine's shuffle and repeat_mode, when either changes.
  t.type({ kind: t.literal('options'), shuffle: t.boolean, repeat: t.keyof({ OFF: null, CONTEXT: null, TRACK: null }) }),
  // spec 001 §4 List player: the list stopped at max-list-errors (at the track that failed last), for the widget to show.
  t.type({ kind: t.literal('listStopped'), reason: t.literal('maxListErrors'), index: t.number, uri: t.string }),
  // Issue 16 The controller: each cluster the remote-control client took (spec 001 §4), after an observe command.
  t.type({ kind: t.literal('remoteState'), state: RemoteState }),
  // Issue 18: a video track started (its video plays on the engine client's mediaElement), or null: none plays.
  t.type({ kind: t.literal('videoChanged'), video: t.union([EngineVideo, t.null]) }),
  // Issue 18: a video track failed (spec 001 §8 Storage video manifest, Manifest, Fragment, Media), with the §8 code and text.
  t.type({ kind: t.literal('mediaFailed'), code: t.string, message: t.string }),
]);
export type EngineEvent = t.TypeOf<typeof EngineEvent>;
