import * as A from './actions';
import { playbackStartPayload, playbackStatsPayload, stallPayload, streamVerificationPayload } from './payloads';
import { trackingReducer } from './reducer';
import { initialTrackingState } from './state';

const P = 'pb1';
const CTX = { sdkId: 'sdk', platform: 'web_player', clientVersion: '3.22.1', sessionId: 's1' };
const state = [
  A.trackingStarted({
    playbackId: P,
    trackUri: 'spotify:track:1',
    fileId: 'f1',
    at: 100,
    startPositionMs: 2000,
    reasonStart: 'clickrow',
    initiallyPaused: false,
    playedThresholdMs: 30000,
    keySystem: 'org.w3.clearkey',
    audioCodec: 'mp4a.40.2',
    bitrate: 160000,
  }),
  A.latencyMeasured({ playbackId: P, name: 'resolve', ms: 40 }),
  A.latencyMeasured({ playbackId: P, name: 'license_request', ms: 25 }),
  // A second measurement of the same latency (a retried step) does not replace the first.
  A.latencyMeasured({ playbackId: P, name: 'resolve', ms: 99 }),
  A.playbackWarned({ playbackId: P }),
  A.playbackWarned({ playbackId: P }),
  A.trackPlaying({ playbackId: P, at: 400 }),
  A.bytesReceived({ playbackId: P, url: 'http://cdn/f1', bytes: 200000, durationMs: 400 }),
  A.stallStarted({ playbackId: P, at: 1400 }),
  A.stallEnded({ playbackId: P, at: 1900 }),
  A.trackSeeked({ playbackId: P, at: 2000, fromMs: 3600, toMs: 1000 }),
  A.trackingFinalised({ playbackId: P, at: 5900, positionMs: 5000, reasonEnd: 'trackdone' }),
].reduce(trackingReducer, initialTrackingState);
const record = state.records[P]!;
const common = { sdk_id: 'sdk', platform: 'web_player', client_version: '3.22.1' };

describe('log payloads from the tracking record (spec 001 §3 Log payloads: all carry sdk_id, platform, client_version)', () => {
  it('playback start: play_track, file_id, playback_id, session_id, ms_start_position, initially_paused', () => {
    expect(playbackStartPayload(record, CTX)).toEqual({
      ...common,
      play_track: 'spotify:track:1',
      file_id: 'f1',
      playback_id: P,
      session_id: 's1',
      ms_start_position: 2000,
      initially_paused: false,
    });
  });

  it('playback stats: latency, ms played, stalls, seeks, bitrates, reasons, key system, CDN stats', () => {
    expect(playbackStatsPayload(record, CTX, 7)).toMatchObject({
      ...common,
      play_track: 'spotify:track:1',
      playback_id: P,
      session_id: 's1',
      sequence_id: 7,
      // spec 001 §3 latencies: play is load to first playing; those not measured are null.
      ms_latency_play: 300,
      ms_latency_resolve: 40,
      ms_latency_license_request: 25,
      ms_latency_init: null,
      ms_latency_head: null,
      ms_latency_manifest: null,
      ms_latency_key: null,
      ms_latency_license_session: null,
      ms_latency_license_generation: null,
      ms_latency_license_update: null,
      // spec 001 §3 "counts of ... warnings": n_warnings.
      n_warnings: 2,
      ms_played: 5000,
      ms_start_position: 2000,
      ms_end_position: 5000,
      n_stalls: 1,
      ms_stalled_total: 500,
      ms_stalled_max: 500,
      n_seekback: 1,
      n_seekforward: 0,
      start_bitrate: 160000,
      time_weighted_bitrate: 160000,
      reason_start: 'clickrow',
      reason_end: 'trackdone',
      initially_paused: false,
      had_error: false,
      key_system: 'org.w3.clearkey',
      total_bytes: 200000,
      cdn_stats: [{ url: 'http://cdn/f1', segments: 1, avg_bandwidth: 4000000 }],
    });
  });

  it('stall: session_id, playback_id, play_track, file_id, byte_offset, time_offset, ms_stalled, timed_out', () => {
    expect(stallPayload(record, CTX, { byteOffset: 163840, timeOffsetMs: 10000, msStalled: 9001, timedOut: true })).toEqual({
      ...common,
      session_id: 's1',
      playback_id: P,
      play_track: 'spotify:track:1',
      file_id: 'f1',
      byte_offset: 163840,
      time_offset: 10000,
      ms_stalled: 9001,
      timed_out: true,
    });
  });

  it('stream verification: play_track, playback_id, ms_played, session_id, sequence_id, next_playback_id', () => {
    expect(streamVerificationPayload(record, CTX, 8, 'pb2')).toEqual({
      ...common,
      play_track: 'spotify:track:1',
      playback_id: P,
      ms_played: 5000,
      session_id: 's1',
      sequence_id: 8,
      next_playback_id: 'pb2',
    });
  });
});

describe("a video track's playback stats (issue 18; spec 001 §3 record: video codec, seek-rebuffer totals)", () => {
  const base = A.trackingStarted({
    playbackId: P,
    trackUri: 'spotify:episode:1',
    fileId: 'src',
    at: 100,
    startPositionMs: 0,
    reasonStart: 'clickrow',
    initiallyPaused: false,
    playedThresholdMs: 30000,
    keySystem: 'org.w3.clearkey',
    audioCodec: 'mp4a.40.2',
    bitrate: 160000,
  });
  const folded = (...actions: Parameters<typeof trackingReducer>[1][]) => [base, ...actions].reduce(trackingReducer, initialTrackingState).records[P]!;

  it('carry video_codec and the seek-rebuffer totals when there are any', () => {
    const r = folded(
      A.videoTracked({ playbackId: P, at: 150, videoCodec: 'avc1.4d401f', bitrate: 278000 }),
      A.trackPlaying({ playbackId: P, at: 400 }),
      A.trackSeeked({ playbackId: P, at: 500, fromMs: 100, toMs: 16000 }),
      A.stallStarted({ playbackId: P, at: 500 }),
      A.stallEnded({ playbackId: P, at: 800 }),
    );
    expect(playbackStatsPayload(r, CTX, 1)).toMatchObject({
      video_codec: 'avc1.4d401f',
      start_bitrate: 278000,
      ms_seek_rebuffer_total: 300,
      ms_seek_rebuffer_max: 300,
      n_stalls: 1,
    });
  });

  it('an audio track has neither', () => {
    const payload = playbackStatsPayload(folded(A.trackPlaying({ playbackId: P, at: 400 })), CTX, 1);
    expect('video_codec' in payload).toBe(false);
    expect('ms_seek_rebuffer_total' in payload).toBe(false);
  });
});
