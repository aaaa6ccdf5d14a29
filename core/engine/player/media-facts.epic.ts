import { defer } from 'rxjs';
import { mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { localStateChanged, stateUpdateRequested } from '../device/actions';
import type { StateUpdateReason } from '../device/state-update';
import { listEnded, listTrackFailed, listTrackFinished, listTrackLoaded, listTrackPaused, listTrackPlaying, maxListErrors } from '../lists/actions';
import { fragmentFetched, mediaElementFact, mediaPausedEvent, mediaPlayerFailed, mediaSeekRequested, mediaTrackEnded } from '../media/actions';
import {
  bytesReceived,
  durationKnown,
  finaliseRequested,
  playbackErrored,
  playedThresholdReached,
  stallEnded,
  stallStarted,
  startedPlaying,
  trackPaused,
  trackPlaying,
  trackSeeked,
  trackingFinalised,
} from '../tracking/actions';
import type { EngineState, PlayerEpic } from './deps';
import { playbackStatsOf } from './playback-stats';

/** A state update (spec 001 §4 State update sends) at the media's position (or `position`), with the track's duration and the playback's stats at `now`. */
export const update = (reason: StateUpdateReason, state: EngineState, now: number, position = state.media.positionMs): Action =>
  stateUpdateRequested({ reason, position, duration: state.media.plan?.durationMs ?? 0, playbackStats: playbackStatsOf(state, now) });

/**
 * The device's ref with a new paused flag, when it changes: the ref's own flag, or the device's (a
 * controller's replace_state sets the ref's flag before the media pauses or plays).
 */
function pausedRef(state: EngineState, paused: boolean): Action[] {
  const ref = state.device.stateRef;
  return ref === null || (ref.paused === paused && state.device.paused === paused) ? [] : [localStateChanged({ stateRef: { ...ref, paused } })];
}

/**
 * The media player's facts, told to the pieces that follow playback: the list player (loaded,
 * playing, paused, finished, failed: spec 001 §4 List player), tracking (spec 001 §3 record, §4
 * Tracking) and the device's state updates with their reasons (spec 001 §4 State update sends).
 */
export const mediaFactsEpic: PlayerEpic = (action$, state$, deps) =>
  defer(() => {
    // A waiting element is a stall until it plays again (spec 001 §3 record: stalls).
    let stalled = false;
    let everPlayed = false;
    // The state seen here is after the action: a seek has already moved the media position, so
    // where it came from (spec 001 §3 record: seeks back and forward) is the position before it.
    let positionBefore = state$.value.media.positionMs;
    return action$.pipe(
      mergeMap((a): Action[] => {
        const state = state$.value;
        const fromMs = positionBefore;
        positionBefore = state.media.positionMs;
        const playbackId = state.player.playbackId;
        if (playbackId === null) return [];
        if (mediaElementFact.match(a)) {
          if (a.kind === 'loadedmetadata') {
            // A MediaSource's element knows no duration until the stream ends: the seek table's is the track's.
            return [
              listTrackLoaded({ index: state.player.trackIndex ?? -1 }),
              durationKnown({ playbackId, durationMs: state.media.plan?.durationMs ?? a.durationMs }),
            ];
          }
          if (a.kind === 'waiting' && !stalled && everPlayed) {
            stalled = true;
            return [stallStarted({ playbackId, at: deps.clock.now() })];
          }
          if (a.kind === 'playing') {
            // Read only where a record needs the time: the clock is a port call, and this epic sees every action.
            const at = deps.clock.now();
            const ended = stalled ? [stallEnded({ playbackId, at })] : [];
            const resumed = state.device.paused ? [...pausedRef(state, false), update('resume', state, at)] : [];
            stalled = false;
            everPlayed = true;
            return [...ended, listTrackPlaying(), trackPlaying({ playbackId, at }), ...resumed];
          }
          return [];
        }
        // spec 001 §4: the pause event comes 10 ms after the pause.
        if (mediaPausedEvent.match(a)) {
          const at = deps.clock.now();
          return [listTrackPaused(), trackPaused({ playbackId, at }), ...pausedRef(state, true), update('pause', state, at)];
        }
        if (mediaSeekRequested.match(a)) {
          const at = deps.clock.now();
          return [trackSeeked({ playbackId, at, fromMs, toMs: a.positionMs }), update('position_changed', state, at, a.positionMs)];
        }
        if (mediaTrackEnded.match(a)) return [listTrackFinished()];
        if (mediaPlayerFailed.match(a)) {
          return [playbackErrored({ playbackId }), update('error', state, deps.clock.now()), listTrackFailed({ allowsNext: !a.fatal })];
        }
        if (fragmentFetched.match(a)) {
          const url = state.media.resolved?.urls[0] ?? '';
          return [bytesReceived({ playbackId, url, bytes: a.bytes, durationMs: a.elapsedMs })];
        }
        if (startedPlaying.match(a) && a.playbackId === playbackId) return [update('started_playing', state, deps.clock.now())];
        if (playedThresholdReached.match(a) && a.playbackId === playbackId) return [update('played_threshold_reached', state, deps.clock.now())];
        if (trackingFinalised.match(a)) return [update('track_data_finalized', state, deps.clock.now(), a.positionMs)];
        // spec 001 §4 List player: at the end the list clears; the last playback ends with it.
        if (listEnded.match(a)) return [finaliseRequested({ playbackId, at: deps.clock.now(), positionMs: state.media.positionMs, reasonEnd: 'endplay' })];
        // spec 001 §4: max-list-errors stops the list instead of advancing: the failed playback ends there.
        if (maxListErrors.match(a))
          return [finaliseRequested({ playbackId, at: deps.clock.now(), positionMs: state.media.positionMs, reasonEnd: 'trackerror' })];
        return [];
      }),
    );
  });
