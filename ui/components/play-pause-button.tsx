import type { ReactNode } from 'react';
import type { Translate } from '../hooks/translate';
import { PauseIcon, PlayIcon } from './icons';

export interface PlayPauseButtonProps {
  readonly playing: boolean;
  readonly onToggle: () => void;
  readonly t: Translate;
  /** What the button shows behind its glyph: the cover art (spec 000 §2). */
  readonly children?: ReactNode;
}

/** spec 000 §2 Play/pause button: "shows the cover art". A real button, so Space and Enter work on it natively. */
export function PlayPauseButton({ playing, onToggle, t, children }: PlayPauseButtonProps) {
  return (
    <button
      type="button"
      className="play-button"
      data-testid="play-button"
      data-state={playing ? 'playing' : 'paused'}
      aria-label={t(playing ? 'pause' : 'play')}
      onClick={onToggle}
    >
      {children}
      <span className="play-button__glyph">{playing ? <PauseIcon /> : <PlayIcon />}</span>
    </button>
  );
}
