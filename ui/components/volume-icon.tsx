import { volumeLevel } from '../../core/widget/volume-level';
import type { Translate } from '../hooks/translate';
import { VolumeGlyph } from './control-icons';

export interface VolumeIconProps {
  /** 0..1 (spec 001 §5). */
  readonly volume: number;
  readonly t: Translate;
}

/** spec 000 §2 Volume icon: four states, muted (0), under one third, under two thirds, full. */
export function VolumeIcon({ volume, t }: VolumeIconProps) {
  const level = volumeLevel(volume);
  return (
    <span className="volume-icon" role="img" aria-label={t(`volume_${level}`)} data-testid="volume-icon" data-level={level}>
      <VolumeGlyph level={level} />
    </span>
  );
}
