import { PRELOAD_REMAINING_MS, TOP_UP_BELOW_MS } from './constants';
import type { SeekTable } from './seek-table';

/** An inclusive byte range, as an HTTP Range header counts. */
export interface ByteRange {
  readonly first: number;
  readonly last: number;
}

/**
 * One fragment: a moof+mdat segment of the seek table. The provider packages audio in segments of
 * spec 001 §9 "Audio fragment length 10 s", so a fragment is one segment.
 */
export interface Fragment {
  readonly index: number;
  readonly bytes: ByteRange;
  readonly startMs: number;
  readonly endMs: number;
}

export interface FragmentPlan {
  readonly init: ByteRange;
  readonly fragments: readonly Fragment[];
  readonly durationMs: number;
}

/**
 * Buffered ends reported by the media source land a hair before or after a fragment boundary
 * (timescale rounding): a buffered end this close to a boundary counts as on it, so the fragment
 * just appended is not fetched again.
 */
export const BOUNDARY_TOLERANCE_MS = 50;

/** The init segment is bytes [0, offset); each segment follows the previous one (spec 001 §3). */
export function fragmentPlan(table: SeekTable): FragmentPlan {
  const fragments: Fragment[] = [];
  let byte = table.offset;
  let time = 0;
  table.segments.forEach((segment, index) => {
    const startMs = (time * 1000) / table.timescale;
    time += segment.duration;
    fragments.push({
      index,
      bytes: { first: byte, last: byte + segment.size - 1 },
      startMs,
      endMs: (time * 1000) / table.timescale,
    });
    byte += segment.size;
  });
  return { init: { first: 0, last: table.offset - 1 }, fragments, durationMs: (time * 1000) / table.timescale };
}

/** spec 001 §7 Media: the audio file is fetched with a bytes range header. */
export function rangeHeader(range: ByteRange): string {
  return `bytes=${range.first}-${range.last}`;
}

export function rangeLength(range: ByteRange): number {
  return range.last - range.first + 1;
}

/** The fragment holding a position (a boundary belongs to the later fragment); undefined past the end. */
export function fragmentAt(plan: FragmentPlan, positionMs: number): Fragment | undefined {
  const at = Math.max(0, positionMs);
  return plan.fragments.find((fragment) => at >= fragment.startMs && at < fragment.endMs);
}

/**
 * The fragment that carries the buffer on from `endMs`: after a buffered end (one a hair short of a
 * boundary counts as on it), or, with nothing buffered ahead of the playhead (after a seek), the
 * fragment holding the playhead itself, however close to its end: a seek to 29.97 s needs the
 * fragment of 20-30 s, not only the next one (the element would wait before a gap for ever).
 */
export function fragmentAfter(plan: FragmentPlan, positionMs: number, endMs: number): Fragment | undefined {
  return endMs > positionMs ? fragmentAt(plan, endMs + BOUNDARY_TOLERANCE_MS) : fragmentAt(plan, positionMs);
}

export type FetchDecision = { readonly kind: 'enough' } | { readonly kind: 'fetch'; readonly fragment: Fragment } | { readonly kind: 'end-of-stream' };

/**
 * What the buffer needs next, given the playhead and the end of the buffered range that holds it
 * (the playhead itself when nothing is buffered there, e.g. after a seek).
 * spec 001 §9: top up below 10 s buffered ahead; the stream ends within 10 s of the end: when it
 * needs topping up (under 10 s ahead) and everything up to the end is buffered.
 */
export function nextFetch(plan: FragmentPlan, positionMs: number, bufferedEndMs: number): FetchDecision {
  const end = Math.max(positionMs, bufferedEndMs);
  if (end - positionMs >= TOP_UP_BELOW_MS) return { kind: 'enough' };
  const fragment = fragmentAfter(plan, positionMs, end);
  // Nothing left to fetch while under 10 s are buffered ahead: the playhead is within 10 s of the end.
  return fragment === undefined ? { kind: 'end-of-stream' } : { kind: 'fetch', fragment };
}

/** spec 001 §4 Media player: a can-preload signal fires when 10 s or less remain. */
export function canPreload(durationMs: number, positionMs: number): boolean {
  return durationMs > 0 && durationMs - positionMs <= PRELOAD_REMAINING_MS;
}
