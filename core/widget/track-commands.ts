import type { Action } from '../store/action';
import { decideTrack, nextIndex, previousIndex, startIndex } from '../lists/preview-player';
import { playDecided, playerStarted, seekDecided, trackLoadDecided, trackUnavailable } from './actions';
import { currentTrackList, seekDecisions } from './preview-decisions';
import type { WidgetState } from './state';
import { availableTo, visitorOf } from './episode-availability';
import { handsOffToApp, mobileHandoffDecisions } from './platform/mobile-handoff';

/*
 * Decisions for the commands that choose a track of the list or move within one (spec 000 §2 Track
 * list table and Icon buttons, §4 SKIP_NEXT/SKIP_PREV; spec 001 §4 Preview player), as pure
 * functions of the state, like preview-decisions.ts.
 */

/** spec 000 §9 Skip step: 15 seconds (spec 001 §5: seek forward/back default 15000 ms). */
export const SKIP_STEP_MS = 15000;

/**
 * spec 000 §4 Play rules: with an index given, playback starts from that index, even when another
 * track plays (or the same one: it starts over from 0). The player is started first if needed, without
 * loading its first track (that would be a second load for nothing).
 */
export function playIndexDecisions(state: WidgetState, index: number): Action[] {
  // spec 000 §4 Play rules: on mobile with the app installed, play (from an index too) hands off to the app.
  if (handsOffToApp(state)) return mobileHandoffDecisions(state);
  const start = state.player.started ? [] : [playerStarted()];
  const decision = decideTrack(currentTrackList(state), index, availableTo(visitorOf(state)));
  if (decision === null) return start;
  // The element keeps the file it holds (loading the same file does not rewind): start it over.
  if (decision.kind === 'load' && index === state.player.index) return [...start, seekDecided({ positionMs: 0 }), playDecided()];
  // spec 001 §4: a track without playability or preview address: the unavailable-track callback.
  return decision.kind === 'load'
    ? [...start, trackLoadDecided({ index: decision.index, uri: decision.uri, src: decision.src }), playDecided()]
    : [...start, trackUnavailable({ index: decision.index, uri: decision.uri })];
}

/**
 * spec 000 §4 SKIP_NEXT / SKIP_PREV: set playing and go next or previous; spec 001 §4: next wraps
 * to the first, previous goes to the prior index. Before anything was loaded the current track is
 * the one the player would start at (spec 001 §5: the first playable), as the header shows it.
 */
export function skipDecisions(state: WidgetState, direction: 'next' | 'prev'): Action[] {
  const list = currentTrackList(state);
  if (list.length === 0) return state.player.started ? [] : [playerStarted()];
  const current = state.player.index ?? startIndex(list, availableTo(visitorOf(state))) ?? 0;
  const target = direction === 'next' ? nextIndex(current, list.length) : previousIndex(current);
  return playIndexDecisions(state, target);
}

/** spec 000 §2 back/forward 15 seconds: a seek relative to the position, clamped to 0..duration (§5). */
export function seekByDecisions(state: WidgetState, deltaMs: number): Action[] {
  return seekDecisions(state, state.playback.progress + deltaMs);
}
