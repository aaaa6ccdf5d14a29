import { merge, timer } from 'rxjs';
import { distinctUntilChanged, filter, map, switchMap } from 'rxjs/operators';
import {
  playbackProgressed,
  playbackReset,
  playbackTrackChanged,
  playDecided,
  skipNextRequested,
  skipPrevRequested,
  trackUnavailable,
} from '../actions';
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

/**
 * spec 000 §4 Play rules: a play "triggers the sign-up prompt after 3000 ms". Every play decision
 * counts, whatever asked for it (button, space bar, track row, skip, parent page). A newer play
 * restarts the delay (switchMap). A pause does not cancel it: the spec ties the prompt to the play
 * alone, and a visitor who stopped after a second has still heard only a preview.
 */
export const promptAfterPlayEpic: WidgetEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(playDecided.match),
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
