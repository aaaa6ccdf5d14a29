import { merge, of, type Observable } from 'rxjs';
import { catchError, filter, ignoreElements, mergeMap } from 'rxjs/operators';
import type { Action } from '../store/action';
import { mediaFailed, pauseDecided, playDecided, playRefused, seekDecided, trackLoadDecided, trackPrefetchDecided, trackUnavailable } from './actions';
import type { WidgetEpic } from './widget-epic';

/** spec 000 §8: the text used when an error carries no message. */
const NO_ERROR_MESSAGE = 'No error message';

/** A port call that failed outside the media element's own error event (spec 001 §8 PLAYER_*). */
export const PLAYER_CALL_FAILED = 'PLAYER_CALL_FAILED';

function messageOf(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return message === '' ? NO_ERROR_MESSAGE : message;
}

/** Runs a port call for its effect: subscribed (so it happens), its values ignored, its error turned into an action. */
function effect(call: Observable<unknown>, onError: (message: string) => Action): Observable<Action> {
  return call.pipe(
    ignoreElements(),
    catchError((err: unknown) => of(onError(messageOf(err)))),
  );
}

const callFailed = (message: string) => mediaFailed({ code: PLAYER_CALL_FAILED, message });

/**
 * The preview player's effects: each decision becomes one call on the audio element. They run in
 * decision order inside the same store turn, so the first click's load and play happen in the
 * click's own task.
 */
export const audioEffectsEpic: WidgetEpic = (action$, _state$, deps) =>
  merge(
    action$.pipe(
      filter(trackPrefetchDecided.match),
      mergeMap((a) => effect(deps.audio.prefetch(a.src), callFailed)),
    ),
    action$.pipe(
      filter(trackLoadDecided.match),
      mergeMap((a) => effect(deps.audio.load(a.src), callFailed)),
    ),
    action$.pipe(
      filter(playDecided.match),
      // spec 001 §4: a refused play() is silently ignored; recorded so a replay shows why nothing played.
      mergeMap(() => effect(deps.audio.play(), (message) => playRefused({ message }))),
    ),
    action$.pipe(
      // spec 000 §4: an unavailable track pauses the resource.
      filter((a) => pauseDecided.match(a) || trackUnavailable.match(a)),
      mergeMap(() => effect(deps.audio.pause(), callFailed)),
    ),
    action$.pipe(
      filter(seekDecided.match),
      mergeMap((a) => effect(deps.audio.seek(a.positionMs), callFailed)),
    ),
  );
