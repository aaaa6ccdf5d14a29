import * as t from 'io-ts';
import { defineAction } from '../../store/action';
import { LatencyName } from './constants';

/*
 * Tracking (spec 001 §3 tracking record, §4 Tracking). Inputs are media facts of one playback,
 * each with its playback id and the time it happened (deps.clock, stamped by whoever observed it),
 * so the record folds from the log alone. Outputs are the threshold events and finalisation.
 */
const id = { playbackId: t.string };

// Inputs.
export const trackingStarted = defineAction('tracking/started', {
  ...id,
  trackUri: t.string,
  fileId: t.string,
  at: t.number,
  startPositionMs: t.number,
  reasonStart: t.string,
  initiallyPaused: t.boolean,
  /** Set by the list player (30000 ms); null gives the default 31000 ms (spec 001 §9). */
  playedThresholdMs: t.union([t.number, t.null]),
  keySystem: t.string,
  audioCodec: t.string,
  bitrate: t.number,
});
export const trackPlaying = defineAction('tracking/playing', { ...id, at: t.number });
export const trackPaused = defineAction('tracking/paused', { ...id, at: t.number });
export const trackSeeked = defineAction('tracking/seeked', { ...id, at: t.number, fromMs: t.number, toMs: t.number });
export const stallStarted = defineAction('tracking/stallStarted', { ...id, at: t.number });
export const stallEnded = defineAction('tracking/stallEnded', { ...id, at: t.number });
export const durationKnown = defineAction('tracking/durationKnown', { ...id, durationMs: t.number });
/**
 * Issue 18, spec 001 §3 record "audio and video codec", "start bitrate": a video track's video
 * started, with its video codec and the bitrate it starts at (video plus audio, as §9 sums them).
 */
export const videoTracked = defineAction('tracking/videoStarted', { ...id, at: t.number, videoCodec: t.string, bitrate: t.number });
export const bitrateChanged = defineAction('tracking/bitrateChanged', { ...id, at: t.number, bitrate: t.number });
/** A fragment fetched from a CDN url: its bytes and how long it took (per-CDN-url stats). */
export const bytesReceived = defineAction('tracking/bytesReceived', { ...id, url: t.string, bytes: t.number, durationMs: t.number });
export const playbackErrored = defineAction('tracking/errored', { ...id });
export const playbackWarned = defineAction('tracking/warned', { ...id });
/** One latency of spec 001 §3's record, measured on the injected clock (the first of each per playback counts). */
export const latencyMeasured = defineAction('tracking/latencyMeasured', { ...id, name: LatencyName, ms: t.number });
/** Stop: the record is finalised with the end position and reason (once). */
export const finaliseRequested = defineAction('tracking/finaliseRequested', { ...id, at: t.number, positionMs: t.number, reasonEnd: t.string });
/** The record is no longer needed (its logs are out). */
export const trackingReleased = defineAction('tracking/released', { ...id });

// Decisions.
/** spec 001 §4 Tracking: after more than 1000 ms played (the started_playing state update). */
export const startedPlaying = defineAction('tracking/startedPlaying', { ...id, msPlayed: t.number });
/** spec 001 §4 Tracking: after 31000 ms played (30000 ms set by the list player). */
export const playedThresholdReached = defineAction('tracking/playedThresholdReached', { ...id, msPlayed: t.number });
/** The record is final (the track_data_finalized state update); fields as at finaliseRequested. */
export const trackingFinalised = defineAction('tracking/finalised', { ...id, at: t.number, positionMs: t.number, reasonEnd: t.string });
/** spec 001 §4 Tracking: a second finalisation raises an error. */
export const finaliseRefused = defineAction('tracking/finaliseRefused', { ...id, message: t.string });

/** Inputs that change what has been played: the threshold timers restart on each. */
export const trackingInputs = [
  trackingStarted,
  trackPlaying,
  trackPaused,
  trackSeeked,
  stallStarted,
  stallEnded,
  durationKnown,
  bitrateChanged,
  videoTracked,
  bytesReceived,
  playbackErrored,
  playbackWarned,
  finaliseRequested,
  trackingReleased,
] as const;

export const trackingActions = [...trackingInputs, latencyMeasured, startedPlaying, playedThresholdReached, trackingFinalised, finaliseRefused] as const;
