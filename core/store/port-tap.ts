import { Observable, Subscription, type SchedulerAction, type SchedulerLike } from 'rxjs';
import type { Redactor } from './redact';
import type { TranscriptEntry } from './transcript';

/**
 * Where a store's ports pass through on their way to its epics. The recording tap (below) lets the
 * real ports answer and writes each answer to a transcript (./transcript.ts); the replay tap
 * (./transcript-replay.ts) answers from a transcript. Both wrap the same port shapes, so a store's
 * deps are built once over either (core/engine/player/tapped-deps.ts).
 */
export interface PortTap {
  /** A port method answering a plain (JSON) value at once; `call` names it, as 'clock.now'. */
  value<T>(call: string, args: readonly unknown[], real: () => T): T;
  /** A port method answering an Observable: each subscription is one call, and its values are JSON. */
  stream<T>(call: string, args: readonly unknown[], real: () => Observable<T>): Observable<T>;
  /** The epics' scheduler: its timers, and its `now`. */
  scheduler(real: () => SchedulerLike): SchedulerLike;
}

export interface RecordingTap extends PortTap {
  /** Creates the store: its epics subscribe, and may call ports, as it starts. */
  starting<T>(create: () => T): T;
  /** Dispatches an input (a UI command, an adapter fact), noting where it came among the answers. */
  input(dispatch: () => void): void;
  /** What was recorded so far (the window kept in memory). */
  entries(): readonly TranscriptEntry[];
  /** How many of the first entries were dropped to keep the window (0 while the transcript is whole). */
  dropped(): number;
}

export interface RecordingTapOptions {
  /** Every entry passes through it as it is recorded (core/store/redact.ts), shared with the action log. */
  readonly redactor?: Redactor;
  /** The most entries kept in memory (TRANSCRIPT_WINDOW in the browser); unbounded when absent. */
  readonly window?: number;
}

type Work<T> = (this: SchedulerAction<T>, state?: T) => void;

/** An error as the transcript keeps it: name and message are all the epics read of one. */
export const errorRecord = (err: unknown): { name: string; message: string } => {
  const { name, message } = (typeof err === 'object' && err !== null ? err : {}) as { name?: unknown; message?: unknown };
  return typeof message === 'string' ? { name: typeof name === 'string' ? name : 'Error', message } : { name: 'Error', message: String(err) };
};

/**
 * Records every answer the real ports give, in the order the store hears them. An occurrence that
 * comes while the store is busy (a value given synchronously on subscription) is marked `n`, since
 * replay must deliver it inside that processing rather than from its event loop.
 */
export function createRecordingTap(options: RecordingTapOptions = {}): RecordingTap {
  const redact = <T>(value: T): T => (options.redactor === undefined ? value : options.redactor.redact(value));
  // Two segments of up to half the window: when a third would start, the oldest is dropped.
  const half = options.window === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(options.window / 2));
  let previous: TranscriptEntry[] = [];
  let current: TranscriptEntry[] = [];
  let dropped = 0;
  const recorded = {
    push: (entry: TranscriptEntry): void => {
      if (current.length >= half) {
        dropped += previous.length;
        previous = current;
        current = [];
      }
      current.push(entry);
    },
  };
  let busy = 0;
  let subscriptions = 0;
  let timers = 0;

  const nested = (): { n?: 1 } => (busy > 0 ? { n: 1 } : {});
  const occurrence = (entry: TranscriptEntry, run: () => void): void => {
    recorded.push(redact({ ...entry, ...nested() }));
    busy += 1;
    try {
      run();
    } finally {
      busy -= 1;
    }
  };

  const value = <T>(call: string, args: readonly unknown[], real: () => T): T => {
    // The entry goes in before the port runs, in case the port makes something else happen.
    const entry: { k: 'call'; c: string; a: unknown[]; v?: unknown; x?: { name: string; message: string } } = { k: 'call', c: call, a: redact([...args]) };
    recorded.push(entry);
    try {
      const answer = real();
      entry.v = redact(answer);
      return answer;
    } catch (err) {
      entry.x = redact(errorRecord(err));
      throw err;
    }
  };

  return {
    value,
    stream: <T>(call: string, args: readonly unknown[], real: () => Observable<T>): Observable<T> =>
      new Observable<T>((subscriber) => {
        const id = subscriptions++;
        recorded.push({ k: 'sub', c: call, a: redact([...args]), id });
        let source: Observable<T>;
        try {
          source = real();
        } catch (err) {
          // A port that throws instead of answering an error: the epics hear it as the subscription's error.
          occurrence({ k: 'error', id, e: errorRecord(err) }, () => subscriber.error(err));
          return undefined;
        }
        return source.subscribe({
          next: (v) => occurrence({ k: 'next', id, v }, () => subscriber.next(v)),
          error: (err: unknown) => occurrence({ k: 'error', id, e: errorRecord(err) }, () => subscriber.error(err)),
          complete: () => occurrence({ k: 'complete', id }, () => subscriber.complete()),
        });
      }),
    scheduler: (realScheduler) => {
      const scheduler = realScheduler();
      return {
        now: () => value('scheduler.now', [], () => scheduler.now()),
        schedule: <T>(work: Work<T>, delay = 0, state?: T): Subscription => {
          const id = timers++;
          recorded.push({ k: 'schedule', id, d: delay });
          // The action the work sees as `this`: rescheduling it (as interval does) is recorded too.
          const action = new Subscription() as SchedulerAction<T>;
          let armed: Subscription | undefined;
          const arm = (armedState: T | undefined, armedDelay: number): void => {
            armed = scheduler.schedule(() => {
              armed = undefined;
              occurrence({ k: 'fire', id }, () => work.call(action, armedState));
            }, armedDelay);
          };
          action.schedule = (nextState?: T, nextDelay = 0): Subscription => {
            if (action.closed) return action;
            armed?.unsubscribe();
            recorded.push({ k: 'reschedule', id, d: nextDelay });
            arm(nextState, nextDelay);
            return action;
          };
          action.add(() => armed?.unsubscribe());
          arm(state, delay);
          return action;
        },
      };
    },
    starting: (create) => {
      busy += 1;
      try {
        return create();
      } finally {
        busy -= 1;
      }
    },
    input: (dispatch) => occurrence({ k: 'input' }, dispatch),
    entries: () => [...previous, ...current],
    dropped: () => dropped,
  };
}
