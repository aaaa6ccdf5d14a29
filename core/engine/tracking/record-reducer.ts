import * as E from 'fp-ts/Either';
import type { ActionOf } from '../../store/action';
import type * as A from './actions';
import { FINALISED_TWICE_MESSAGE, PLAYED_THRESHOLD_MS } from './constants';
import { accrue, type TrackingRecord } from './record';

type Started = ActionOf<typeof A.trackingStarted>;

/** A new record at load (spec 001 §3): nothing played yet. */
export function newTrackingRecord(a: Started): TrackingRecord {
  return {
    playbackId: a.playbackId,
    trackUri: a.trackUri,
    fileId: a.fileId,
    keySystem: a.keySystem,
    audioCodec: a.audioCodec,
    loadedAtMs: a.at,
    firstPlayingAtMs: null,
    stoppedAtMs: null,
    msPlayed: 0,
    playingSinceMs: null,
    stalledSinceMs: null,
    fileDurationMs: null,
    startPositionMs: a.startPositionMs,
    endPositionMs: null,
    nStalls: 0,
    msStalledTotal: 0,
    msStalledLongest: 0,
    nSeekForward: 0,
    nSeekBack: 0,
    nWarnings: 0,
    startBitrate: a.bitrate,
    bitrate: a.bitrate,
    bitrateMs: 0,
    reasonStart: a.reasonStart,
    reasonEnd: null,
    hadError: false,
    initiallyPaused: a.initiallyPaused,
    totalBytes: 0,
    cdn: [],
    latencies: {},
    playedThresholdMs: a.playedThresholdMs ?? PLAYED_THRESHOLD_MS, // spec 001 §9: 31000 ms unless the list player says 30000
    startedPlaying: false,
    playedThresholdReached: false,
    finalised: false,
  };
}

function withoutSeekMarks(r: TrackingRecord): TrackingRecord {
  const { sinceSeek: _seek, seekRebuffer: _rebuffer, ...rest } = r;
  return rest;
}

export const playing = (r: TrackingRecord, at: number): TrackingRecord =>
  r.stalledSinceMs !== null ? r : { ...accrue(withoutSeekMarks(r), at), playingSinceMs: at, firstPlayingAtMs: r.firstPlayingAtMs ?? at };

export const paused = (r: TrackingRecord, at: number): TrackingRecord => ({ ...accrue(r, at), playingSinceMs: null });

/** A stall stops the played clock; a stall already open is not counted twice. */
export const stallStart = (r: TrackingRecord, at: number): TrackingRecord =>
  r.stalledSinceMs !== null ? r : { ...paused(r, at), stalledSinceMs: at, ...(r.sinceSeek === true ? { seekRebuffer: true as const } : {}) };

/** A stall ends when playback goes on: counted, with its total and longest (spec 001 §3). */
export function stallEnd(r: TrackingRecord, at: number): TrackingRecord {
  if (r.stalledSinceMs === null) return r;
  const ms = Math.max(0, at - r.stalledSinceMs);
  const rebuffer =
    r.seekRebuffer === true
      ? { msSeekRebufferTotal: (r.msSeekRebufferTotal ?? 0) + ms, msSeekRebufferLongest: Math.max(r.msSeekRebufferLongest ?? 0, ms) }
      : {};
  const closed = {
    ...withoutSeekMarks(r),
    ...rebuffer,
    stalledSinceMs: null,
    nStalls: r.nStalls + 1,
    msStalledTotal: r.msStalledTotal + ms,
    msStalledLongest: Math.max(r.msStalledLongest, ms),
  };
  return { ...closed, playingSinceMs: at, firstPlayingAtMs: r.firstPlayingAtMs ?? at };
}

export const seeked = (r: TrackingRecord, fromMs: number, toMs: number): TrackingRecord =>
  toMs > fromMs ? { ...r, nSeekForward: r.nSeekForward + 1, sinceSeek: true } : toMs < fromMs ? { ...r, nSeekBack: r.nSeekBack + 1, sinceSeek: true } : r;

/** Issue 18: a video track's video: its codec, and the bitrate it starts at (nothing has played at it yet). */
export const videoStarted = (r: TrackingRecord, at: number, videoCodec: string, value: number): TrackingRecord => ({
  ...bitrate(r, at, value),
  videoCodec,
  ...(r.msPlayed === 0 && r.playingSinceMs === null ? { startBitrate: value } : {}),
});

/** Time played so far is banked at the old bitrate before the new one applies. */
export const bitrate = (r: TrackingRecord, at: number, value: number): TrackingRecord => ({ ...accrue(r, at), bitrate: value });

export function bytes(r: TrackingRecord, url: string, count: number, durationMs: number): TrackingRecord {
  const known = r.cdn.some((c) => c.url === url);
  const cdn = known
    ? r.cdn.map((c) => (c.url === url ? { ...c, segments: c.segments + 1, bytes: c.bytes + count, ms: c.ms + durationMs } : c))
    : [...r.cdn, { url, segments: 1, bytes: count, ms: durationMs }];
  return { ...r, totalBytes: r.totalBytes + count, cdn };
}

/** spec 001 §4 Tracking: finalisation happens once; a second one raises an error. */
export function finaliseRecord(r: TrackingRecord, at: number, positionMs: number, reasonEnd: string): E.Either<string, TrackingRecord> {
  if (r.finalised) return E.left(FINALISED_TWICE_MESSAGE);
  const stopped = paused(stallEnd(r, at), at);
  return E.right({ ...stopped, stoppedAtMs: at, endPositionMs: positionMs, reasonEnd, finalised: true });
}
