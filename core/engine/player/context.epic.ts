import { isLeft } from 'fp-ts/Either';
import { filter, mergeMap } from 'rxjs/operators';
import { formatDecodeErrors } from '../../model/decode-errors';
import type { Action } from '../../store/action';
import { localStateChanged, playTokenLost, remoteLogOut, remotePing, stateCleared, stateLoaded, stateModified, stateUpdateRequested } from '../device/actions';
import { userCapped } from '../drm/actions';
import { listAdopted, listClearRequested, listLoadRequested, navigationRequested } from '../lists/actions';
import type { ListTrack } from '../lists/list-player';
import { mediaPauseRequested, mediaPlayRequested, mediaSeekRequested, mediaStopRequested } from '../media/actions';
import type { MediaStatus } from '../media/state';
import { machineAdopted, machineLoaded, machineRejected } from './actions';
import type { EngineState, PlayerEpic } from './deps';
import { playbackStatsOf } from './playback-stats';
import { hasMp4File, StateMachine, stateOfRef, type MachineState } from './state-machine';

const at = (state: EngineState, now: number) => ({
  position: state.media.positionMs,
  duration: state.media.plan?.durationMs ?? 0,
  playbackStats: playbackStatsOf(state, now),
});

/** The list player's tracks of a machine; a track without an MP4 file cannot be played here: the list player skips it (spec 001 §4). */
const listTracksOf = (machine: StateMachine): ListTrack[] =>
  machine.tracks.map((t) => ({ uri: t.metadata.uri, playable: hasMp4File(t), ...(t.metadata.provider === 'queue' ? { queued: true } : {}) }));

/** The media is on a track of the machine playing, loaded and playing, paused or rebuffering (not loading, ended, stopped or failed). */
const ON_A_TRACK: ReadonlySet<MediaStatus> = new Set<MediaStatus>(['playing', 'paused', 'buffering']);

/**
 * spec 001 §4 add to queue: a queue change is answered by a replace_state with a new machine (the
 * queued track in it) whose state plays the track playing. A listener expects what plays next to
 * change and nothing audible to happen now, so such a state is not loaded anew: the track goes on
 * as it is. It is one when the engine is on a track of its machine (the media loaded and playing,
 * paused or rebuffering, the list at that track, a playback tracked), the new state's track is that
 * one (the same uri, and the media's file is one of its files: an MP4 file or, for video, a video
 * source), paused as the media is, and the replace_state asks no seek: no seek_to in the command
 * (or one at the media's position) while the state names where the track is (its seek_to, where a
 * device that has to load the state starts: server/connect-state/commands.ts set_queue). A state
 * without seek_to plays its track from the start (a play of the context): that restarts it. spec
 * 001 §3 gives the state machine no playback id to compare.
 */
export function continuesPlaying(action: ReturnType<typeof stateLoaded>, state: EngineState, machine: StateMachine, current: MachineState): boolean {
  const { media, list, player } = state;
  if (!ON_A_TRACK.has(media.status) || media.track === null || player.playbackId === null || player.machine === null || player.trackIndex === null)
    return false;
  if ((list.status !== 'playing' && list.status !== 'paused') || list.index !== player.trackIndex) return false;
  const playingUri = player.machine.tracks[player.trackIndex]?.metadata.uri;
  const track = machine.tracks[current.track];
  if (track === undefined || track.metadata.uri !== playingUri) return false;
  const files = [...track.manifest.file_ids_mp4.map((f) => f.file_id), ...(track.manifest.manifest_ids_video ?? []).map((m) => m.manifest_id)];
  if (!files.includes(media.track.fileId) || action.stateRef.paused !== (media.status === 'paused')) return false;
  return (action.seekTo === null || action.seekTo === media.positionMs) && current.seek_to !== undefined;
}

/**
 * The new machine and list taken over around the track playing (continuesPlaying): the next and
 * previous tracks, what is fetched ahead and the state updates follow them, and the media is left
 * as it is (no stop, load or seek; no new tracking record, so no second playback start: the
 * playback, its id and its record go on under the new machine). The device already names the new
 * state ref (the device reducer took it from the replace_state); no media fact will report it, so
 * the device does now, which confirms the controller's ack_id (spec 001 §7) as for the same state.
 */
function adoptedContext(action: ReturnType<typeof stateLoaded>, state: EngineState, machine: StateMachine, current: MachineState, now: () => number): Action[] {
  return [
    machineAdopted({ machine, index: current.track }),
    listAdopted({ tracks: listTracksOf(machine), index: current.track }),
    stateUpdateRequested({ reason: action.stateRef.paused ? 'pause' : 'resume', ...at(state, now()) }),
  ];
}

/**
 * spec 001 §4 replace_state on a different state: start its context from the state's track, unless
 * the state plays on the track playing (continuesPlaying: a queue change), whose machine is adopted.
 * The clock is read only for an adoption's state update (a port call, answered from a replay's transcript).
 */
export function loadedContext(action: ReturnType<typeof stateLoaded>, state: EngineState, now: () => number = () => 0): Action[] {
  const decoded = StateMachine.decode(action.stateMachine);
  if (isLeft(decoded)) return [machineRejected({ err: `Invalid state machine: ${formatDecodeErrors(decoded.left)}` })];
  const machine = decoded.right;
  const current = stateOfRef(machine, action.stateRef);
  if (current === null) return [machineRejected({ err: `State ${action.stateRef.state_id} is not in machine ${machine.state_machine_id}` })];
  if (continuesPlaying(action, state, machine, current)) return adoptedContext(action, state, machine, current, now);
  const startMs = action.seekTo ?? current.seek_to ?? current.initial_playback_position;
  return [
    machineLoaded({ machine, index: current.track, startMs, autoplay: !action.stateRef.paused }),
    listLoadRequested({ tracks: listTracksOf(machine), startIndex: current.track }),
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
      if (stateLoaded.match(a)) return loadedContext(a, state, () => deps.clock.now());
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
