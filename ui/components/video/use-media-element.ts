import { useContext, useSyncExternalStore } from 'react';
import { MediaElementContext, PreviewElementContext } from './media-element';

// Apart from the slot and its provider (./media-element.tsx, which the widget's first frame sets up):
// only a video's frame reads them, and the widget fetches that in its lazy chunk.

/** The preview player's <video> element, if it has one. */
export const usePreviewElement = (): HTMLVideoElement | null => useContext(PreviewElementContext);

const noElement = () => null;
const noSubscription = () => () => undefined;

/** The engine's media element once it has started; null before (and on the server, and without a provider). */
export function useMediaElement(): HTMLVideoElement | null {
  const slot = useContext(MediaElementContext);
  return useSyncExternalStore(slot?.subscribe ?? noSubscription, slot?.get ?? noElement, noElement);
}
