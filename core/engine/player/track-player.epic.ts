import { filter, mergeMap } from 'rxjs/operators';
import { playerInitFailed } from '../../contract';
import { LIST_PLAYER_NO_TRACK_PLAYER } from '../../contract';
import { clientInitialised } from './actions';
import type { PlayerEpic } from './deps';

/** spec 001 §8 List player names "no track player"; the text is ours. */
export const NO_TRACK_PLAYER = 'No track player: this browser cannot play the media through MediaSource.';

/**
 * spec 001 §8 Reactions: a player initialization failure with no track player switches to
 * preview mode (spec 000 §4). A browser whose MediaSource cannot play the provider's files (or
 * that has none) has no track player, which is known as soon as the client is initialised.
 */
export const trackPlayerEpic: PlayerEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(clientInitialised.match),
    mergeMap(() =>
      deps.mediaSource.isTypeSupported(deps.media.mimeType) ? [] : [playerInitFailed({ code: LIST_PLAYER_NO_TRACK_PLAYER, message: NO_TRACK_PLAYER })],
    ),
  );
