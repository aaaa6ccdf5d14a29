import type { Draft } from 'immer';
import type { ActionOf } from '../../store/action';
import type { WidgetState } from '../state';
import type { muteToggled, volumeChanged, volumeRestored } from './actions';

/** The audio element's volume, 0..1 (spec 001 §5), and what unmuting brings back. */
export interface VolumeState {
  readonly level: number;
  /** The last volume above 0: the mute button restores it. */
  readonly lastAudible: number;
}

/** An audio element starts at full volume. */
export const initialVolume: VolumeState = { level: 1, lastAudible: 1 };

export type VolumeAction = ActionOf<typeof volumeChanged> | ActionOf<typeof muteToggled> | ActionOf<typeof volumeRestored>;

/** A volume as the element accepts it: 0..1; anything not a number is muted (spec 000 §2 Volume icon). */
export function clampVolume(volume: number): number {
  return Number.isFinite(volume) ? Math.min(Math.max(volume, 0), 1) : 0;
}

/** The volume rules; the widget reducer hands it these actions. */
export function reduceVolume(draft: Draft<WidgetState>, action: VolumeAction): void {
  // A state from before the volume control (an older log's header) has no such part yet.
  const volume = (draft.volume ??= { ...initialVolume });
  switch (action.type) {
    case 'widget/volumeChanged':
    case 'widget/volumeRestored': {
      const level = clampVolume(action.volume);
      volume.level = level;
      if (level > 0) volume.lastAudible = level;
      return;
    }
    case 'widget/muteToggled':
      volume.level = volume.level > 0 ? 0 : volume.lastAudible > 0 ? volume.lastAudible : 1;
      return;
  }
}

/** The volume shown and applied (a state from before the control has full volume). */
export function selectVolume(state: Pick<WidgetState, 'volume'>): number {
  return (state.volume ?? initialVolume).level;
}
