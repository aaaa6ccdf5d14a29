import * as t from 'io-ts';

/** spec 000 §3 "Embed API context message": the current track, null when the resource has none. */
export const EmbedContextTrack = t.type({ uri: t.string, href: t.string, name: t.string }, 'EmbedContextTrack');

/** spec 000 §3 "Embed API context message": uri, href, type, dominantColor, isPlaying, currentTrack. */
export const EmbedContext = t.type(
  {
    uri: t.string,
    href: t.string,
    type: t.string,
    dominantColor: t.string,
    isPlaying: t.boolean,
    currentTrack: t.union([EmbedContextTrack, t.null]),
  },
  'EmbedContext',
);
export type EmbedContext = t.TypeOf<typeof EmbedContext>;

// The context of a state, and when it changed: ./context-of.ts (the parent page's epics, in the widget's lazy chunk).
