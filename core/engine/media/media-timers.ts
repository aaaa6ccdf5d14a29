import { EMPTY, interval, map, switchMap, timer, type OperatorFunction, type SchedulerLike } from 'rxjs';
import { PAUSE_EVENT_DELAY_MS, PROGRESS_TICK_MS } from './constants';

/** What the media player was last told or saw: enough to run its timers. */
export interface PlaybackClock {
  readonly playing: boolean;
  /** The position when this status was taken. */
  readonly positionMs: number;
  readonly durationMs: number;
  /** A protected (DRM) track: its ended event is synthesised (spec 001 §4). */
  readonly protected: boolean;
}

export type PlayerCommand = 'play' | 'pause';

/**
 * spec 001 §4 Media player: a pause event is emitted 10 ms after the pause. A play before then
 * cancels it (a pause that did not last is not announced); a second pause restarts the 10 ms.
 */
export function pauseEvents(scheduler: SchedulerLike): OperatorFunction<PlayerCommand, 'paused'> {
  return switchMap((command) => (command === 'pause' ? timer(PAUSE_EVENT_DELAY_MS, scheduler).pipe(map(() => 'paused' as const)) : EMPTY));
}

/**
 * spec 001 §4 Media player: ended may be synthesised for protected tracks from a timer set to the
 * remaining duration (an encrypted stream's element may never fire ended). Each status restarts
 * the timer (a seek moves the end); a pause, an unknown duration or an unprotected track stops it.
 */
export function synthesisedEnded(scheduler: SchedulerLike): OperatorFunction<PlaybackClock, 'ended'> {
  return switchMap((status) =>
    status.protected && status.playing && status.durationMs > 0
      ? timer(Math.max(0, status.durationMs - status.positionMs), scheduler).pipe(map(() => 'ended' as const))
      : EMPTY,
  );
}

/**
 * spec 001 §9 Position updates / progress tick: 500 ms. While playing, every 500 ms, the position
 * the player has reached (at normal speed), capped at the duration when it is known.
 */
export function progressTicks(scheduler: SchedulerLike): OperatorFunction<PlaybackClock, number> {
  return switchMap((status) =>
    status.playing
      ? interval(PROGRESS_TICK_MS, scheduler).pipe(
          map((tick) => {
            const positionMs = status.positionMs + (tick + 1) * PROGRESS_TICK_MS;
            return status.durationMs > 0 ? Math.min(positionMs, status.durationMs) : positionMs;
          }),
        )
      : EMPTY,
  );
}
