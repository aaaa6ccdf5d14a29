import type { Action } from '../../store/action';
import { pointerEntered, playToggleRequested, seekByRequested, seekRequested, skipNextRequested, skipPrevRequested, trackRowClicked } from '../actions';
import type { WidgetState } from '../state';
import { muteToggled, volumeChanged } from '../volume/actions';
import { selectVolume } from '../volume/state';
import { engineCommandDecided } from './actions';

/**
 * The visitor's commands in full playback (spec 000 §4; spec 001 §4 Commands), decided against
 * the state after the reducer saw them. Play with nothing loaded plays the embedded resource as
 * a context from its first track (the engine skips unplayable ones); a row plays the context from
 * that row. The first pointer entry initialises the engine (spec 001 §4 Client lifecycle).
 */
export function fullPlaybackDecisions(state: WidgetState, action: Action): Action[] {
  const command = (c: Parameters<typeof engineCommandDecided>[0]['command']) => [engineCommandDecided({ command: c })];
  if (pointerEntered.match(action)) return command({ kind: 'initialise' });
  if (playToggleRequested.match(action)) {
    if (state.playback.isPlaying) return command({ kind: 'pause' });
    if (state.playback.trackUri !== null) return command({ kind: 'resume' });
    return command({ kind: 'play', contextUri: state.resourceUri, index: 0 });
  }
  if (trackRowClicked.match(action)) return command({ kind: 'play', contextUri: state.resourceUri, index: action.index });
  if (skipNextRequested.match(action)) return command({ kind: 'next' });
  if (skipPrevRequested.match(action)) return command({ kind: 'previous' });
  if (seekRequested.match(action)) return command({ kind: 'seek', positionMs: action.positionMs });
  if (seekByRequested.match(action)) return command({ kind: 'seekBy', deltaMs: action.deltaMs });
  if (volumeChanged.match(action) || muteToggled.match(action)) return command({ kind: 'volume', volume: selectVolume(state) });
  return [];
}
