/** The media pipeline's constants, each from spec 001 §9 (Business constants and limits). */

/** spec 001 §9 Bandwidth estimate default: 400000 bits/s (or browser downlink × 1e6). */
export const DEFAULT_BANDWIDTH_BPS = 400000;
/** spec 001 §9 Estimator: two moving averages, half-lives 2 s and 5 s. */
export const FAST_HALF_LIFE_S = 2;
export const SLOW_HALF_LIFE_S = 5;
/** spec 001 §9 Estimator: lower average used once 128000 bytes sampled. */
export const MIN_TOTAL_BYTES = 128000;
/** spec 001 §9 Estimator: samples under 16000 bytes ignored. */
export const MIN_SAMPLE_BYTES = 16000;
/** spec 001 §9 Min gap between URL resolutions: 1001 ms. */
export const MIN_RESOLVE_GAP_MS = 1001;
/** spec 001 §9 Audio fragment length: 10 s; top-up below 10 s buffered (the stream ends within 10 s of the end follows from it). */
export const FRAGMENT_LENGTH_MS = 10000;
export const TOP_UP_BELOW_MS = 10000;
/** spec 001 §4 Media player: a can-preload signal fires when 10 s or less remain. */
export const PRELOAD_REMAINING_MS = 10000;
/** spec 001 §9 Stall: fetch over 9000 ms. */
export const STALL_MS = 9000;
/** spec 001 §4 Media player: a pause event is emitted 10 ms after the pause. */
export const PAUSE_EVENT_DELAY_MS = 10;
/** spec 001 §9 Position updates / progress tick: 500 ms. */
export const PROGRESS_TICK_MS = 500;
/** spec 001 §9 Request retries max: 2 (fragment fetches and storage resolves: §7 names no count of their own). */
export const REQUEST_RETRIES_MAX = 2;
