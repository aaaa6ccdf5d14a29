import { merge, timer } from 'rxjs';
import { distinctUntilChanged, filter, map, scan, switchMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import {
  playbackProgressed,
  playbackReset,
  playbackTrackChanged,
  playDecided,
  playToggleRequested,
  skipNextRequested,
  skipPrevRequested,
  trackRowClicked,
  trackUnavailable,
} from '../actions';
import { embedApiCommandReceived } from '../embed-api/actions';
import type { WidgetState } from '../state';
import type { WidgetEpic } from '../widget-epic';
import { promptShown, unavailableShown, type UnavailableTextKey } from './actions';
import { canShowPrompt } from './state';

/** spec 000 §4 Play rules / §9: the sign-up prompt 3000 ms after play. */
export const PROMPT_DELAY_MS = 3000;
/** spec 000 §4 Play rules / §9: progress above 29500 ms triggers the sign-up prompt. */
export const PROMPT_PROGRESS_MS = 29500;

/*
 * Each epic checks at the moment it would emit that a prompt can show (preview mode, nothing else
 * showing), so the log holds no prompt that changed nothing; the reducer applies the same rule.
 */

/** What asked for the next play decision: a fresh start, a resume, or a skip. */
type PlayCause = 'start' | 'resume' | 'skip';

/**
 * spec 000 §4 Play rules: "if paused and no index is given, it resumes. Else it starts playing ...
 * and triggers the sign-up prompt after 3000 ms". The play button, the space bar and the parent
 * page's api/play (no index) resume a paused resource: no new prompt. A skip prompts at once
 * (promptOnSkipEpic; spec 000 §4 SKIP_NEXT/SKIP_PREV), not again 3000 ms later.
 */
function playCause(action: Action, state: WidgetState): PlayCause | null {
  if (skipNextRequested.match(action) || skipPrevRequested.match(action)) return 'skip';
  const noIndex = playToggleRequested.match(action) || (embedApiCommandReceived.match(action) && action.command === 'play');
  if (noIndex) return state.playback.isPaused && !state.playback.isPlaying ? 'resume' : 'start';
  return trackRowClicked.match(action) || embedApiCommandReceived.match(action) ? 'start' : null;
}

/**
 * spec 000 §4 Play rules: a fresh start "triggers the sign-up prompt after 3000 ms"; a resume does
 * not. A command's decisions follow it in the same store turn, so the play decision after a command
 * is that command's; a play no command asked for (the next track after an end) is a start, as the
 * player starts that track. A newer start restarts the delay (switchMap). Neither a pause nor a
 * resume cancels it: the spec ties the prompt to the start alone, and a visitor who paused after a
 * second has still heard only a preview.
 */
export const promptAfterPlayEpic: WidgetEpic = (action$, state$, deps) =>
  action$.pipe(
    scan(
      (acc: { readonly pending: PlayCause; readonly fire: boolean }, action: Action) => {
        if (playDecided.match(action)) return { pending: 'start' as const, fire: acc.pending === 'start' };
        const cause = playCause(action, state$.value);
        return cause === null ? { pending: acc.pending, fire: false } : { pending: cause, fire: false };
      },
      { pending: 'start', fire: false },
    ),
    filter((acc) => acc.fire),
    switchMap(() => timer(PROMPT_DELAY_MS, deps.scheduler)),
    filter(() => canShowPrompt(state$.value)),
    map(() => promptShown()),
  );

/**
 * spec 000 §4 Play rules: "Progress above 29500 ms triggers the sign-up prompt" - once per crossing
 * (progress updates arrive every ~250 ms; a closed prompt stays closed for the rest of that track).
 * A track change or a reset starts the position over.
 */
export const promptOnProgressEpic: WidgetEpic = (action$, state$) =>
  merge(
    action$.pipe(
      filter(playbackProgressed.match),
      map((a) => (a.progress ?? 0) > PROMPT_PROGRESS_MS),
    ),
    action$.pipe(
      filter((a) => playbackTrackChanged.match(a) || playbackReset.match(a)),
      map(() => false),
    ),
  ).pipe(
    distinctUntilChanged(),
    filter((above) => above && canShowPrompt(state$.value)),
    map(() => promptShown()),
  );

/** spec 000 §4 SKIP_NEXT, SKIP_PREV: "... then trigger the sign-up prompt" (at once). */
export const promptOnSkipEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => skipNextRequested.match(a) || skipPrevRequested.match(a)),
    filter(() => canShowPrompt(state$.value)),
    map(() => promptShown()),
  );

/** spec 000 §8: an unavailable track or episode shows the notice with the text of its type. */
export const unavailableNoticeEpic: WidgetEpic = (action$) =>
  action$.pipe(
    filter(trackUnavailable.match),
    map((a) => unavailableShown({ textKey: unavailableTextKey(a.uri) })),
  );

/** spec 000 §8: 'embed_episode_preview_not_available' for episodes, 'embed_track_not_available' otherwise. */
export function unavailableTextKey(uri: string): UnavailableTextKey {
  return uri.split(':')[1] === 'episode' ? 'embed_episode_preview_not_available' : 'embed_track_not_available';
}

export const modalEpics: ReadonlyArray<WidgetEpic> = [promptAfterPlayEpic, promptOnProgressEpic, promptOnSkipEpic, unavailableNoticeEpic];
