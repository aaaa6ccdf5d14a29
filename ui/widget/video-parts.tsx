import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { playToggleRequested } from '../../core/widget/actions';
import { selectIsPlaying, selectPreviewVideo } from '../../core/widget/selectors';
import type { WidgetState } from '../../core/widget/state';
import { useMediaElement, usePreviewElement } from '../components/video/media-element';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { useSelector } from '../hooks/use-selector';
import { lazyExtra } from './lazy-extra';

/*
 * Issue 18: a video episode's picture in the widget, in place of the cover art. Two places can
 * hold it, both boxes the cover art has already, so nothing moves when a video starts: the big
 * cover-art area (a single episode's bottom section, or the room under a show's short list, spec
 * 000 §2 and issue 13) when the layout shows one, else the header's cover art (the 80 px play
 * button, spec 000 §9). Each is an empty slot until the frame is rendered into it (a portal); the
 * frame (ui/components/video/, in the widget's lazy chunk) moves the engine's media element into itself.
 */

// In the widget's one lazy chunk (ui/widget/extras.ts), not a chunk of its own: a second lazy chunk
// sharing React with the first made esbuild split React into a third up-front file (the initial-JS budget).
const VideoFrame = lazyExtra((extras) => extras.VideoFrame);

export type VideoPlace = 'header' | 'big';

interface Box {
  readonly width: number;
  readonly height: number;
}

/** The width of a picture of aspect ratio `aspect` (width / height) fitted in `box`, letterboxed. */
const fittedWidth = (box: Box, aspect: number): number => Math.min(box.width, box.height * aspect);

/**
 * Where the picture goes: the big area when the layout shows it and the picture is larger there
 * than in the header's cover (it is hidden, 0 × 0, in the layouts without one: tiny, basic, a long
 * list that leaves no room); else the header's cover art.
 */
export function chooseVideoPlace(big: Box | null, header: Box, aspect: number): VideoPlace {
  return big !== null && big.width > 0 && big.height > 0 && fittedWidth(big, aspect) > fittedWidth(header, aspect) ? 'big' : 'header';
}

interface Slots {
  readonly header: HTMLElement | null;
  readonly big: HTMLElement | null;
}

interface SlotRegistry {
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

/** The element's box, followed while it lives (ResizeObserver; none in jsdom: its box once). */
function useBox(element: HTMLElement | null): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    if (element === null) return undefined;
    const measure = () =>
      setBox((was) =>
        was !== null && was.width === element.clientWidth && was.height === element.clientHeight
          ? was
          : { width: element.clientWidth, height: element.clientHeight },
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return element === null ? null : box;
}

const selectVideo = (state: WidgetState) => state.video ?? null;
const selectLocale = (state: WidgetState) => state.locale;

/**
 * The playing video's frame, in the slot that shows it best. Its subtitle choice lives here, so a
 * resize that moves the frame keeps it; a new video starts with subtitles off.
 */
export function WidgetVideo({ t }: { readonly t: Translate }) {
  const engineVideo = useSelector(selectVideo);
  // Issue 18: an anonymous visitor's video preview plays on the preview player's element, in the same frame.
  const previewVideo = useSelector(selectPreviewVideo);
  const video = engineVideo ?? previewVideo;
  const locale = useSelector(selectLocale);
  const playing = useSelector(selectIsPlaying);
  const engineMedia = useMediaElement();
  const previewMedia = usePreviewElement();
  const media = engineVideo === null ? previewMedia : engineMedia;
  const dispatch = useDispatch();
  const registry = useContext(SlotContext);
  const bigBox = useBox(video === null ? null : (registry?.slots.big ?? null));
  const headerBox = useBox(video === null ? null : (registry?.slots.header ?? null));
  const [choice, setChoice] = useState<{ readonly key: string; readonly language: string | null }>({ key: '', language: null });
  const onToggle = useCallback(() => dispatch(playToggleRequested({ via: 'button' })), [dispatch]);
  if (video === null || registry === null) return null;
  const key = video.subtitles.map((s) => s.url).join(' ');
  const language = choice.key === key ? choice.language : null;
  const aspect = video.width > 0 && video.height > 0 ? video.width / video.height : 16 / 9;
  const place = chooseVideoPlace(bigBox, headerBox ?? { width: 80, height: 80 }, aspect);
  const target = place === 'big' ? registry.slots.big : registry.slots.header;
  if (target === null) return null;
  return createPortal(
    <Suspense fallback={null}>
      <VideoFrame
        key={place}
        media={media}
        video={video}
        language={language}
        onLanguage={(next) => setChoice({ key, language: next })}
        locale={locale}
        t={t}
        onToggle={onToggle}
        playing={playing}
        size={place === 'big' ? 'large' : 'small'}
      />
    </Suspense>,
    target,
  );
}
