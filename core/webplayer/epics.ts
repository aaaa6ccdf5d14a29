import { merge, type Observable } from 'rxjs';
import { filter, map, mergeMap } from 'rxjs/operators';
import { ENDPOINTS, libraryRefused, removeTrack, requestFailed, requestRefused, saveTrack } from '../catalogue';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { saveAnswered, saveToggled, type WebPlayerState } from './state';

const PREFIX = 'webplayer-save-';

/**
 * Saving from the page (issue 17) goes through the request layer (core/catalogue saveTrack and
 * removeTrack, spec 001 §7 Collection service); its answer, or its failure or refusal, tells the
 * row whether the write held. The request id carries the save's number, so answers are told apart.
 */
export function webPlayerSaveEpic(action$: Observable<Action>, state$: StateObservable<{ readonly webplayer: WebPlayerState }>): Observable<Action> {
  const asked = new Map<string, { readonly id: string; readonly saved: boolean }>();
  const answered = (requestId: string, ok: boolean): Action[] => {
    const save = asked.get(requestId);
    if (save === undefined) return [];
    asked.delete(requestId);
    return [saveAnswered({ ...save, ok })];
  };
  return merge(
    action$.pipe(
      filter(saveToggled.match),
      mergeMap(() => {
        const save = state$.value.webplayer.save;
        const requestId = save === null ? '' : `${PREFIX}${save.seq}`;
        if (save === null || asked.has(requestId) || !state$.value.webplayer.loggedIn) return [];
        asked.set(requestId, { id: save.id, saved: save.saved });
        const uri = `spotify:track:${save.id}`;
        return [save.saved ? saveTrack({ requestId, uri }) : removeTrack({ requestId, uri })];
      }),
    ),
    action$.pipe(
      filter((a) => ENDPOINTS.collectionSaveTracks.answered.match(a) || ENDPOINTS.collectionRemoveTracks.answered.match(a)),
      mergeMap((a) => answered((a as { requestId: string }).requestId, true)),
    ),
    action$.pipe(
      filter((a) => requestFailed.match(a) || requestRefused.match(a) || libraryRefused.match(a)),
      map((a) => a as { requestId: string } & Action),
      mergeMap((a) => answered(a.requestId, false)),
    ),
  );
}
