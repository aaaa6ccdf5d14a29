import type { KeyboardEvent, PointerEvent } from 'react';
import { formatTime } from '../../core/widget/time-format';
import type { Translate } from '../hooks/translate';

export interface ProgressBarProps {
  readonly positionMs: number;
  /** Null when the length is unknown: the bar is then disabled (spec 000 §2 "A disabled bar cannot be dragged"). */
  readonly totalMs: number | null;
  /** Filled width, already capped at 100 (spec 000 §5). */
  readonly percent: number;
  readonly onSeek: (positionMs: number) => void;
  readonly t: Translate;
}

/** Arrow-key step. Not in the spec; 5 s suits a 30 s preview as well as a full track. */
export const KEY_STEP_MS = 5000;

/** spec 000 §5: "Seek position is clamped between 0 and the maximum." */
export function clampSeek(positionMs: number, totalMs: number): number {
  return Math.round(Math.min(totalMs, Math.max(0, positionMs)));
}

/**
 * An accessible slider (role=slider, keyboard arrows, Home/End). A primary-button press seeks to
 * the pressed point (spec 000 §5 "Only the primary mouse button starts a drag"). Dragging with its
 * tooltip, thumb and 50 ms throttle (spec 000 §2 Progress bar) builds on onPointerDown later.
 */
export function ProgressBar({ positionMs, totalMs, percent, onSeek, t }: ProgressBarProps) {
  const disabled = totalMs === null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (totalMs === null || event.button !== 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    onSeek(clampSeek(((event.clientX - rect.left) / rect.width) * totalMs, totalMs));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (totalMs === null) return;
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? positionMs + KEY_STEP_MS
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? positionMs - KEY_STEP_MS
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? totalMs
              : null;
    if (target === null) return;
    event.preventDefault();
    onSeek(clampSeek(target, totalMs));
  };

  return (
    <div
      className="progress-bar"
      data-testid="progress"
      role="slider"
      tabIndex={0}
      aria-label={t('progress')}
      aria-valuemin={0}
      aria-valuemax={totalMs ?? 0}
      aria-valuenow={Math.round(Math.min(positionMs, totalMs ?? 0))}
      aria-valuetext={`${formatTime(positionMs)} / ${formatTime(totalMs ?? 0)}`}
      aria-disabled={disabled}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    >
      <div className="progress-bar__track">
        <div className="progress-bar__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
