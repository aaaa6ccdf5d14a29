import { filter, map, mergeMap } from 'rxjs/operators';
import type { Action } from '../store/action';
import { mediaEnded, mediaPaused, mediaPlaying, mediaTimeUpdated, playbackPaused, playbackPlayed, playbackProgressed, playbackTrackChanged } from './actions';
import { advanceDecisions, capDecisions, currentTrackList, previewDurationMs } from './preview-decisions';
import type { WidgetState } from './state';
import type { WidgetEpic } from './widget-epic';

/**
 * spec 000 §7 "Player events consumed": the audio element's facts become the player events the
 * widget's playback state follows (spec 000 §4 table). A track change is announced only when the
 * playing track's uri differs from the current one (spec 001 §4 Commands, events forwarded).
 */
export const playerEventsEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    mergeMap((a): Action[] => {
      if (mediaPlaying.match(a)) return [...trackChange(state$.value), playbackPlayed()];
      if (mediaPaused.match(a)) return [playbackPaused()];
      if (mediaTimeUpdated.match(a)) return [playbackProgressed({ progress: a.positionMs })];
      return [];
    }),
  );

function trackChange(state: WidgetState): Action[] {
  const { index } = state.player;
  const track = index === null ? undefined : currentTrackList(state)[index];
  if (track === undefined || track.uri === state.playback.trackUri) return [];
  return [playbackTrackChanged({ uri: track.uri, durationMs: previewDurationMs(track) })];
}

/** spec 001 §4 Preview player: when a track ends the player moves to the next one (see advanceDecisions). */
export const trackEndedEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(mediaEnded.match),
    // The reducer ignores a stale end (from the track before a load); so does this epic.
    filter(() => state$.value.player.status === 'ended'),
    mergeMap(() => advanceDecisions(state$.value)),
  );

/** spec 000 §4 Preview mode: the cap holds even for files longer than 30 s. */
export const previewCapEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(mediaTimeUpdated.match),
    map((a) => capDecisions(state$.value, a.positionMs)),
    mergeMap((decisions) => decisions),
  );
