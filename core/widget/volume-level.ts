/** spec 000 §2 Volume icon: four states. */
export type VolumeLevel = 'muted' | 'low' | 'medium' | 'full';

/**
 * spec 000 §2 Volume icon: muted (0), under one third, under two thirds, full. A volume is 0..1
 * (spec 001 §5); anything at or below 0 (or not a number) shows muted.
 */
export function volumeLevel(volume: number): VolumeLevel {
  if (!(volume > 0)) return 'muted';
  if (volume < 1 / 3) return 'low';
  if (volume < 2 / 3) return 'medium';
  return 'full';
}
