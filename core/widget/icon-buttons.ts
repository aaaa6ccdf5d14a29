import { selectResource, selectTrackList } from './selectors';
import type { WidgetState } from './state';

/** Which of the icon buttons of spec 000 §2 the control area shows. */
export interface IconButtons {
  /** Skip-back / skip-forward: the previous or next track of the list. */
  readonly skip: boolean;
  /** Back 15 seconds / forward 15 seconds. */
  readonly jump: boolean;
}

/**
 * Spec 000 §2 lists the four buttons but not where each shows; our choice, as in widely used
 * embeds: previous/next only when there is more than one track to move between, and the 15-second
 * jumps for podcasts (a show or an episode), where moving within a long item is what people do.
 * Both depend on the resource only, so the server's frame and hydration agree.
 */
export function selectIconButtons(state: WidgetState): IconButtons {
  const type = selectResource(state)?.type;
  return { skip: selectTrackList(state).length > 1, jump: type === 'show' || type === 'episode' };
}
