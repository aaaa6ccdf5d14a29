import { filter, map, mergeMap, scan, type Observable } from 'rxjs';
import type { ClientEventName, EngineEvent } from '../../contract';
import { playerInitFailed } from '../../contract';
import type { Action } from '../../store/action';
import { clusterUpdated } from '../connect/actions';
import { remoteLogOut, remoteVolumeSet, stateCleared } from '../device/actions';
import { drmFailed, userCapped } from '../drm/actions';
import { isLicenceError } from '../drm/eme-errors';
import { listEnded, maxListErrors, orderChanged, repeatChanged } from '../lists/actions';
import { mediaElementFact, mediaLoadRequested, mediaPausedEvent, mediaPlayerFailed, mediaTrackEnded } from '../media/actions';
import { videoStarted } from '../video/actions';
import { authenticated, connected, disconnected, reconnected, reconnecting } from '../transport/actions';
import { trackingStarted } from '../tracking/actions';
import { clientInitialised, playRestricted, progressed } from './actions';
import type { EngineState } from './deps';
import { remoteStateOf } from './remote-state';

/** The event (spec 001 §4 Events forwarded; core/contract/events.ts) an engine action makes for the widget, if any (the state is the engine's after the action). */
export function clientEventOf(action: Action, state: EngineState): EngineEvent | null {
  if (trackingStarted.match(action)) {
    const track = state.player.machine?.tracks.find((candidate) => candidate.metadata.uri === action.trackUri);
    return { kind: 'trackChanged', uri: action.trackUri, durationMs: track?.metadata.duration ?? 0 };
  }
  if (mediaElementFact.match(action) && action.kind === 'playing') return { kind: 'played' };
  if (mediaPausedEvent.match(action)) return { kind: 'paused' };
  if (progressed.match(action)) return { kind: 'progress', positionMs: action.positionMs };
  if (stateCleared.match(action) || remoteLogOut.match(action) || listEnded.match(action)) return { kind: 'reset' };
  // Issue 18: a video track's video is on the element (its chosen profile's size, its subtitles).
  if (videoStarted.match(action)) return { kind: 'videoChanged', video: { width: action.width, height: action.height, subtitles: action.subtitles } };
  // Issue 18: a video track's failure, with its spec 001 §8 text (audio tracks' failures stay the list player's).
  if (mediaPlayerFailed.match(action) && action.playId === state.media.playId && state.media.track?.video !== undefined) {
    return { kind: 'mediaFailed', code: action.code, message: action.message };
  }
  // A track without video starts: none is shown (forward() passes it only after a video).
  if (mediaLoadRequested.match(action) && state.media.track?.video === undefined) return { kind: 'videoChanged', video: null };
  if (playerInitFailed.match(action)) return { kind: 'initializationFailed', code: action.code, message: action.message };
  if (drmFailed.match(action) && isLicenceError(action.code)) return { kind: 'licenceFailed', code: action.code, message: action.message };
  if (playRestricted.match(action)) return { kind: 'itemUnavailable', contextUri: action.contextUri, index: action.index };
  // spec 001 §4 Events forwarded: volume changes (the widget's own it knows: a remote set_volume's).
  if (remoteVolumeSet.match(action)) return { kind: 'volume', volume: action.volume };
  // Issue 16 The controller: each cluster the remote-control client took, for the widget's remote-control view.
  if (clusterUpdated.match(action)) return { kind: 'remoteState', state: remoteStateOf(action.cluster) };
  // spec 001 §3 Playback state shuffle, repeat_mode: the page's shuffle and repeat buttons show the engine's, from
  // the client's start (spec 001 §4 Client lifecycle: initialised) and then at each change.
  if (clientInitialised.match(action) || orderChanged.match(action) || repeatChanged.match(action))
    return { kind: 'options', shuffle: state.list.shuffle, repeat: state.list.repeat };
  // spec 001 §4 List player: max-list-errors stopped the list, at the track that failed last.
  if (maxListErrors.match(action)) {
    const index = state.player.trackIndex ?? -1;
    return { kind: 'listStopped', reason: 'maxListErrors', index, uri: state.player.machine?.tracks[index]?.metadata.uri ?? '' };
  }
  return null;
}

/**
 * spec 001 §4 Events forwarded: active-state changes. This device is the active one while playback
 * is on it: registered, with a state (spec 001 §3 Device is_active). Device facts are where it changes.
 */
export const isActiveDevice = (state: EngineState): boolean => state.device.registration === 'registered' && state.device.stateRef !== null;

/**
 * spec 001 §4 Transport lifecycle "Client events", from the engine's own facts: the transport's
 * lifecycle (a reconnection's socket opening is not a new connection: reconnected says it), the
 * element waiting for data and playing again (buffering start and end; forward() keeps only a
 * change), a licence 402 (capped), a track's end, and an error the player cannot go on from (a
 * fatal media or DRM error: the unrecoverable failure that disables the local player).
 */
export function clientEventNameOf(action: Action): ClientEventName | null {
  if (connected.match(action)) return action.reconnect ? null : 'connected';
  if (authenticated.match(action)) return 'authenticated';
  if (reconnecting.match(action)) return 'reconnecting';
  if (reconnected.match(action)) return 'reconnected';
  if (disconnected.match(action)) return 'disconnected';
  if (mediaElementFact.match(action) && action.kind === 'waiting') return 'buffering_start';
  if (mediaElementFact.match(action) && action.kind === 'playing') return 'buffering_end';
  if (userCapped.match(action)) return 'playback_capped';
  if (mediaTrackEnded.match(action)) return 'track_ended';
  if ((mediaPlayerFailed.match(action) || drmFailed.match(action)) && action.fatal) return 'unrecoverable_failure';
  return null;
}

/** Every event an engine action makes for the widget, in order: the forwarded one, then its client event. */
export function clientEventsOf(action: Action, state: EngineState): EngineEvent[] {
  const forwarded = clientEventOf(action, state);
  const name = clientEventNameOf(action);
  const active: EngineEvent[] = action.type.startsWith('device/') ? [{ kind: 'activeChanged', active: isActiveDevice(state) }] : [];
  // Issue 18: after a reset no video plays either.
  const noVideo: EngineEvent[] = forwarded?.kind === 'reset' ? [{ kind: 'videoChanged', video: null }] : [];
  return [...(forwarded === null ? [] : [forwarded]), ...noVideo, ...(name === null ? [] : [{ kind: 'clientEvent' as const, name }]), ...active];
}

/**
 * spec 001 §4: a track change is forwarded when the current track uri differs, play or pause when
 * the paused flag changes; the rest as they come. `last` is what was forwarded before.
 */
export function isNews(
  event: EngineEvent,
  last: {
    readonly uri: string | null;
    readonly paused: boolean | null;
    readonly buffering?: boolean;
    readonly active?: boolean | null;
    readonly video?: boolean;
  },
): boolean {
  if (event.kind === 'trackChanged') return event.uri !== last.uri;
  // Buffering ends only where it started (the element plays without waiting first, too).
  if (event.kind === 'clientEvent' && event.name === 'buffering_start') return last.buffering !== true;
  if (event.kind === 'clientEvent' && event.name === 'buffering_end') return last.buffering === true;
  if (event.kind === 'activeChanged') return event.active !== (last.active ?? false);
  // Issue 18: the end of a video only after one started.
  if (event.kind === 'videoChanged') return event.video !== null || last.video === true;
  if (event.kind === 'played') return last.paused !== false;
  if (event.kind === 'paused') return last.paused !== true;
  return true;
}

/** What was forwarded so far, and the event to forward now (null: nothing new). */
export interface Forwarded {
  readonly uri: string | null;
  readonly paused: boolean | null;
  /** A buffering start was forwarded and its end not yet. */
  readonly buffering: boolean;
  /** The active state forwarded last (null: none yet, which counts as inactive). */
  readonly active: boolean | null;
  /** Issue 18: a video was forwarded and its end not yet. */
  readonly video: boolean;
  readonly event: EngineEvent | null;
}

export const nothingForwarded: Forwarded = { uri: null, paused: null, buffering: false, active: null, video: false, event: null };

/** The next step of forwarding (isNews): a reset forgets the track and the paused flag. */
export function forward(last: Forwarded, event: EngineEvent): Forwarded {
  if (!isNews(event, last)) return { ...last, event: null };
  if (event.kind === 'reset') return { ...nothingForwarded, active: last.active, video: last.video, event };
  if (event.kind === 'videoChanged') return { ...last, video: event.video !== null, event };
  if (event.kind === 'activeChanged') return { ...last, active: event.active, event };
  if (event.kind === 'clientEvent' && (event.name === 'buffering_start' || event.name === 'buffering_end'))
    return { ...last, buffering: event.name === 'buffering_start', event };
  if (event.kind === 'trackChanged') return { ...last, uri: event.uri, event };
  if (event.kind === 'played' || event.kind === 'paused') return { ...last, paused: event.kind === 'paused', event };
  return { ...last, event };
}

/**
 * The engine's event stream for its listeners (the widget through its engine port,
 * ui/engine/engine-client.ts): each action the store saw, with the state after it, made into
 * events and forwarded as spec 001 §4 says (forward above).
 */
export function engineEvents(actions$: Observable<Action>, state: () => EngineState): Observable<EngineEvent> {
  return actions$.pipe(
    mergeMap((action) => clientEventsOf(action, state())),
    scan(forward, nothingForwarded),
    map((forwarded) => forwarded.event),
    filter((event): event is EngineEvent => event !== null),
  );
}
