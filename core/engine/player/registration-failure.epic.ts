import { filter, map } from 'rxjs/operators';
import { playerInitFailed } from '../../contract';
import { LIST_PLAYER_NO_TRACK_PLAYER } from '../../contract';
import { registrationFailed } from '../device/actions';
import type { PlayerEpic } from './deps';

/**
 * spec 001 §4 Client lifecycle: "Local player is enabled on streamer registration and disabled on
 * deregistration, abort or an unrecoverable playback error". A fatal registration failure (spec 001
 * §8 Track-playback: 429 'Max connections reached'; 403 premium required, §6 "Registration by a
 * non-premium user is refused") leaves the local player disabled for good: the list player has no
 * track player (§8 List player "no track player"), which is an initialization failure of the
 * client (§4 Events forwarded; §8 Client state "Initialization failure is reported to listeners").
 * Its code is the one spec 000 §4 names for that case, so the widget falls back to the preview;
 * its message is the registration's own text (the failure's TP_* code stays on registrationFailed).
 * Reported once: an initialization failure that has already been reported is not reported again.
 */
export const registrationFailureEpic: PlayerEpic = (action$, state$) =>
  action$.pipe(
    filter(registrationFailed.match),
    filter((a) => a.fatal && state$.value.player.failure === null),
    map((a) => playerInitFailed({ code: LIST_PLAYER_NO_TRACK_PLAYER, message: a.err })),
  );
