/**
 * The whole engine of spec 001 as one store: the session, transport, device, list player, media
 * player, DRM and tracking pieces (each under core/engine/), joined by the player glue of this
 * folder (start-up and its failures, commands, contexts, track loads, media facts, progress and
 * its state updates). The widget talks to it through the client (ui/engine/): commands in
 * (src 'ui'), events out (client-events.ts).
 * Mount: `createStore({ reducer: engineReducer, epics: engineEpics(logging), deps, initialState: initialEngineState })`
 * with EngineDeps (core/engine/player/deps.ts).
 */
import type { Action } from '../../store/action';
import type { Epic } from '../../store/store';
import { connectEpics } from '../connect';
import { connectReducer } from '../connect/reducer';
import { initialConnectState } from '../connect/state';
import { deviceEpics } from '../device';
import { deviceReducer } from '../device/reducer';
import { initialDeviceState } from '../device/state';
import { drmEpics } from '../drm';
import { drmReducer } from '../drm/reducer';
import { initialDrmState } from '../drm/state';
import { emptyList } from '../lists/list-player';
import { listEpic } from '../lists/list.epics';
import { listReducer } from '../lists/reducer';
import { mediaEpics } from '../media';
import { mediaReducer } from '../media/reducer';
import { videoLoadEpic } from '../video/video.epic';
import { initialMediaState } from '../media/state';
import { sessionEpics } from '../session';
import { sessionReducer } from '../session/reducer';
import { initialSessionState } from '../session/state';
import { loggingEpics, trackingEpics, type LoggingConfig } from '../tracking';
import { trackingReducer } from '../tracking/reducer';
import { initialTrackingState } from '../tracking/state';
import { transportEpics } from '../transport';
import { transportReducer } from '../transport/reducer';
import { initialTransportState } from '../transport/state';
import { claimEpic } from './claim.epic';
import { commandsEpic } from './commands.epic';
import { contextEpic } from './context.epic';
import { PLAYER_CALLER, type EngineDeps, type EngineState } from './deps';
import { logsEpic } from './logs.epic';
import { diagnosticsEpic } from './diagnostics.epic';
import { mediaFactsEpic } from './media-facts.epic';
import { videoTrackingEpic } from './video-tracking.epic';
import { pageExitEpic } from './page-exit.epic';
import { trackPlayerEpic } from './track-player.epic';
import { productStateEpic } from './product-state.epic';
import { featureFlagEpic } from './feature-flag.epic';
import { progressEpic } from './progress.epic';
import { progressUpdatesEpic } from './progress-updates.epic';
import { playerReducer } from './reducer';
import { registrationFailureEpic } from './registration-failure.epic';
import { remoteRepeatEpic } from './remote-repeat.epic';
import { startEpic, tokenUpdatesEpic } from './start.epic';
import { initialPlayerState } from './state';
import { trackLoadEpic } from './track.epic';
import { nextTrackPreloadEpic } from './preload.epic';
import { volumeEpic } from './volume.epic';

export * from './actions';
export { PLAYER_CALLER, type EngineDeps, type EngineState, type PlayerConfig } from './deps';
export { NO_TOKEN_CODE } from './start.epic';
export { claimRequested, hasHiddenLocalState } from './claim.epic';

export const initialEngineState: EngineState = {
  session: initialSessionState,
  transport: initialTransportState(PLAYER_CALLER),
  device: initialDeviceState,
  connect: initialConnectState,
  list: emptyList,
  media: initialMediaState,
  drm: initialDrmState,
  tracking: initialTrackingState,
  player: initialPlayerState,
};

/**
 * The remote-control client's slice. A log recorded before it existed starts without one: it stays
 * absent until a connect action comes, so such a log folds and replays to its golden states as before.
 */
function connectOf(state: EngineState, action: Action): Partial<Pick<EngineState, 'connect'>> {
  const before = (state as Partial<EngineState>).connect;
  const after = connectReducer(before ?? initialConnectState, action);
  return before === undefined && after === initialConnectState ? {} : { connect: after };
}

export function engineReducer(state: EngineState, action: Action): EngineState {
  const next: EngineState = {
    session: sessionReducer(state.session, action),
    transport: transportReducer(state.transport, action),
    device: deviceReducer(state.device, action),
    list: listReducer(state.list, action),
    media: mediaReducer(state.media, action),
    drm: drmReducer(state.drm, action),
    tracking: trackingReducer(state.tracking, action),
    player: playerReducer(state.player, action),
    ...connectOf(state, action),
  } as EngineState;
  // An action no piece changed leaves the same state object (the store's subscribers compare it).
  const same = (Object.keys(next) as Array<keyof EngineState>).every((key) => next[key] === state[key]);
  return same ? state : next;
}

/**
 * Every epic of the engine, in the order the store subscribes them: the pieces first, then the
 * glue that joins them, so a fact is seen by its own piece before the glue turns it into others.
 */
export function engineEpics(logging: LoggingConfig): ReadonlyArray<Epic<EngineState, EngineDeps>> {
  return [
    ...sessionEpics,
    ...transportEpics,
    ...deviceEpics,
    ...connectEpics,
    listEpic,
    ...mediaEpics,
    videoLoadEpic,
    ...drmEpics,
    ...trackingEpics,
    ...loggingEpics(logging),
    startEpic,
    trackPlayerEpic,
    tokenUpdatesEpic,
    registrationFailureEpic,
    commandsEpic,
    contextEpic,
    remoteRepeatEpic,
    claimEpic,
    trackLoadEpic,
    nextTrackPreloadEpic,
    mediaFactsEpic,
    videoTrackingEpic,
    logsEpic,
    diagnosticsEpic,
    progressEpic,
    progressUpdatesEpic,
    volumeEpic,
    productStateEpic,
    featureFlagEpic,
    pageExitEpic,
  ];
}
