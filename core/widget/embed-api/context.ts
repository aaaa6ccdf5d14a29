import * as t from 'io-ts';
import { selectCurrentTrack, selectResource } from '../selectors';
import type { WidgetState } from '../state';

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

/** The context of spec 000 §3/§7 for the current state: the resource and the playing (or first) track. */
export function embedContextOf(state: WidgetState): EmbedContext {
  const resource = selectResource(state);
  const track = selectCurrentTrack(state);
  return {
    uri: state.resourceUri,
    href: resource?.external_urls.spotify ?? '',
    type: resource?.type ?? '',
    dominantColor: resource?.dominantColor ?? '',
    isPlaying: state.playback.isPlaying,
    currentTrack: track === undefined ? null : { uri: track.uri, href: track.external_urls.spotify, name: track.name },
  };
}

/** spec 000 §7: after connecting, updates are sent only if uri, isPlaying or the current track uri changed. */
export function sameContextKey(a: EmbedContext, b: EmbedContext): boolean {
  return a.uri === b.uri && a.isPlaying === b.isPlaying && (a.currentTrack?.uri ?? null) === (b.currentTrack?.uri ?? null);
}
