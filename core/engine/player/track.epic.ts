import { filter, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { localStateChanged, stateUpdateRequested } from '../device/actions';
import { restartRequested, trackLoadRequested } from '../lists/actions';
import { mediaLoadRequested, mediaSeekRequested } from '../media/actions';
import { finaliseRequested, trackingStarted } from '../tracking/actions';
import { LIST_PLAYER_PLAYED_THRESHOLD_MS } from '../tracking/constants';
import { trackingKeySystem } from '../drm/key-systems';
import { estimate } from '../media/bandwidth-estimator';
import type { EngineState, PlayerEpic } from './deps';
import { playbackIdOf } from './playback-id';
import { fileOfTrack, refOfTrack, videoSourceOfTrack } from './state-machine';
import { videoSourceChosen } from '../video/actions';
import type { EngineDeps } from './deps';

/**
 * Issue 18: this engine plays video tracks (spec 001 §3 manifest_formats with manifest_ids_video):
 * it has a video element's source port, the video manifest's address and says video_playback.
 */
export const playsVideo = (deps: Pick<EngineDeps, 'video' | 'media' | 'device'>): boolean =>
  deps.video !== undefined && deps.media.videoManifestBase !== undefined && deps.device.descriptor.capabilities.video_playback;

/** spec 001 §9 Codecs: the AAC the provider packages. */
export const AUDIO_CODEC = 'mp4a.40.2';

/**
 * What loading track `index` of the machine means to each piece: the media player loads its file,
 * the playback before it is finalised (spec 001 §4 Tracking, ended by the navigation's reason),
 * the device names the new state and says before_track_load, and tracking starts a record (with
 * the list player's played threshold). The load comes first (issue 15, gapless): the store runs
 * each action's epics in turn, so the bookkeeping after it no longer delays the new MediaSource;
 * what the load's epics emit still comes after trackingStarted, and the bookkeeping's payloads
 * are taken from the state before the load.
 */
export function trackLoadActions(action: ReturnType<typeof trackLoadRequested>, state: EngineState, now: number, video = false): Action[] {
  const { machine, playbackId, instanceId, playbacks, startMs, autoplay } = state.player;
  const track = machine?.tracks[action.index];
  // spec 001 §9: the bandwidth estimate at this load picks the track's file (fileOfTrack).
  const file = track === undefined ? null : fileOfTrack(track, estimate(state.media.bandwidth));
  const ref = machine === null ? null : refOfTrack(machine, action.index, !autoplay);
  if (machine === null || track === undefined || file === null || ref === null) return [];
  const finalise = playbackId === null ? [] : [finaliseRequested({ playbackId, at: now, positionMs: state.media.positionMs, reasonEnd: action.reason })];
  const nextId = playbackIdOf(instanceId, playbacks);
  // Issue 18: a video track loads its video source; its id is the load's file id (the licence's content id, spec 001 §7).
  const sourceId = videoSourceOfTrack(track, video);
  const fileId = sourceId ?? file.file_id;
  return [
    ...(sourceId === null ? [] : [videoSourceChosen({ sourceId })]),
    // Every MP4 file of the provider is CENC-packaged (issue 4): its ended is synthesised (spec 001 §4).
    mediaLoadRequested({ fileId, protected: true, isAd: false, startMs, autoplay }),
    ...finalise,
    localStateChanged({ stateRef: ref }),
    // The new playback has no stats yet; the last one's went with its finalisation.
    stateUpdateRequested({ reason: 'before_track_load', position: startMs, duration: track.metadata.duration, playbackStats: null }),
    trackingStarted({
      playbackId: nextId,
      trackUri: track.metadata.uri,
      fileId,
      at: now,
      startPositionMs: startMs,
      reasonStart: action.reason,
      initiallyPaused: !autoplay,
      // spec 001 §4 Tracking, §9: "30000 ms set by the list player per track" (31000 elsewhere).
      playedThresholdMs: LIST_PLAYER_PLAYED_THRESHOLD_MS,
      // spec 001 §3 names (widevine, playready, none; clearkey ours): every file of this provider is protected.
      keySystem: trackingKeySystem(state.drm.keySystem, true),
      audioCodec: AUDIO_CODEC,
      bitrate: file.bitrate,
    }),
  ];
}

/** The list player's track loads, carried out (trackLoadActions); smart previous's restart seeks to the start. */
export const trackLoadEpic: PlayerEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((a) => trackLoadRequested.match(a) || restartRequested.match(a)),
    mergeMap((a): Action[] =>
      trackLoadRequested.match(a) ? trackLoadActions(a, state$.value, deps.clock.now(), playsVideo(deps)) : [mediaSeekRequested({ positionMs: 0 })],
    ),
  );
