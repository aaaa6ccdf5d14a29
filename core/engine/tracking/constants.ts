/** Tracking and logging constants, each from spec 001 §4 Tracking, §7 Logging and §9. */

/** spec 001 §4 Tracking: started_playing fires after more than 1000 ms played. */
export const STARTED_PLAYING_AFTER_MS = 1000;
/** spec 001 §9 Played threshold: 31000 ms (30000 in list player). */
export const PLAYED_THRESHOLD_MS = 31000;
export const LIST_PLAYER_PLAYED_THRESHOLD_MS = 30000;
/**
 * spec 001 §4 Tracking: "finalisation happens once; a second one raises an error". The spec gives
 * no text for it; this is ours.
 */
export const FINALISED_TWICE_MESSAGE = 'Tracking data has already been finalized.';

/** spec 001 §9 Logging retries: 5; §7 Logging: none after status 202. */
export const LOG_RETRIES = 5;
export const LOG_SUCCESS_STATUS = 202;
/** spec 001 §9 Metrics batch: sent 10 s after the first queued item. */
export const METRICS_BATCH_MS = 10000;
