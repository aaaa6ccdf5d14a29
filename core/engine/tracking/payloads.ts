import { LatencyName } from './constants';
import { averageBandwidth, timeWeightedBitrate, type Latencies, type TrackingRecord } from './record';

/** spec 001 §3 Log payloads: all carry sdk_id, platform, client_version; playback logs a session id. */
export interface LogContext {
  readonly sdkId: string;
  readonly platform: string;
  readonly clientVersion: string;
  readonly sessionId: string;
}

const common = (ctx: LogContext) => ({ sdk_id: ctx.sdkId, platform: ctx.platform, client_version: ctx.clientVersion });

/** spec 001 §3 playback start: play_track, file_id, playback_id, session_id, ms_start_position, initially_paused. */
export function playbackStartPayload(r: TrackingRecord, ctx: LogContext) {
  return {
    ...common(ctx),
    play_track: r.trackUri,
    file_id: r.fileId,
    playback_id: r.playbackId,
    session_id: ctx.sessionId,
    ms_start_position: r.startPositionMs,
    initially_paused: r.initiallyPaused,
  };
}

/** spec 001 §3 latencies as ms_latency_{name} (null: not measured in this playback); play is load to first playing. */
export function latencyFields(r: TrackingRecord): Record<string, number | null> {
  const measured: Latencies = { ...r.latencies, ...(r.firstPlayingAtMs === null ? {} : { play: r.firstPlayingAtMs - r.loadedAtMs }) };
  const names = Object.keys(LatencyName.keys) as LatencyName[];
  return Object.fromEntries(names.map((name) => [`ms_latency_${name}`, measured[name] ?? null]));
}

/**
 * spec 001 §3 playback stats (the fields the record holds; "and more" left out): play_track,
 * file_id, playback_id, latency, ms_played, stalls, seeks, bitrates, reasons, initially_paused,
 * had_error, n_warnings, session_id, sequence_id, key_system, bytes and CDN stats.
 */
export function playbackStatsPayload(r: TrackingRecord, ctx: LogContext, sequenceId: number) {
  return {
    ...common(ctx),
    play_track: r.trackUri,
    file_id: r.fileId,
    playback_id: r.playbackId,
    session_id: ctx.sessionId,
    sequence_id: sequenceId,
    ts_load: r.loadedAtMs,
    ts_stop: r.stoppedAtMs,
    ...latencyFields(r),
    ms_played: r.msPlayed,
    ms_file_duration: r.fileDurationMs,
    ms_start_position: r.startPositionMs,
    ms_end_position: r.endPositionMs,
    n_stalls: r.nStalls,
    ms_stalled_total: r.msStalledTotal,
    ms_stalled_max: r.msStalledLongest,
    // spec 001 §3 seek-rebuffer totals, once there was one (records without keep the payload they had).
    ...(r.msSeekRebufferTotal === undefined ? {} : { ms_seek_rebuffer_total: r.msSeekRebufferTotal, ms_seek_rebuffer_max: r.msSeekRebufferLongest ?? 0 }),
    n_seekback: r.nSeekBack,
    n_seekforward: r.nSeekForward,
    start_bitrate: r.startBitrate,
    time_weighted_bitrate: timeWeightedBitrate(r),
    reason_start: r.reasonStart,
    reason_end: r.reasonEnd,
    initially_paused: r.initiallyPaused,
    had_error: r.hadError,
    n_warnings: r.nWarnings,
    key_system: r.keySystem,
    audio_codec: r.audioCodec,
    // Issue 18: a video track's video codec (spec 001 §3 "audio and video codec").
    ...(r.videoCodec === undefined ? {} : { video_codec: r.videoCodec }),
    total_bytes: r.totalBytes,
    cdn_stats: r.cdn.map((c) => ({ url: c.url, segments: c.segments, avg_bandwidth: averageBandwidth(c) })),
  };
}

/** One stall as spec 001 §3 lists it: byte_offset, time_offset, ms_stalled, timed_out. */
export interface StallFacts {
  readonly byteOffset: number;
  readonly timeOffsetMs: number;
  readonly msStalled: number;
  readonly timedOut: boolean;
}

/** spec 001 §3 stall: session_id, playback_id, play_track, file_id, byte_offset, time_offset, ms_stalled, timed_out. */
export function stallPayload(r: TrackingRecord, ctx: LogContext, stall: StallFacts) {
  return {
    ...common(ctx),
    session_id: ctx.sessionId,
    playback_id: r.playbackId,
    play_track: r.trackUri,
    file_id: r.fileId,
    byte_offset: stall.byteOffset,
    time_offset: stall.timeOffsetMs,
    ms_stalled: stall.msStalled,
    timed_out: stall.timedOut,
  };
}

/** spec 001 §3 stream verification: play_track, playback_id, ms_played, session_id, sequence_id, next_playback_id. */
export function streamVerificationPayload(r: TrackingRecord, ctx: LogContext, sequenceId: number, nextPlaybackId: string | null) {
  return {
    ...common(ctx),
    play_track: r.trackUri,
    playback_id: r.playbackId,
    ms_played: r.msPlayed,
    session_id: ctx.sessionId,
    sequence_id: sequenceId,
    next_playback_id: nextPlaybackId,
  };
}
