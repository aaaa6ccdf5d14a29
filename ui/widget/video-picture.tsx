import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { playToggleRequested } from '../../core/widget/actions';
import { selectIsPlaying } from '../../core/widget/selectors';
import type { WidgetState } from '../../core/widget/state';
import { useMediaElement, usePreviewElement } from '../components/video/use-media-element';
import { VideoFrame, type FrameVideo } from '../components/video/video-frame';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { useSelector } from '../hooks/use-selector';
import type { SlotRegistry, SubtitleChoice, VideoPlace } from './video-parts';

/*
 * Issue 18: a video episode's picture in one of the screen's video slots (./video-parts.tsx), in the
 * widget's lazy chunk (ui/widget/extras.ts): the first frame never shows a video.
 */

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

const selectLocale = (state: WidgetState) => state.locale;

export interface VideoPictureProps {
  readonly t: Translate;
  readonly registry: SlotRegistry;
  readonly video: FrameVideo;
  /** The engine's video (its media element), else the preview player's. */
  readonly fromEngine: boolean;
  readonly choice: SubtitleChoice;
  readonly onChoice: (choice: SubtitleChoice) => void;
}

/** The playing video's frame, in the slot that shows it best; a new video starts with subtitles off. */
export function VideoPicture({ t, registry, video, fromEngine, choice, onChoice }: VideoPictureProps) {
  const locale = useSelector(selectLocale);
  const playing = useSelector(selectIsPlaying);
  const engineMedia = useMediaElement();
  const previewMedia = usePreviewElement();
  const media = fromEngine ? engineMedia : previewMedia;
  const dispatch = useDispatch();
  const bigBox = useBox(registry.slots.big);
  const headerBox = useBox(registry.slots.header);
  const onToggle = useCallback(() => dispatch(playToggleRequested({ via: 'button' })), [dispatch]);
  const key = video.subtitles.map((s) => s.url).join(' ');
  const language = choice.key === key ? choice.language : null;
  const aspect = video.width > 0 && video.height > 0 ? video.width / video.height : 16 / 9;
  const place = chooseVideoPlace(bigBox, headerBox ?? { width: 80, height: 80 }, aspect);
  const target = place === 'big' ? registry.slots.big : registry.slots.header;
  if (target === null) return null;
  return createPortal(
    <VideoFrame
      key={place}
      media={media}
      video={video}
      language={language}
      onLanguage={(next) => onChoice({ key, language: next })}
      locale={locale}
      t={t}
      onToggle={onToggle}
      playing={playing}
      size={place === 'big' ? 'large' : 'small'}
    />,
    target,
  );
}
