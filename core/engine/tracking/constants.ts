import * as t from 'io-ts';

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

/**
 * spec 001 §3 tracking record "latencies (play, init, head, manifest, resolve, key, license
 * session/generation/request/update)", each sent as ms_latency_{name}. Where each starts and ends is
 * ours (the spec names them only): core/engine/player/latencies.ts.
 */
export const LatencyName = t.keyof({
  play: null,
  init: null,
  head: null,
  manifest: null,
  resolve: null,
  key: null,
  license_session: null,
  license_generation: null,
  license_request: null,
  license_update: null,
});
export type LatencyName = t.TypeOf<typeof LatencyName>;

/** spec 001 §8 Generic: "Playback errors are logged as exceptions with prefix PLAYBACK_ERROR". */
export const PLAYBACK_ERROR_PREFIX = 'PLAYBACK_ERROR';
