import { EMPTY, merge, of } from 'rxjs';
import { catchError, filter, ignoreElements, map, mergeMap, withLatestFrom } from 'rxjs/operators';
import { mediaFailed } from '../actions';
import { PLAYER_CALL_FAILED } from '../audio-effects.epic';
import type { WidgetEpic } from '../widget-epic';
import { muteToggled, volumeChanged, volumeRestored, volumeSaveFailed } from './actions';
import { selectRemoteVolume } from '../remote/state';
import { selectVolume } from './state';
import { formatStoredVolume, VOLUME_STORAGE_KEY } from './stored-volume';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Applies the volume to the audio element after every volume action (the reducer has settled the
 * level by then: mute brings back the last audible volume), and stores the visitor's own choices
 * (not a restored one, which is stored already) so the next embed starts at the same volume.
 */
export const volumeEpic: WidgetEpic = (action$, state$, deps) => {
  const volume$ = action$.pipe(
    filter((a) => volumeChanged.match(a) || muteToggled.match(a) || volumeRestored.match(a)),
    withLatestFrom(state$),
    // The slider and mute button of another device's volume (issue 16) leave this browser's element and stored volume alone.
    filter(([action, state]) => volumeRestored.match(action) || selectRemoteVolume(state) === null),
    map(([action, state]) => ({ action, level: selectVolume(state) })),
  );
  return merge(
    volume$.pipe(
      mergeMap(({ level }) =>
        deps.audio.setVolume(level).pipe(
          ignoreElements(),
          catchError((err: unknown) => of(mediaFailed({ code: PLAYER_CALL_FAILED, message: messageOf(err) }))),
        ),
      ),
    ),
    volume$.pipe(
      mergeMap(({ action, level }) =>
        volumeRestored.match(action)
          ? EMPTY
          : deps.storage.write(VOLUME_STORAGE_KEY, formatStoredVolume(level)).pipe(
              ignoreElements(),
              catchError((err: unknown) => of(volumeSaveFailed({ err: messageOf(err) }))),
            ),
      ),
    ),
  );
};
