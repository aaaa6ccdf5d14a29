import type { Action } from '../../store/action';
import { mediaPlayerFailed } from './actions';
import { recordError } from './fatal-on-next';
import type { MediaState } from './state';

/**
 * The mediaPlayer/failed action of an error of spec 001 §8 for the load `playId`. fatal follows
 * the fatal-on-next flag of spec 001 §4 (set by a stop after a decode or not-supported error on a
 * protected non-ad track); the reducer records the error the same way.
 */
export function failure(media: MediaState, playId: number, error: { readonly code: string; readonly message: string; readonly detail?: string }): Action {
  const track = media.track ?? { protected: false, isAd: false };
  return mediaPlayerFailed({
    playId,
    code: error.code,
    message: error.message,
    fatal: recordError(media.fatalOnNext, error.code, track).fatal,
    detail: error.detail ?? null,
  });
}
