import type { LatencyName } from './constants';

/**
 * The playback tracking record of one track (spec 001 §3 "Playback tracking record per track").
 * Fields built from events here: track uri, file id, playback id, key system, audio codec,
 * load/stop times, play latency, ms played, file duration, start/end position, stall count, total
 * and longest, seeks forward/backward, warnings, start and time-weighted bitrate, reasons for
 * start/end, had-error, initially-paused, total bytes and per-CDN-url stats.
 * The latencies of §3 come measured (latencyMeasured; play is load to first playing).
 * A video track's record (issue 18) has its video codec, and its bitrate follows its profile
 * switches. Seek rebuffers are the stalls that begin after a seek before playback goes on: they
 * count among the stalls, and in their own total and longest too (present once there was one).
 * Not built (no event for them yet): internal play id, memory/persistent cached flags, actual
 * duration, offline events.
 */
export interface CdnStats {
  readonly url: string;
  readonly segments: number;
  readonly bytes: number;
  readonly ms: number;
}

export type Latencies = Readonly<Partial<Record<LatencyName, number>>>;

export interface TrackingRecord {
  readonly playbackId: string;
  readonly trackUri: string;
  readonly fileId: string;
  readonly keySystem: string;
  readonly audioCodec: string;
  readonly loadedAtMs: number;
  readonly firstPlayingAtMs: number | null;
  readonly stoppedAtMs: number | null;
  /** Played time up to `playingSinceMs` (null while not playing: paused, stalled, stopped). */
  readonly msPlayed: number;
  readonly playingSinceMs: number | null;
  readonly stalledSinceMs: number | null;
  readonly fileDurationMs: number | null;
  readonly startPositionMs: number;
  readonly endPositionMs: number | null;
  readonly nStalls: number;
  /** Issue 18: a video track's video codec (spec 001 §9 Codecs); absent for audio. */
  readonly videoCodec?: string;
  /** A seek happened and playback has not gone on since: a stall now is a seek rebuffer. */
  readonly sinceSeek?: true;
  /** The stall open now is a seek rebuffer. */
  readonly seekRebuffer?: true;
  /** spec 001 §3 seek-rebuffer totals: the time of the stalls that followed a seek, and the longest (absent before the first). */
  readonly msSeekRebufferTotal?: number;
  readonly msSeekRebufferLongest?: number;
  readonly msStalledTotal: number;
  readonly msStalledLongest: number;
  readonly nSeekForward: number;
  readonly nSeekBack: number;
  readonly nWarnings: number;
  readonly startBitrate: number;
  readonly bitrate: number;
  /** Sum of bitrate × ms played at it, for the time-weighted bitrate. */
  readonly bitrateMs: number;
  readonly reasonStart: string;
  readonly reasonEnd: string | null;
  readonly hadError: boolean;
  readonly initiallyPaused: boolean;
  readonly totalBytes: number;
  readonly cdn: ReadonlyArray<CdnStats>;
  /** spec 001 §3 latencies, in ms, as measured (play: from firstPlayingAtMs). */
  readonly latencies: Latencies;
  /** spec 001 §4 Tracking: 31000 ms by default, 30000 ms when the list player sets it. */
  readonly playedThresholdMs: number;
  readonly startedPlaying: boolean;
  readonly playedThresholdReached: boolean;
  readonly finalised: boolean;
}

/** Played time at `now`, counting the current playing stretch. */
export function msPlayedAt(record: TrackingRecord, now: number): number {
  return record.msPlayed + (record.playingSinceMs === null ? 0 : Math.max(0, now - record.playingSinceMs));
}

/** Banks the playing stretch up to `at` (and its bitrate-weighted time); playing goes on from `at`. */
export function accrue(record: TrackingRecord, at: number): TrackingRecord {
  if (record.playingSinceMs === null) return record;
  const delta = Math.max(0, at - record.playingSinceMs);
  return { ...record, msPlayed: record.msPlayed + delta, bitrateMs: record.bitrateMs + record.bitrate * delta, playingSinceMs: at };
}

/** Time-weighted bitrate over the time played; the start bitrate before anything played. */
export function timeWeightedBitrate(record: TrackingRecord): number {
  return record.msPlayed === 0 ? record.startBitrate : Math.round(record.bitrateMs / record.msPlayed);
}

/** Average bandwidth of one CDN url in bits per second. */
export function averageBandwidth(stats: CdnStats): number {
  return stats.ms <= 0 ? 0 : Math.round((stats.bytes * 8 * 1000) / stats.ms);
}
