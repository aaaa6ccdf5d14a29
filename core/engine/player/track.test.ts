import { localStateChanged, stateUpdateRequested } from '../device/actions';
import { restartRequested, trackLoadRequested } from '../lists/actions';
import { fragmentFetched, mediaLoadRequested } from '../media/actions';
import { finaliseRequested, trackingStarted } from '../tracking/actions';
import { playbackIdOf } from './playback-id';
import { engineState, INSTANCE_ID, stateMachine, stateRef, trackUri } from './testing/engine-state';
import { only, runPlayer } from './testing/run-player';
import { AUDIO_CODEC, trackLoadActions, trackLoadEpic } from './track.epic';
import { estimate } from '../media/bandwidth-estimator';
import { LIST_PLAYER_PLAYED_THRESHOLD_MS, PLAYED_THRESHOLD_MS } from '../tracking/constants';
import { videoSourceChosen } from '../video/actions';

const KEY_SYSTEM = 'com.widevine.alpha';

/** A machine loaded by a paused replace_state starting at 5 s, one playback before it (p-old at 42 s). */
const afterPlayback = () =>
  engineState({
    player: { machine: stateMachine(3), trackIndex: 0, playbackId: 'p-old', playbacks: 4, startMs: 5000, autoplay: false },
    media: { positionMs: 42000 },
    drm: { keySystem: KEY_SYSTEM },
  });

describe('trackLoadActions (spec 001 §4 List player, Tracking, State update sends)', () => {
  it('loads the best file first (issue 15, gapless), then finalises the previous playback with the navigation reason, names the new state, says before_track_load and starts tracking', () => {
    const machine = stateMachine(3);
    const track = machine.tracks[1]!;
    expect(trackLoadActions(trackLoadRequested({ index: 1, uri: trackUri(1), reason: 'fwdbtn' }), afterPlayback(), 1234)).toEqual([
      // Every MP4 file of the provider is CENC-packaged: protected, its ended synthesised.
      mediaLoadRequested({ fileId: 'f1-160', protected: true, isAd: false, startMs: 5000, autoplay: false }),
      // Taken from the state before the load: the old playback's position, not the new load's 0.
      finaliseRequested({ playbackId: 'p-old', at: 1234, positionMs: 42000, reasonEnd: 'fwdbtn' }),
      // The replace_state was paused: the ref says so until it plays.
      localStateChanged({ stateRef: stateRef('s1', true) }),
      stateUpdateRequested({ reason: 'before_track_load', position: 5000, duration: track.metadata.duration, playbackStats: null }),
      trackingStarted({
        playbackId: playbackIdOf(INSTANCE_ID, 4),
        trackUri: trackUri(1),
        fileId: 'f1-160',
        at: 1234,
        startPositionMs: 5000,
        reasonStart: 'fwdbtn',
        initiallyPaused: true,
        playedThresholdMs: LIST_PLAYER_PLAYED_THRESHOLD_MS,
        // spec 001 §3: the record names the key system widevine, playready or none (not the EME name).
        keySystem: 'widevine',
        audioCodec: AUDIO_CODEC,
        bitrate: 160000,
      }),
    ]);
  });

  it('the first playback has nothing to finalise', () => {
    const state = engineState({ player: { machine: stateMachine(2), playbackId: null } });
    const actions = trackLoadActions(trackLoadRequested({ index: 0, uri: trackUri(0), reason: 'remote' }), state, 0);
    expect(actions.map((a) => a.type)).toEqual(['mediaPlayer/loadRequested', 'device/localStateChanged', 'device/stateUpdateRequested', 'tracking/started']);
  });

  it("spec 001 §4 Tracking, §9: the list player sets a played threshold of 30000 ms on each track, not tracking's default 31000 nor the state machine's ms_played_until_update", () => {
    const state = engineState({ player: { machine: stateMachine(2, { tracks: { 0: { ms_played_until_update: 12345 } } }) } });
    const started = trackLoadActions(trackLoadRequested({ index: 0, uri: trackUri(0), reason: 'remote' }), state, 0).find(trackingStarted.match);
    expect(started?.playedThresholdMs).toBe(30000);
    expect(PLAYED_THRESHOLD_MS).toBe(31000);
  });

  it.each([
    ['no machine loaded', engineState(), 0],
    ['an index the machine does not have', engineState({ player: { machine: stateMachine(2) } }), 5],
    ['a track without an MP4 file', engineState({ player: { machine: stateMachine(2, { tracks: { 1: { manifest: { file_ids_mp4: [] } } } }) } }), 1],
  ])('loads nothing for %s', (_rule, state, index) => {
    expect(trackLoadActions(trackLoadRequested({ index, uri: trackUri(index), reason: 'remote' }), state, 0)).toEqual([]);
  });
});

describe('trackLoadEpic (spec 001 §4 List player, Smart previous)', () => {
  it("carries out the list player's track loads at the clock's time, and a restart seeks to the start", () => {
    const state = engineState({ player: { machine: stateMachine(2) } });
    const { log } = runPlayer([trackLoadEpic], state, [
      [3, trackLoadRequested({ index: 0, uri: trackUri(0), reason: 'clickrow' })],
      [9, restartRequested()],
    ]);
    expect(log.map(([t, type]) => [t, type])).toEqual([
      [3, 'mediaPlayer/loadRequested'],
      [3, 'device/localStateChanged'],
      [3, 'device/stateUpdateRequested'],
      [3, 'tracking/started'],
      [9, 'mediaPlayer/seekRequested'],
    ]);
    expect(log[3]?.[2]).toMatchObject({ at: 3, reasonStart: 'clickrow' });
    expect(log[4]?.[2]).toEqual({ positionMs: 0 });
  });
});

describe("the bandwidth estimate picks the next track's file (spec 001 §9 Estimator, Video quality)", () => {
  // The first load is play id 1; its fetches carry it (a stale one would not be sampled).
  const fetched = (at: number, bytes: number, elapsedMs: number, index: number) =>
    [at, fragmentFetched({ playId: 1, clears: 0, index, key: `k${index}`, bytes, elapsedMs })] as const;
  const load = (at: number, index: number, reason: 'clickrow' | 'trackdone' = 'trackdone') =>
    [at, trackLoadRequested({ index, uri: trackUri(index), reason })] as const;
  const loadedFiles = (log: ReturnType<typeof runPlayer>['log']) => only(log, 'mediaPlayer/loadRequested').map(([t, , payload]) => [t, payload?.['fileId']]);

  it('a slow link (100000 bytes per 4 s: 200000 bit/s, not above 260000) gets the 96 kbit/s file for the next track', () => {
    const { log, state } = runPlayer([trackLoadEpic], engineState({ player: { machine: stateMachine(3) } }), [
      load(1, 0, 'clickrow'),
      fetched(10, 100000, 4000, 0),
      fetched(20, 100000, 4000, 1),
      load(30, 1),
    ]);
    expect(Math.round(estimate(state().media.bandwidth))).toBe(200000);
    // The first track is loaded on the default estimate (400000 bit/s): 160.
    expect(loadedFiles(log)).toEqual([
      [1, 'f0-160'],
      [30, 'f1-96'],
    ]);
    expect(only(log, 'tracking/started').map(([, , p]) => p?.['bitrate'])).toEqual([160000, 96000]);
  });

  it('a fast link (100000 bytes per 100 ms: 8 Mbit/s) gets the 160 kbit/s file', () => {
    const { log } = runPlayer([trackLoadEpic], engineState({ player: { machine: stateMachine(3) } }), [
      load(1, 0, 'clickrow'),
      fetched(10, 100000, 100, 0),
      fetched(20, 100000, 100, 1),
      load(30, 1),
    ]);
    expect(loadedFiles(log)).toEqual([
      [1, 'f0-160'],
      [30, 'f1-160'],
    ]);
  });

  it('under 128000 bytes sampled the default estimate (400000 bit/s) still decides: 160', () => {
    const { log } = runPlayer([trackLoadEpic], engineState({ player: { machine: stateMachine(3) } }), [
      load(1, 0, 'clickrow'),
      fetched(10, 100000, 4000, 0),
      load(30, 1),
    ]);
    expect(loadedFiles(log)).toEqual([
      [1, 'f0-160'],
      [30, 'f1-160'],
    ]);
  });
});

describe('a video track loads its video source (issue 18; spec 001 §3 manifest_ids_video)', () => {
  const machine = stateMachine(2, {
    tracks: { 1: { manifest: { file_ids_mp4: [{ file_id: 'f1-160', format: 'MP4_160', bitrate: 160000 }], manifest_ids_video: [{ manifest_id: 'src1' }] } } },
  });
  const state = engineState({ player: { machine, trackIndex: 0, playbacks: 0, startMs: 0, autoplay: true } });
  const load = (video: boolean) => trackLoadActions(trackLoadRequested({ index: 1, uri: trackUri(1), reason: 'fwdbtn' }), state, 0, video);

  it('on an engine that plays video: the source is chosen right before the load, whose file id is the source id (the licence content id), as tracking has it', () => {
    const actions = load(true);
    expect(actions.slice(0, 2)).toEqual([
      videoSourceChosen({ sourceId: 'src1' }),
      mediaLoadRequested({ fileId: 'src1', protected: true, isAd: false, startMs: 0, autoplay: true }),
    ]);
    expect(actions.find(trackingStarted.match)?.fileId).toBe('src1');
  });

  it('elsewhere its audio file plays, as before', () => {
    const actions = load(false);
    expect(actions.some(videoSourceChosen.match)).toBe(false);
    expect(actions.find(mediaLoadRequested.match)?.fileId).toBe('f1-160');
  });
});
