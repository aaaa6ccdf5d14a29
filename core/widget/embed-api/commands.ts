import type { Action } from '../../store/action';
import { pauseDecided } from '../actions';
import { playDecisions } from '../preview-decisions';
import { skipDecisions } from '../track-commands';
import type { WidgetState } from '../state';
import type { EmbedApiCommand } from './actions';

/*
 * The parent page's playback commands (spec 000 §7 api/play, api/stop, api/next, api/prev) as
 * preview-player decisions: pure functions of the state returning the same actions the visitor's
 * commands produce (preview-decisions.ts), so the audio effects and a replay treat them alike.
 */

/** spec 000 §4 Play rules: a play while something plays does nothing; otherwise resume or start. */
export function apiPlayDecisions(state: WidgetState): Action[] {
  return state.playback.isPlaying ? [] : playDecisions(state);
}

/** api/stop pauses (spec 000 §4 PAUSE); a player never started has nothing to pause. */
export function apiStopDecisions(state: WidgetState): Action[] {
  return state.player.started ? [pauseDecided()] : [];
}

/** The playback decisions of one accepted command; connect and context requests decide no playback. */
export function apiCommandDecisions(state: WidgetState, command: EmbedApiCommand): Action[] {
  switch (command) {
    case 'play':
      return apiPlayDecisions(state);
    case 'stop':
      return apiStopDecisions(state);
    case 'next':
    case 'prev':
      // The same next/previous as the skip buttons (spec 000 §4 SKIP_NEXT/SKIP_PREV).
      return skipDecisions(state, command);
    case 'connect':
    case 'context':
      return [];
  }
}
