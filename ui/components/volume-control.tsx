import { useState, type ChangeEvent, type CSSProperties } from 'react';
import type { Translate } from '../hooks/translate';
import { VolumeIcon } from './volume-icon';

export interface VolumeControlProps {
  /** 0..1 (spec 001 §5). */
  readonly volume: number;
  readonly onMuteToggle: () => void;
  /** The slider's new volume, 0..1. */
  readonly onChange: (volume: number) => void;
  readonly t: Translate;
}

/** The slider's scale: whole percents, so arrow keys move 1 % and Page Up/Down 10 % (the browser's steps). */
const SLIDER_MAX = 100;

/**
 * The volume control a widely used embed shows (spec 000 leaves it "not shown"): a mute button
 * with the volume icon of spec 000 §2 (four states) and a native range input, which gives keyboard
 * use (arrows, Home, End, Page Up/Down) and the slider role for free. Both have translated names.
 */
export function VolumeControl({ volume, onMuteToggle, onChange, t }: VolumeControlProps) {
  // The slider shows its own value at once: React puts a controlled input back to its value after an
  // event that changed no React state, and the store's change reaches React a task later
  // (ui/hooks/deferred-subscribe.ts), so quick arrow presses would be lost. The store wins when its
  // volume changes (mute button, stored volume).
  const [shown, setShown] = useState(volume);
  // Adjusted during render (React's pattern for state that follows a prop), not in an effect, so
  // the slider never shows a stale value for a frame.
  const [heard, setHeard] = useState(volume);
  if (heard !== volume) {
    setHeard(volume);
    setShown(volume);
  }
  const percent = Math.round(shown * SLIDER_MAX);
  const muteLabel = volume > 0 ? t('volume_mute') : t('volume_unmute');
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const next = Number(event.currentTarget.value) / SLIDER_MAX;
    setShown(next);
    onChange(next);
  };
  return (
    <div className="volume-control" data-testid="volume-control">
      <button type="button" className="icon-button" data-testid="mute-button" title={muteLabel} aria-label={muteLabel} onClick={onMuteToggle}>
        <VolumeIcon volume={volume} t={t} />
      </button>
      <input
        type="range"
        className="volume-control__slider"
        data-testid="volume-slider"
        min={0}
        max={SLIDER_MAX}
        step={1}
        value={percent}
        aria-label={t('volume_slider')}
        aria-valuetext={`${percent} %`}
        onChange={onInput}
        style={{ '--volume-percent': `${percent}%` } as CSSProperties}
      />
    </div>
  );
}
