import { Subject, type SchedulerLike } from 'rxjs';
import { later } from './scheduled-answer';
import type { EngineCommand, EnginePort } from '../../core/ports';

export interface FakeEngine extends EnginePort {
  /** What the engine tells the widget (raw), as a test or a replay makes it. */
  emit(event: unknown): void;
}

/** An engine that takes every command on the next scheduler turn and says only what a test emits. */
export function createFakeEngine(scheduler: SchedulerLike, calls: EngineCommand[]): FakeEngine {
  const events = new Subject<unknown>();
  return {
    send: (command) => later(scheduler, () => void calls.push(command)),
    events$: events.asObservable(),
    emit: (event) => events.next(event),
  };
}
