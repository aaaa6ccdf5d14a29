import { selectCurrentTrack, selectResource } from '../selectors';
import type { WidgetState } from '../state';
import type { EmbedContext } from './context';

// Apart from the codec (./context.ts, which the first frame's actions carry): only the parent page's
// epics (embed-api.epic.ts, in the widget's lazy chunk) make and compare contexts.

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
