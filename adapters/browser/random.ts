import type { RandomPort } from '../../core/ports';

/** The browser's randomness, for ids. The core never draws it itself (ARCHITECTURE.md §3). */
export function createBrowserRandom(source: () => number = Math.random): RandomPort {
  return { next: () => source() };
}
