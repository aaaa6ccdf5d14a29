import { catchError, concat, filter, map, mergeMap, of, switchMap, take, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { playerInitFailed } from '../../contract';
import { drmSetupRequested, keySystemSelected, mediaKeysAttached } from './actions';
import type { DrmDeps, DrmEpic } from './deps';
import { emeApiNotSupported, mediaKeysNotSupported, noSupportedKeySystem, setMediaKeysFailed, type DrmError } from './eme-errors';
import { keySystemCandidates, videoKeySystemCandidates } from './key-systems';

/** spec 001 §8 Reactions: a setup failure is a player initialization failure (the widget may fall back to preview). */
const initFailed = (error: DrmError): Action => playerInitFailed({ code: error.code, message: error.message });

/** Creates the media keys of the granted system and sets them on the audio element. */
function attach(deps: DrmDeps, keySystem: string): Observable<Action> {
  return concat(
    of(keySystemSelected({ keySystem })),
    deps.eme.createMediaKeys().pipe(
      take(1),
      mergeMap(() =>
        deps.eme.setMediaKeys().pipe(
          take(1),
          map(() => mediaKeysAttached({ keySystem })),
          catchError(() => of(initFailed(setMediaKeysFailed()))),
        ),
      ),
      catchError(() => of(initFailed(mediaKeysNotSupported()))),
    ),
  );
}

/**
 * spec 001 §3/§9: asks the browser for the key systems in order (Widevine, PlayReady, PlayReady
 * hardware, then ClearKey for the local provider) and attaches the first granted one. None:
 * 'No supported keysystem was found.'; no EME at all: API not supported (spec 001 §8, fatal).
 * A newer setup cancels an older one.
 */
export const keySystemEpic: DrmEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(drmSetupRequested.match),
    switchMap((setup) =>
      deps.eme
        .requestMediaKeySystemAccess(
          setup.videoContentTypes === undefined
            ? keySystemCandidates(setup.localProvider)
            : videoKeySystemCandidates(setup.localProvider, setup.videoContentTypes),
        )
        .pipe(
          take(1),
          mergeMap((keySystem) => (keySystem === null ? of(initFailed(noSupportedKeySystem())) : attach(deps, keySystem))),
          catchError(() => of(initFailed(emeApiNotSupported()))),
        ),
    ),
  );
