import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { selectPreviewVideo } from '../../core/widget/selectors';
import type { WidgetState } from '../../core/widget/state';
import type { Translate } from '../hooks/translate';
import { useSelector } from '../hooks/use-selector';
import { lazyExtra } from './lazy-extra';

/*
 * Issue 18: a video episode's picture in the widget, in place of the cover art. Two places can
 * hold it, both boxes the cover art has already, so nothing moves when a video starts: the big
 * cover-art area (a single episode's bottom section, or the room under a show's short list, spec
 * 000 §2 and issue 13) when the layout shows one, else the header's cover art (the 80 px play
 * button, spec 000 §9). Each is an empty slot until the frame is rendered into it (a portal); the
 * frame (ui/components/video/, in the widget's lazy chunk) moves the engine's media element into itself.
 * The slots are in the first frame; the picture (./video-picture.tsx: where it goes, its frame) is
 * in the widget's lazy chunk, fetched by every page right after booting: no first frame has a video.
 */

// In the widget's one lazy chunk (ui/widget/extras.ts), not a chunk of its own: a second lazy chunk
// sharing React with the first made esbuild split React into a third up-front file (the initial-JS budget).
const VideoPicture = lazyExtra((extras) => extras.VideoPicture);

export type VideoPlace = 'header' | 'big';

export interface Slots {
  readonly header: HTMLElement | null;
  readonly big: HTMLElement | null;
}

export interface SlotRegistry {
  readonly slots: Slots;
  readonly register: (place: VideoPlace) => (element: HTMLElement | null) => void;
}

const SlotContext = createContext<SlotRegistry | null>(null);

/** Holds the two slots' elements for WidgetVideo; the embed screen wraps its parts in it. */
export function VideoSlots({ children }: { readonly children: ReactNode }) {
  const [slots, setSlots] = useState<Slots>({ header: null, big: null });
  const registerHeader = useCallback((element: HTMLElement | null) => setSlots((s) => (s.header === element ? s : { ...s, header: element })), []);
  const registerBig = useCallback((element: HTMLElement | null) => setSlots((s) => (s.big === element ? s : { ...s, big: element })), []);
  const value = useMemo<SlotRegistry>(
    () => ({ slots, register: (place) => (place === 'header' ? registerHeader : registerBig) }),
    [slots, registerHeader, registerBig],
  );
  return <SlotContext.Provider value={value}>{children}</SlotContext.Provider>;
}

/** An empty box over a cover art (widget.css: absent while empty, so it takes no clicks). */
export function VideoSlot({ place }: { readonly place: VideoPlace }) {
  const registry = useContext(SlotContext);
  return <div className={`video-slot video-slot--${place}`} data-testid={`video-slot-${place}`} ref={registry?.register(place)} />;
}

const selectVideo = (state: WidgetState) => state.video ?? null;

/** The subtitle language chosen for the video whose subtitle URLs are `key`. */
export interface SubtitleChoice {
  readonly key: string;
  readonly language: string | null;
}

/**
 * The playing video's picture (./video-picture.tsx), while one plays. The subtitle choice lives
 * here, so a resize that moves the frame, or a pause that hides a preview's picture, keeps it.
 */
export function WidgetVideo({ t }: { readonly t: Translate }) {
  const engineVideo = useSelector(selectVideo);
  // Issue 18: an anonymous visitor's video preview plays on the preview player's element, in the same frame.
  const previewVideo = useSelector(selectPreviewVideo);
  const registry = useContext(SlotContext);
  const [choice, setChoice] = useState<SubtitleChoice>({ key: '', language: null });
  const video = engineVideo ?? previewVideo;
  if (video === null || registry === null) return null;
  return <VideoPicture t={t} registry={registry} video={video} fromEngine={engineVideo !== null} choice={choice} onChoice={setChoice} />;
}
