/**
 * Tracking and logging of spec 001 (§3 tracking record and log payloads, §4 Tracking, §5 metrics
 * validation, §6 unauthenticated logs, §7 Logging, §9). The engine's player glue feeds it
 * (core/engine/player: media-facts, logs and diagnostics epics).
 * Tracking — mount state `{ tracking: initialTrackingState }` reduced by trackingReducer, the epics
 * of `trackingEpics`; feed media facts (trackingStarted, trackPlaying, …, finaliseRequested) and
 * listen to startedPlaying / playedThresholdReached / trackingFinalised / finaliseRefused.
 * Logging — `loggingEpics(config)` over a state with the session (core/engine/session); dispatch
 * logRequested with a payload from payloads.ts, or metricsQueued; listen to logSent / logFailed
 * (every log carries an event_id and goes through the outbox of core/logging/outbox.ts).
 */
import { combineEpics } from '../../store/store';
import type { TrackingEpic } from './deps';
import { finaliseEpic, thresholdsEpic } from './tracking.epics';

export * from './actions';
export * from './log-actions';
export * from './constants';
export { trackingReducer } from './reducer';
export { initialTrackingState, recordOf, type TrackingSlice, type TrackingState } from './state';
export { msPlayedAt, timeWeightedBitrate, averageBandwidth, type TrackingRecord, type CdnStats } from './record';
export { finaliseRecord, newTrackingRecord } from './record-reducer';
export type { LoggingDeps, LoggingEpic, TrackingDeps, TrackingEpic } from './deps';
export { LogEndpoint, LOGGING_PATH, METRIC_PATH, mayLogUnauthenticated } from './log-endpoints';
export { logDataError, metricsError } from './metrics-validation';
export { ENGINE_LOG_OUTBOX_KEY, loggingEpics, loggingFailure, type LoggingConfig } from './log-sender.epics';
export {
  latencyFields,
  playbackStartPayload,
  playbackStatsPayload,
  stallPayload,
  streamVerificationPayload,
  type LogContext,
  type StallFacts,
} from './payloads';
export {
  clientEventPayload,
  elapsedTimePayload,
  intervalTimerPayload,
  playbackErrorMessage,
  problemPayload,
  timerPayload,
  type ErrorSource,
} from './diagnostic-payloads';

export const trackingEpics: ReadonlyArray<TrackingEpic> = [thresholdsEpic, finaliseEpic];
export const trackingEpic: TrackingEpic = combineEpics(...trackingEpics);
