import { of } from 'rxjs';
import { catchError, ignoreElements, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { localVolumeChanged, remoteVolumeSet } from '../device/actions';
import { commandRefused } from './actions';
import type { PlayerEpic } from './deps';

/**
 * spec 001 §4 Commands (set volume) and Device service client (remote set_volume): the level the
 * device settled on is the engine element's volume. (The device sends it to the provider: §7.)
 */
export const volumeEpic: PlayerEpic = (action$, _state$, deps) =>
  action$.pipe(
    mergeMap((a) => (localVolumeChanged.match(a) || remoteVolumeSet.match(a) ? [a.volume] : [])),
    mergeMap((volume) =>
      deps.mediaSource.setVolume(volume).pipe(
        ignoreElements(),
        catchError((err: unknown) => of<Action>(commandRefused({ command: 'volume', err: err instanceof Error ? err.message : String(err) }))),
      ),
    ),
  );
