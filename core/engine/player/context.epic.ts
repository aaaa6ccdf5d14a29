import { isLeft } from 'fp-ts/Either';
import { filter, mergeMap } from 'rxjs/operators';
import { formatDecodeErrors } from '../../model/decode-errors';
import type { Action } from '../../store/action';
import { localStateChanged, playTokenLost, remoteLogOut, remotePing, stateCleared, stateLoaded, stateModified, stateUpdateRequested } from '../device/actions';
import { userCapped } from '../drm/actions';
import { listClearRequested, listLoadRequested, navigationRequested } from '../lists/actions';
import { mediaPauseRequested, mediaPlayRequested, mediaSeekRequested, mediaStopRequested } from '../media/actions';
import { machineLoaded, machineRejected } from './actions';
import type { EngineState, PlayerEpic } from './deps';
import { playbackStatsOf } from './playback-stats';
import { hasMp4File, StateMachine, stateOfRef } from './state-machine';

const at = (state: EngineState, now: number) => ({
  position: state.media.positionMs,
  duration: state.media.plan?.durationMs ?? 0,
  playbackStats: playbackStatsOf(state, now),
});

/** spec 001 §4 replace_state on a different state: start its context from the state's track. */
export function loadedContext(action: ReturnType<typeof stateLoaded>, state: EngineState): Action[] {
  const decoded = StateMachine.decode(action.stateMachine);
  if (isLeft(decoded)) return [machineRejected({ err: `Invalid state machine: ${formatDecodeErrors(decoded.left)}` })];
  const machine = decoded.right;
  const current = stateOfRef(machine, action.stateRef);
  if (current === null) return [machineRejected({ err: `State ${action.stateRef.state_id} is not in machine ${machine.state_machine_id}` })];
  const startMs = action.seekTo ?? current.seek_to ?? current.initial_playback_position;
  return [
    machineLoaded({ machine, index: current.track, startMs, autoplay: !action.stateRef.paused }),
    // A track without an MP4 file cannot be played here: the list player skips it (spec 001 §4).
    listLoadRequested({
      tracks: machine.tracks.map((t) => ({ uri: t.metadata.uri, playable: hasMp4File(t), ...(t.metadata.provider === 'queue' ? { queued: true } : {}) })),
      startIndex: current.track,
    }),
    // The context this client asked to play starts with its reason; one another device sent, 'remote'.
    navigationRequested({ direction: 'next', reason: state.player.pendingReason ?? 'remote' }),
  ];
}

/**
 * spec 001 §4 Device service client, as the player carries it out: a new state starts its
 * context; the same state pauses, resumes or seeks; no state (or a remote log-out, or a cap)
 * stops and clears; a lost play token pauses; a remote ping is answered with a state update.
 */
export const contextEpic: PlayerEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(
      (a) =>
        stateLoaded.match(a) ||
        stateModified.match(a) ||
        stateCleared.match(a) ||
        remoteLogOut.match(a) ||
        playTokenLost.match(a) ||
        userCapped.match(a) ||
        remotePing.match(a),
    ),
    mergeMap((a): Action[] => {
      const state = state$.value;
      // spec 001 §4: ping is a handled remote command and 'ping' a state update reason: the device answers with where it is.
      if (remotePing.match(a)) return [stateUpdateRequested({ reason: 'ping', ...at(state, deps.clock.now()) })];
      if (stateLoaded.match(a)) return loadedContext(a, state);
      if (stateModified.match(a)) {
        // A track still loading counts as playing when it will start on its own (autoplay).
        const { status, track } = state.media;
        const playing = status === 'playing' || status === 'buffering' || (status === 'loading' && track?.autoplay === true);
        const toggle = a.stateRef.paused && playing ? [mediaPauseRequested()] : !a.stateRef.paused && !playing ? [mediaPlayRequested()] : [];
        if (toggle.length === 0 && a.seekTo === null) {
          // Already as asked: no media fact will report it, so the device does now; that update is what
          // confirms the controller's ack_id (spec 001 §7), which otherwise times out.
          const synced = state.device.paused === a.stateRef.paused ? [] : [localStateChanged({ stateRef: a.stateRef })];
          return [...synced, stateUpdateRequested({ reason: a.stateRef.paused ? 'pause' : 'resume', ...at(state, deps.clock.now()) })];
        }
        return [...toggle, ...(a.seekTo === null ? [] : [mediaSeekRequested({ positionMs: a.seekTo })])];
      }
      if (playTokenLost.match(a)) return [mediaPauseRequested()];
      // spec 001 §4 "A cap event clears the list and state"; the state update names the cap.
      const now = deps.clock.now();
      const reason = [stateUpdateRequested({ reason: userCapped.match(a) ? 'capped' : 'state_clear', ...at(state, now) })];
      return [mediaStopRequested(), listClearRequested(), ...reason];
    }),
  );
