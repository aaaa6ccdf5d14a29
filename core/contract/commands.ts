import * as t from 'io-ts';

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
  ],
  'EngineCommand',
);
export type EngineCommand = Readonly<t.TypeOf<typeof EngineCommand>>;
