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
  // spec 001 §4 List player: the list stopped at max-list-errors (at the track that failed last), for the widget to show.
  t.type({ kind: t.literal('listStopped'), reason: t.literal('maxListErrors'), index: t.number, uri: t.string }),
]);
export type EngineEvent = t.TypeOf<typeof EngineEvent>;
