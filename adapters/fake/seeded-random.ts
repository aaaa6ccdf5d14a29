import type { RandomPort } from '../../core/ports';

/**
 * A deterministic RandomPort (mulberry32): the same seed gives the same numbers, so a replayed
 * session draws the same session id as a test expects.
 */
export function createSeededRandom(seed = 1): RandomPort {
  let state = seed >>> 0;
  return {
    next: () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let x = state;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    },
  };
}
