import { playsVideo } from './track.epic';
import { VIDEO_CONTENT_TYPES } from '../video/profiles';
import { merge, of } from 'rxjs';
import { filter, map, mergeMap, take } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { playerInitFailed } from '../../contract';
import { featureFlagRequested } from '../device/actions';
import { SEND_ALL_STATE_UPDATES } from '../device/feature-flag';
import { drmSetupRequested } from '../drm/actions';
import { sessionLoadRequested, sessionLoaded, tokenProvided, tokenReceived, tokenRefreshFailed, tokenRequested } from '../session/actions';
import { connectRequested, tokenUpdated } from '../transport/actions';
import { clientInitialised } from './actions';
import { PLAYER_CALLER, type PlayerEpic } from './deps';

/** spec 001 §4 Auth: "anonymous users get no controller"; the widget then keeps the preview. */
export const NO_TOKEN_CODE = 'SESSION_NO_TOKEN';
/** spec 001 §8 Client state, verbatim: a token that is missing or anonymous is no token for this client. */
export const INVALID_TOKEN = 'Token provider returned an invalid token';

/**
 * spec 001 §4 Client lifecycle and Auth: once initialised the client loads the session, asks for
 * a token, and with it connects the transport (which registers the device on its connection id)
 * and sets up the DRM (whose key-system choice may fail the initialization: spec 000 §4 then
 * falls back to preview), and asks for the feature flag that limits state updates. No token: an
 * initialization failure, and no controller.
 */
export const startEpic: PlayerEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(clientInitialised.match),
    take(1),
    mergeMap(() => {
      const served$ = action$.pipe(
        filter(
          (a) =>
            (tokenProvided.match(a) && a.caller === PLAYER_CALLER) ||
            (tokenReceived.match(a) && a.callers.includes(PLAYER_CALLER)) ||
            (tokenRefreshFailed.match(a) && a.callers.includes(PLAYER_CALLER)),
        ),
        take(1),
        mergeMap((a): Action[] => {
          const token = state$.value.session.accessToken;
          if (tokenRefreshFailed.match(a) || token === null || state$.value.session.isAnonymous !== false) {
            return [playerInitFailed({ code: NO_TOKEN_CODE, message: tokenRefreshFailed.match(a) ? a.err : INVALID_TOKEN })];
          }
          return [
            connectRequested({ caller: PLAYER_CALLER, resolveUrl: deps.player.resolveUrl }),
            drmSetupRequested({
              ...deps.player.drm,
              applicationCertificateUrl: deps.player.drm.applicationCertificateUrl,
              // Issue 18: an engine that plays video asks the key system for video too (spec 001 §9 robustness profiles).
              videoContentTypes: playsVideo(deps) ? [...VIDEO_CONTENT_TYPES] : undefined,
            }),
            // spec 001 §4 State update sends: whether they are limited comes from this cell, fetched once.
            featureFlagRequested({ name: SEND_ALL_STATE_UPDATES }),
          ];
        }),
      );
      const asked$ = action$.pipe(
        filter(sessionLoaded.match),
        take(1),
        mergeMap(() => of(tokenRequested({ caller: PLAYER_CALLER, reason: 'init' }))),
      );
      // The session is loaded last, so the answers above are listened for before it can answer.
      return merge(served$, asked$, of(sessionLoadRequested({ accountsUrl: deps.player.accountsUrl })));
    }),
  );

/** spec 001 §4 Auth "token update": the transport hears of every refreshed token (it reads it from the session) and authenticates again. */
export const tokenUpdatesEpic: PlayerEpic = (action$) =>
  action$.pipe(
    filter(tokenReceived.match),
    map(() => tokenUpdated()),
  );
