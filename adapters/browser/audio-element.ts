import type { AudioElementPort, AudioFact } from '../../core/ports';
import { call, elementControls, elementFacts } from './element-calls';

/** The part of HTMLAudioElement this adapter uses. */
export type AudioElementLike = Pick<
  HTMLAudioElement,
  'src' | 'getAttribute' | 'preload' | 'currentTime' | 'volume' | 'duration' | 'error' | 'play' | 'pause' | 'addEventListener' | 'removeEventListener'
>;

function factOf(element: AudioElementLike, kind: AudioFact['kind']): AudioFact {
  const fact = { kind, positionMs: element.currentTime * 1000, durationMs: element.duration * 1000 };
  return kind === 'error' && element.error !== null ? { ...fact, errorCode: element.error.code } : fact;
}

/**
 * AudioElementPort over one HTMLAudioElement (the preview player of spec 001 §4). Calls act on
 * the element synchronously on subscription, so a play() subscribed inside a click handler runs
 * inside the click (autoplay policy). Facts are raw: NaN durations and error codes are decoded in
 * the core (core/widget/audio-fact.ts).
 */
export function createAudioElement(element: AudioElementLike): AudioElementPort {
  // The src as given: element.src reads back resolved, so it cannot tell a prefetched file. An
  // element that came with the page may hold one already (the server's prefetch).
  let assigned: string | null = element.getAttribute('src');
  return {
    prefetch: (src) =>
      call(() => {
        if (assigned !== null) return;
        element.preload = 'metadata';
        element.src = src;
        assigned = src;
      }),
    load: (src) =>
      call(() => {
        // Fetch the whole file ahead of the click (spec 000 §2 first use: load before play).
        element.preload = 'auto';
        // Setting src again would restart a prefetched file from nothing.
        if (assigned !== src) element.src = src;
        assigned = src;
      }),
    ...elementControls(element),
    facts$: elementFacts(element, (kind) => factOf(element, kind)),
  };
}
