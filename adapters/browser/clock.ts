import type { SchedulerLike } from 'rxjs';
import type { ClockPort } from '../../core/ports';

/** "Now" follows the scheduler the epics' timers run on, so log times and timers agree. */
export function createBrowserClock(scheduler: SchedulerLike): ClockPort {
  return { now: () => scheduler.now() };
}
