import { DEFAULT_BANDWIDTH_BPS, FAST_HALF_LIFE_S, MIN_SAMPLE_BYTES, MIN_TOTAL_BYTES, SLOW_HALF_LIFE_S } from './constants';

/**
 * spec 001 §9 Estimator: two exponentially weighted moving averages of the fetch rate (half-lives
 * 2 s and 5 s), weighted by each fetch's duration, the model of Shaka Player's
 * EwmaBandwidthEstimator. Immutable: every sample returns a new state, so it can live in a reducer.
 */
export interface MovingAverage {
  /** The raw (zero-biased) average, bits/s. */
  readonly estimate: number;
  /** The sum of sample weights (seconds of fetching). */
  readonly totalWeight: number;
}

export interface BandwidthState {
  readonly fast: MovingAverage;
  readonly slow: MovingAverage;
  readonly bytesSampled: number;
  /** What estimate() answers before enough bytes were sampled. */
  readonly defaultBps: number;
}

export interface BandwidthSample {
  readonly bytes: number;
  readonly durationMs: number;
}

const EMPTY: MovingAverage = { estimate: 0, totalWeight: 0 };

/** spec 001 §9 Bandwidth estimate default: 400000 bits/s, or the browser's downlink (Mbit/s) × 1e6 when given. */
export function initialBandwidthState(downlinkMbps?: number): BandwidthState {
  const fromDownlink = downlinkMbps !== undefined && Number.isFinite(downlinkMbps) && downlinkMbps > 0;
  return {
    fast: EMPTY,
    slow: EMPTY,
    bytesSampled: 0,
    defaultBps: fromDownlink ? downlinkMbps * 1e6 : DEFAULT_BANDWIDTH_BPS,
  };
}

function alpha(halfLifeS: number): number {
  return Math.exp(Math.log(0.5) / halfLifeS);
}

/**
 * The average is kept to a thousandth of a bit/s: Math.exp and ** may differ in the last bit
 * between JavaScript engines, and the state must fold to the same value in the browser that
 * recorded a session and in Node replaying it (ARCHITECTURE.md §3).
 */
function sampleAverage(average: MovingAverage, halfLifeS: number, weight: number, value: number): MovingAverage {
  const adjusted = alpha(halfLifeS) ** weight;
  return {
    estimate: Math.round((value * (1 - adjusted) + adjusted * average.estimate) * 1000) / 1000,
    totalWeight: average.totalWeight + weight,
  };
}

/** The average with the bias of its zero start removed. */
function unbiased(average: MovingAverage, halfLifeS: number): number {
  return average.estimate / (1 - alpha(halfLifeS) ** average.totalWeight);
}

/**
 * Adds one fetch. spec 001 §9: samples under 16000 bytes are ignored (their rate is mostly
 * latency). A fetch without a positive duration has no rate and is ignored too.
 */
export function addSample(state: BandwidthState, sample: BandwidthSample): BandwidthState {
  if (sample.bytes < MIN_SAMPLE_BYTES || !(sample.durationMs > 0)) return state;
  const bps = (8000 * sample.bytes) / sample.durationMs;
  const weight = sample.durationMs / 1000;
  return {
    ...state,
    fast: sampleAverage(state.fast, FAST_HALF_LIFE_S, weight, bps),
    slow: sampleAverage(state.slow, SLOW_HALF_LIFE_S, weight, bps),
    bytesSampled: state.bytesSampled + sample.bytes,
  };
}

/**
 * The estimate in bits/s. spec 001 §9: the lower of the two averages once 128000 bytes were
 * sampled (cautious both when the rate drops and when it recovers); the default before.
 */
export function estimate(state: BandwidthState): number {
  if (state.bytesSampled < MIN_TOTAL_BYTES) return state.defaultBps;
  return Math.min(unbiased(state.fast, FAST_HALF_LIFE_S), unbiased(state.slow, SLOW_HALF_LIFE_S));
}
