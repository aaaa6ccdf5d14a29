import type { Action } from '../../store/action';
import {
  pointerEntered,
  playToggleRequested,
  seekByRequested,
  seekRequested,
  skipNextRequested,
  skipPrevRequested,
  trackRowClicked,
  trackUnavailable,
} from '../actions';
import { isAvailableTo, visitorOf } from '../episode-availability';
import { currentTrackList } from '../preview-decisions';
import type { WidgetState } from '../state';
import { muteToggled, volumeChanged } from '../volume/actions';
import { selectVolume } from '../volume/state';
import { engineItemUnavailable } from './actions';
import { engineCommandDecided } from './contract-actions';
import { remoteDecisions } from '../remote/decisions';

/**
 * The visitor's commands in full playback (spec 000 §4; spec 001 §4 Commands), decided against
 * the state after the reducer saw them. Play with nothing loaded plays the embedded resource as
 * a context from its first track (the engine skips unplayable ones); a row plays the context from
 * that row. The first pointer entry initialises the engine (spec 001 §4 Client lifecycle).
 */
export function fullPlaybackDecisions(state: WidgetState, action: Action): Action[] {
  const command = (c: Parameters<typeof engineCommandDecided>[0]['command']) => [engineCommandDecided({ command: c })];
  // Issue 16 The controller: the engine follows the user's devices from the start, so that the
  // widget shows another device's playback (and drives it) as soon as the visitor is there.
  if (pointerEntered.match(action)) return [...command({ kind: 'initialise' }), ...command({ kind: 'observe' })];
  // While another device is the active one, the commands are that device's (remote/decisions.ts).
  const remote = remoteDecisions(state, action);
  if (remote !== null) return remote;
  if (playToggleRequested.match(action)) {
    if (state.playback.isPlaying) return command({ kind: 'pause' });
    if (state.playback.trackUri !== null) return command({ kind: 'resume' });
    return playFrom(state, firstAvailable(state));
  }
  if (trackRowClicked.match(action)) return playFrom(state, action.index);
  // The provider refused the item (its rule may know what the page did not): the notice, as for one we knew.
  if (engineItemUnavailable.match(action)) return action.contextUri === state.resourceUri ? unavailableAt(state, action.index) : [];
  if (skipNextRequested.match(action)) return command({ kind: 'next' });
  if (skipPrevRequested.match(action)) return command({ kind: 'previous' });
  if (seekRequested.match(action)) return command({ kind: 'seek', positionMs: action.positionMs });
  if (seekByRequested.match(action)) return command({ kind: 'seekBy', deltaMs: action.deltaMs });
  if (volumeChanged.match(action) || muteToggled.match(action)) return command({ kind: 'volume', volume: selectVolume(state) });
  return [];
}

/** The first item the visitor may play (the engine would skip the others too); 0 when there is none. */
function firstAvailable(state: WidgetState): number {
  const visitor = visitorOf(state);
  return Math.max(
    0,
    currentTrackList(state).findIndex((item) => isAvailableTo(item, visitor)),
  );
}

/**
 * Play the context from `index`, unless that item is not available to the visitor (spec 000 §4
 * Track availability, §5 an episode only in its markets, logged in or not): then, as in preview,
 * UNAVAILABLE_TRACK pauses the resource (the engine too, when it plays) and the notice shows (§8).
 */
function playFrom(state: WidgetState, index: number): Action[] {
  const item = currentTrackList(state)[index];
  if (item === undefined || isAvailableTo(item, visitorOf(state))) {
    return [engineCommandDecided({ command: { kind: 'play', contextUri: state.resourceUri, index } })];
  }
  return unavailableAt(state, index);
}

/** UNAVAILABLE_TRACK for the item at `index` (spec 000 §4), pausing the engine if it plays. */
function unavailableAt(state: WidgetState, index: number): Action[] {
  const item = currentTrackList(state)[index];
  if (item === undefined) return [];
  const pause = state.playback.isPlaying ? [engineCommandDecided({ command: { kind: 'pause' } })] : [];
  return [...pause, trackUnavailable({ index, uri: item.uri })];
}
