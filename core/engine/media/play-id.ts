import { filter, type MonoTypeOperatorFunction } from 'rxjs';

/**
 * spec 001 §4 Media player: each load increments a play id; any asynchronous step with a stale play
 * id is dropped. A step records the play id current when it began; when it lands, it counts only if
 * no load came in between.
 */
export interface PlayStep {
  readonly playId: number;
}

export const INITIAL_PLAY_ID = 0;

/** The play id of the next load. */
export function nextPlayId(current: number): number {
  return current + 1;
}

export function isStale(currentPlayId: number, step: PlayStep): boolean {
  return step.playId !== currentPlayId;
}

/**
 * Drops steps begun under an older load. `currentPlayId` is read when each step arrives (a reducer's
 * state, read through a getter), not when the stream was built.
 */
export function dropStaleSteps<T extends PlayStep>(currentPlayId: () => number): MonoTypeOperatorFunction<T> {
  return filter((step) => !isStale(currentPlayId(), step));
}
