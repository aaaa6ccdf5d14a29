import { useEffect, useRef, type CSSProperties } from 'react';
import type { Translate } from '../../hooks/translate';
import { PlayIcon } from '../icons';
import { FullscreenButton, useFullscreen } from './fullscreen';
import type { SubtitleTrack } from './languages';
import { SubtitlesMenu } from './subtitles-menu';
import { useSubtitleTracks } from './subtitle-tracks';
import { ensureVideoStyle } from './video-style';

/*
 * Issue 18, spec 001 §2 "a video container element, with optional subtitle tracks": the frame the
 * widget and the web player show a video episode in. The <video> is the engine's own element
 * (engine-client.ts mediaElement, the one full playback plays on), moved into this frame's host
 * in an effect, outside React's children, and given back (hidden, at the end of <body>) when the
 * frame goes: moved within one task, it plays on. The frame takes the box it is given (the cover
 * art's, so nothing moves when a video starts) and the picture keeps its aspect ratio in it,
 * letterboxed. Over it: the subtitles control and the full-screen button.
 */

/** What the frame shows of the engine's video (core/contract/events.ts EngineVideo). */
export interface FrameVideo {
  readonly width: number;
  readonly height: number;
  readonly subtitles: ReadonlyArray<SubtitleTrack>;
}

export interface VideoFrameProps {
  /** The engine's media element; null until the engine has started (the frame shows black). */
  readonly media: HTMLVideoElement | null;
  readonly video: FrameVideo;
  /** The subtitle language showing, null: off (the default). Kept by the caller, so it outlives a move of the frame. */
  readonly language: string | null;
  readonly onLanguage: (language: string | null) => void;
  /** The page's locale: its language is offered first, language names are in it. */
  readonly locale: string;
  readonly t: Translate;
  /** A click on the picture (the cover art it stands for plays and pauses). */
  readonly onToggle?: () => void;
  /** Whether it plays: paused, a play sign shows over the picture (over the header's cover it hides the play button's own). */
  readonly playing?: boolean;
  /** 'small': the 80 px cover art's box (compact controls, the menu opens sideways). */
  readonly size?: 'small' | 'large';
  readonly testId?: string;
}

/** Moves the engine's element into `box`, shown; what it returns gives it back, hidden, at the end of <body>. */
export function placeMedia(media: HTMLVideoElement, box: HTMLElement): () => void {
  box.appendChild(media);
  media.classList.add('video-frame__media');
  media.hidden = false;
  return () => {
    media.classList.remove('video-frame__media');
    media.hidden = true;
    if (media.parentNode === box) media.ownerDocument.body.appendChild(media);
  };
}

export function VideoFrame({
  media,
  video,
  language,
  onLanguage,
  locale,
  t,
  onToggle,
  playing = true,
  size = 'large',
  testId = 'video-frame',
}: VideoFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(frame);
  useEffect(() => {
    ensureVideoStyle(document);
  }, []);
  useEffect(() => {
    const box = host.current;
    return media === null || box === null ? undefined : placeMedia(media, box);
  }, [media]);
  useSubtitleTracks(media, video.subtitles, locale, language);

  const known = video.width > 0 && video.height > 0;
  // The ratio twice: as aspect-ratio takes it, and as a number for the big area's sizing (calc cannot divide by a ratio).
  const style = {
    '--video-aspect': known ? `${video.width} / ${video.height}` : '16 / 9',
    '--video-ratio': known ? video.width / video.height : 16 / 9,
  } as CSSProperties;
  // Full screen, the small frame's controls are a screen's: the large ones.
  const shownSize = fullscreen.active ? 'large' : size;
  return (
    <div
      ref={frame}
      className={`video-frame video-frame--${shownSize}${fullscreen.active ? ' video-frame--fullscreen' : ''}`}
      data-testid={testId}
      role="group"
      aria-label={t('video_label')}
      style={style}
    >
      <div ref={host} className="video-frame__host" data-testid="video-host" onClick={onToggle} onDoubleClick={fullscreen.toggle} />
      {playing ? null : (
        <span className="video-frame__paused" data-testid="video-paused">
          <PlayIcon />
        </span>
      )}
      <div className="video-frame__controls">
        <SubtitlesMenu subtitles={video.subtitles} language={language} onChoose={onLanguage} locale={locale} t={t} />
        <FullscreenButton active={fullscreen.active} onToggle={fullscreen.toggle} t={t} />
      </div>
    </div>
  );
}
