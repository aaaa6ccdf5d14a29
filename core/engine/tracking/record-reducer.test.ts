import type { Action } from '../../store/action';
import * as A from './actions';
import { FINALISED_TWICE_MESSAGE } from './constants';
import { averageBandwidth, msPlayedAt, timeWeightedBitrate, type TrackingRecord } from './record';
import { finaliseRecord } from './record-reducer';
import { trackingReducer } from './reducer';
import { initialTrackingState } from './state';

const P = 'pb1';
const start = (over: Partial<Parameters<typeof A.trackingStarted>[0]> = {}) =>
  A.trackingStarted({
    playbackId: P,
    trackUri: 'spotify:track:1',
    fileId: 'f1',
    at: 1000,
    startPositionMs: 0,
    reasonStart: 'clickrow',
    initiallyPaused: false,
    playedThresholdMs: null,
    keySystem: 'org.w3.clearkey',
    audioCodec: 'mp4a.40.2',
    bitrate: 160000,
    ...over,
  });

function fold(...actions: Action[]): TrackingRecord {
  const state = actions.reduce(trackingReducer, initialTrackingState);
  const record = state.records[P];
  if (record === undefined) throw new Error('no record');
  return record;
}

describe('tracking record (spec 001 §3 Playback tracking record per track)', () => {
  it('a new record keeps what the load says; the played threshold is 31000 ms unless the list player sets 30000 ms (spec 001 §9)', () => {
    expect(fold(start())).toMatchObject({
      trackUri: 'spotify:track:1',
      fileId: 'f1',
      loadedAtMs: 1000,
      reasonStart: 'clickrow',
      playedThresholdMs: 31000,
      msPlayed: 0,
    });
    expect(fold(start({ playedThresholdMs: 30000, initiallyPaused: true })).playedThresholdMs).toBe(30000);
  });

  it('ms played counts playing time only: not paused nor stalled time', () => {
    const r = fold(
      start(),
      A.trackPlaying({ playbackId: P, at: 1200 }),
      A.trackPaused({ playbackId: P, at: 3200 }), // 2000 played
      A.trackPlaying({ playbackId: P, at: 10000 }),
      A.stallStarted({ playbackId: P, at: 11000 }), // 1000 more
      A.stallEnded({ playbackId: P, at: 14000 }),
    );
    expect(r.msPlayed).toBe(3000);
    expect(msPlayedAt(r, 14500)).toBe(3500);
    expect(r.firstPlayingAtMs).toBe(1200);
  });

  it('stalls: count, total and longest', () => {
    const r = fold(
      start(),
      A.trackPlaying({ playbackId: P, at: 1000 }),
      A.stallStarted({ playbackId: P, at: 2000 }),
      A.stallStarted({ playbackId: P, at: 2100 }), // the same stall, not counted twice
      A.stallEnded({ playbackId: P, at: 2500 }),
      A.stallStarted({ playbackId: P, at: 3000 }),
      A.stallEnded({ playbackId: P, at: 4200 }),
    );
    expect(r).toMatchObject({ nStalls: 2, msStalledTotal: 1700, msStalledLongest: 1200 });
  });

  it('seeks forward and backward are counted apart; a seek to the same place is neither', () => {
    const r = fold(
      start(),
      A.trackSeeked({ playbackId: P, at: 1, fromMs: 1000, toMs: 32000 }),
      A.trackSeeked({ playbackId: P, at: 2, fromMs: 32000, toMs: 5000 }),
      A.trackSeeked({ playbackId: P, at: 3, fromMs: 5000, toMs: 9000 }),
      A.trackSeeked({ playbackId: P, at: 4, fromMs: 9000, toMs: 9000 }),
    );
    expect([r.nSeekForward, r.nSeekBack]).toEqual([2, 1]);
  });

  it('bytes and per-CDN-url stats (url, segment count, average bandwidth)', () => {
    const r = fold(
      start(),
      A.bytesReceived({ playbackId: P, url: 'http://cdn-a/f', bytes: 100000, durationMs: 1000 }),
      A.bytesReceived({ playbackId: P, url: 'http://cdn-b/f', bytes: 50000, durationMs: 100 }),
      A.bytesReceived({ playbackId: P, url: 'http://cdn-a/f', bytes: 100000, durationMs: 1000 }),
    );
    expect(r.totalBytes).toBe(250000);
    expect(r.cdn.map((c) => [c.url, c.segments, averageBandwidth(c)])).toEqual([
      ['http://cdn-a/f', 2, 800000],
      ['http://cdn-b/f', 1, 4000000],
    ]);
  });

  it('start and time-weighted bitrate', () => {
    const r = fold(
      start(),
      A.trackPlaying({ playbackId: P, at: 0 }),
      A.bitrateChanged({ playbackId: P, at: 1000, bitrate: 96000 }), // 1000 ms at 160000
      A.trackPaused({ playbackId: P, at: 4000 }), // 3000 ms at 96000
    );
    expect([r.startBitrate, timeWeightedBitrate(r)]).toEqual([160000, 112000]);
  });

  it('had-error, warnings, file duration', () => {
    const r = fold(
      start(),
      A.playbackErrored({ playbackId: P }),
      A.playbackWarned({ playbackId: P }),
      A.playbackWarned({ playbackId: P }),
      A.durationKnown({ playbackId: P, durationMs: 215000 }),
    );
    expect([r.hadError, r.nWarnings, r.fileDurationMs]).toEqual([true, 2, 215000]);
  });

  it('spec 001 §4 Tracking: finalisation once — stop time, end position and reason; a second raises an error', () => {
    const r = fold(
      start(),
      A.trackPlaying({ playbackId: P, at: 1000 }),
      A.trackingFinalised({ playbackId: P, at: 6000, positionMs: 5000, reasonEnd: 'trackdone' }),
    );
    expect(r).toMatchObject({ finalised: true, stoppedAtMs: 6000, endPositionMs: 5000, reasonEnd: 'trackdone', msPlayed: 5000, playingSinceMs: null });
    expect(finaliseRecord(r, 7000, 0, 'fwdbtn')).toEqual({ _tag: 'Left', left: FINALISED_TWICE_MESSAGE });
    // Facts after finalisation change nothing.
    expect(
      fold(start(), A.trackingFinalised({ playbackId: P, at: 1, positionMs: 0, reasonEnd: 'x' }), A.trackPlaying({ playbackId: P, at: 5 })).playingSinceMs,
    ).toBeNull();
  });

  it('facts of an unknown playback are ignored; release forgets the record', () => {
    const state = [start(), A.trackPlaying({ playbackId: 'other', at: 1 }), A.trackingReleased({ playbackId: P })].reduce(
      trackingReducer,
      initialTrackingState,
    );
    expect(state.records).toEqual({});
  });
});

describe("a video track's record (issue 18; spec 001 §3 record: audio and video codec, start and time-weighted bitrate, seek-rebuffer and stall totals)", () => {
  const video = (at = 1100, bitrate = 278000) => A.videoTracked({ playbackId: P, at, videoCodec: 'avc1.4d401f', bitrate });

  it("has the video codec and starts at the video's bitrate (video plus audio), not the audio file's", () => {
    const r = fold(start({ fileId: 'src' }), video());
    expect(r).toMatchObject({ videoCodec: 'avc1.4d401f', startBitrate: 278000, bitrate: 278000 });
    expect(fold(start()).videoCodec).toBeUndefined();
  });

  it('the time-weighted bitrate weighs each profile by the time played at it (a switch up after 4 s of 10 s played)', () => {
    const r = fold(
      start({ fileId: 'src' }),
      video(),
      A.trackPlaying({ playbackId: P, at: 2000 }),
      A.bitrateChanged({ playbackId: P, at: 6000, bitrate: 628000 }),
      A.trackPaused({ playbackId: P, at: 12000 }),
    );
    expect(r.startBitrate).toBe(278000);
    expect(timeWeightedBitrate(r)).toBe(Math.round((278000 * 4000 + 628000 * 6000) / 10000));
  });

  it('a stall after a seek, before playback goes on, is a seek rebuffer: in the stall totals and the seek-rebuffer totals; a later stall only in the stall totals', () => {
    const r = fold(
      start({ fileId: 'src' }),
      video(),
      A.trackPlaying({ playbackId: P, at: 2000 }),
      A.trackSeeked({ playbackId: P, at: 3000, fromMs: 1000, toMs: 16000 }),
      A.stallStarted({ playbackId: P, at: 3000 }),
      A.stallEnded({ playbackId: P, at: 3400 }),
      A.stallStarted({ playbackId: P, at: 5000 }),
      A.stallEnded({ playbackId: P, at: 5900 }),
    );
    expect(r).toMatchObject({ nStalls: 2, msStalledTotal: 1300, msStalledLongest: 900, msSeekRebufferTotal: 400, msSeekRebufferLongest: 400 });
    expect(r.sinceSeek).toBeUndefined();
    expect(r.seekRebuffer).toBeUndefined();
  });

  it('no seek rebuffer: no seek-rebuffer totals (the record and its payload stay as for audio)', () => {
    const r = fold(
      start(),
      A.trackPlaying({ playbackId: P, at: 2000 }),
      A.stallStarted({ playbackId: P, at: 5000 }),
      A.stallEnded({ playbackId: P, at: 5900 }),
    );
    expect(r.msSeekRebufferTotal).toBeUndefined();
    expect(r.nStalls).toBe(1);
  });
});
