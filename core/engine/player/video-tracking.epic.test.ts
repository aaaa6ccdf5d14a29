import { mediaElementFact } from '../media/actions';
import { videoSegmentAppended, videoStarted, videoSwitched } from '../video/actions';
import { engineState, mediaTrack } from './testing/engine-state';
import { only, runPlayer } from './testing/run-player';
import { dueSwitches, videoTrackingEpic } from './video-tracking.epic';

/*
 * Issue 18, spec 001 §3 tracking record of a video track: the video codec and start bitrate when it
 * starts; the bitrate follows a switch once the playhead reaches the switched segment (streamVideo
 * decides it up to 10 s ahead), so that the time-weighted bitrate weighs what was played.
 */

const state = engineState({
  player: { playbackId: 'pb1' },
  media: { playId: 3, status: 'playing', track: { ...mediaTrack('src'), video: 'src' }, positionMs: 0 },
});
const at = (positionMs: number) => mediaElementFact({ kind: 'timeupdate', positionMs, durationMs: 22000, bufferedEndMs: positionMs + 4000, errorCode: null });
const started = videoStarted({
  playId: 3,
  sourceId: 'src',
  videoCodec: 'vp8',
  videoProfile: 4,
  audioProfile: 10,
  width: 640,
  height: 360,
  bitrate: 378000,
  durationMs: 22000,
  subtitles: [],
});
const switched = videoSwitched({ playId: 3, from: 4, to: 1, index: 2, startMs: 8000, estimateBps: 300000, width: 426, height: 240, bitrate: 278000 });

describe('video tracking (issue 18; spec 001 §3 record: video codec, start and time-weighted bitrate)', () => {
  it('the start is tracked with its codec and bitrate; a switch made at 1 s applies when the playhead reaches its segment at 8 s; segments count as CDN bytes', () => {
    const { log } = runPlayer([videoTrackingEpic], state, [
      [0, started],
      [1000, switched],
      [1000, videoSegmentAppended({ playId: 3, cdn: 'http://cdn.test/v/', buffer: 'video', profile: 1, index: 2, bytes: 75000, elapsedMs: 30 })],
      [4000, at(4000)],
      [8000, at(8000)],
      [9000, at(9000)],
    ]);
    expect(only(log, 'tracking/videoStarted', 'tracking/bitrateChanged', 'tracking/bytesReceived')).toEqual([
      [0, 'tracking/videoStarted', { playbackId: 'pb1', at: 0, videoCodec: 'vp8', bitrate: 378000 }],
      [1000, 'tracking/bytesReceived', { playbackId: 'pb1', url: 'http://cdn.test/v/', bytes: 75000, durationMs: 30 }],
      [8000, 'tracking/bitrateChanged', { playbackId: 'pb1', at: 8000, bitrate: 278000 }],
    ]);
  });

  it.each<[string, number, number, number, number]>([
    ['before its segment: still ahead', 3, 7999, 0, 1],
    ['at its segment: due', 3, 8000, 1, 0],
    ["another load's switch: dropped", 4, 9000, 0, 0],
  ])('dueSwitches: %s', (_rule, playId, positionMs, due, ahead) => {
    const result = dueSwitches([{ playId: 3, startMs: 8000, bitrate: 1 }], playId, positionMs);
    expect([result.due.length, result.ahead.length]).toEqual([due, ahead]);
  });
});
