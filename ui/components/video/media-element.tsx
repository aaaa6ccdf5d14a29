import { createContext, type ReactNode } from 'react';

/*
 * Issue 18: the engine's one media element (ui/engine/engine-client.ts mediaElement), handed to the
 * React tree once the engine has started. The engine is a bundle of its own, loaded on the first
 * command, so the element arrives after the first render: a slot the page fills, read by a hook.
 */

export interface MediaElementSlot {
  readonly get: () => HTMLVideoElement | null;
  readonly set: (element: HTMLVideoElement | null) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createMediaElementSlot(): MediaElementSlot {
  let element: HTMLVideoElement | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => element,
    set: (next) => {
      if (next === element) return;
      element = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const MediaElementContext = createContext<MediaElementSlot | null>(null);
/** Issue 18: the preview player's element when it is a <video> (an anonymous visitor's video preview). */
export const PreviewElementContext = createContext<HTMLVideoElement | null>(null);

export function MediaElementProvider({
  slot,
  preview = null,
  children,
}: {
  readonly slot: MediaElementSlot;
  readonly preview?: HTMLVideoElement | null;
  readonly children: ReactNode;
}) {
  return (
    <MediaElementContext.Provider value={slot}>
      <PreviewElementContext.Provider value={preview}>{children}</PreviewElementContext.Provider>
    </MediaElementContext.Provider>
  );
}

// The hooks that read them: ./use-media-element.ts (the video frame's, in the widget's lazy chunk).
