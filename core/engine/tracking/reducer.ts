import * as E from 'fp-ts/Either';
import type { Action, ActionOf } from '../../store/action';
import type * as A from './actions';
import type { TrackingRecord } from './record';
import { bitrate, bytes, finaliseRecord, newTrackingRecord, paused, playing, seeked, stallEnd, stallStart, videoStarted } from './record-reducer';
import type { TrackingState } from './state';

type TrackingAction = ActionOf<(typeof A.trackingActions)[number]>;

const isTrackingAction = (action: Action): action is TrackingAction => action.type.startsWith('tracking/');

/** The next record for an action on it; a finalised record only changes by release. */
function step(r: TrackingRecord, a: TrackingAction): TrackingRecord {
  if (r.finalised) return r;
  switch (a.type) {
    case 'tracking/playing':
      return playing(r, a.at);
    case 'tracking/paused':
      return paused(r, a.at);
    case 'tracking/seeked':
      return seeked(r, a.fromMs, a.toMs);
    case 'tracking/stallStarted':
      return stallStart(r, a.at);
    case 'tracking/stallEnded':
      return stallEnd(r, a.at);
    case 'tracking/durationKnown':
      return { ...r, fileDurationMs: a.durationMs };
    case 'tracking/bitrateChanged':
      return bitrate(r, a.at, a.bitrate);
    case 'tracking/videoStarted':
      return videoStarted(r, a.at, a.videoCodec, a.bitrate);
    case 'tracking/bytesReceived':
      return bytes(r, a.url, a.bytes, a.durationMs);
    case 'tracking/errored':
      return { ...r, hadError: true };
    case 'tracking/warned':
      return { ...r, nWarnings: r.nWarnings + 1 };
    case 'tracking/latencyMeasured':
      // The first measurement of each counts (a retried step is measured from its first start).
      return r.latencies[a.name] !== undefined ? r : { ...r, latencies: { ...r.latencies, [a.name]: a.ms } };
    case 'tracking/startedPlaying':
      return { ...r, startedPlaying: true };
    case 'tracking/playedThresholdReached':
      return { ...r, playedThresholdReached: true };
    case 'tracking/finalised': {
      const done = finaliseRecord(r, a.at, a.positionMs, a.reasonEnd);
      return E.isRight(done) ? done.right : r;
    }
    // The finalise epic decides on the request (once, else refused); release and start are handled by the caller.
    case 'tracking/finaliseRequested':
    case 'tracking/finaliseRefused':
    case 'tracking/started':
    case 'tracking/released':
      return r;
    default: {
      const unhandled: never = a;
      return unhandled === undefined ? r : r;
    }
  }
}

/** Folds media facts into the per-track records (spec 001 §3); facts of unknown playbacks are ignored. */
export function trackingReducer(state: TrackingState, action: Action): TrackingState {
  if (!isTrackingAction(action)) return state;
  if (action.type === 'tracking/started') {
    return { records: { ...state.records, [action.playbackId]: newTrackingRecord(action) } };
  }
  if (action.type === 'tracking/released') {
    const { [action.playbackId]: _released, ...records } = state.records;
    return { records };
  }
  const record = state.records[action.playbackId];
  if (record === undefined) return state;
  const next = step(record, action);
  return next === record ? state : { records: { ...state.records, [action.playbackId]: next } };
}
