import { Observable, Subject, type SchedulerAction, type SchedulerLike, type Subscription } from 'rxjs';
import type { AudioElementPort, AudioFact } from '../../core/ports';

export interface FakeAudioOptions {
  /** play() fails as a browser's autoplay policy makes it fail. */
  readonly refusePlay?: boolean;
  /**
   * Behave like an element playing a file: metadata after load, `playing` after play(), a
   * timeupdate every `tickMs` and pause + ended at the end. Off by default: tests emit facts
   * themselves, and a replay feeds the recorded facts from the log.
   */
  readonly simulate?: boolean;
  /** Length of every simulated file (a preview is 30 s). */
  readonly durationMs?: number;
  readonly tickMs?: number;
}

export interface FakeAudio extends AudioElementPort {
  emit(fact: AudioFact): void;
}

/** The message Chromium gives a play() refused by its autoplay policy. */
export const PLAY_REFUSED_MESSAGE = "play() failed because the user didn't interact with the document first.";

/**
 * An AudioElementPort on a scheduler. Calls are recorded in `calls` ('load <src>', 'play',
 * 'pause', 'seek <ms>', 'volume <0..1>'). play() settles asynchronously, like the browser's promise.
 */
export function createFakeAudio(scheduler: SchedulerLike, calls: string[], options: FakeAudioOptions = {}): FakeAudio {
  const facts$ = new Subject<AudioFact>();
  const durationMs = options.durationMs ?? 30000;
  const tickMs = options.tickMs ?? 250;
  // The simulated element. `generation` grows on each load: tasks queued for an older source are
  // dropped, as a browser drops the pending events of a media element when it loads anew.
  let generation = 0;
  let positionMs = 0;
  let knownDurationMs = Number.NaN;
  let playing = false;
  let ticker: Subscription | null = null;
  let assigned: string | null = null;

  const fact = (kind: AudioFact['kind']) => facts$.next({ kind, positionMs, durationMs: knownDurationMs });
  const later = (work: () => void, delay = 0) => {
    const at = generation;
    return scheduler.schedule(() => {
      if (at === generation) work();
    }, delay);
  };
  const stop = () => {
    playing = false;
    ticker?.unsubscribe();
    ticker = null;
  };
  const tick = function (this: SchedulerAction<unknown>) {
    const at = generation;
    positionMs = Math.min(positionMs + tickMs, durationMs);
    fact('timeupdate');
    // The update may have made the widget pause or load another file (the preview cap).
    if (at !== generation || !playing) return;
    if (positionMs >= durationMs) {
      stop();
      fact('pause');
      fact('ended');
    } else {
      this.schedule(undefined, tickMs);
    }
  };
  const call = (line: string, effect: () => void) =>
    new Observable<void>((subscriber) => {
      calls.push(line);
      if (options.simulate === true) effect();
      subscriber.next();
      subscriber.complete();
    });

  return {
    facts$: facts$.asObservable(),
    emit: (f) => facts$.next(f),
    prefetch: (src) =>
      call(`prefetch ${src}`, () => {
        if (assigned !== null) return;
        assigned = src;
        later(() => {
          knownDurationMs = durationMs;
          fact('loadedmetadata');
        });
      }),
    load: (src) =>
      call(`load ${src}`, () => {
        // A prefetched file is kept, as the browser adapter keeps it: only the rest is fetched.
        if (assigned === src && generation === 0) {
          later(() => fact('canplaythrough'));
          return;
        }
        assigned = src;
        stop();
        generation += 1;
        positionMs = 0;
        knownDurationMs = Number.NaN;
        later(() => {
          knownDurationMs = durationMs;
          fact('loadedmetadata');
          fact('canplaythrough');
        });
      }),
    play: () =>
      new Observable<void>((subscriber) => {
        calls.push('play');
        const at = generation;
        const settle = scheduler.schedule(() => {
          if (at !== generation) {
            // As in a browser: a new load rejects the pending play() promise.
            subscriber.error(new Error('The play() request was interrupted by a new load request.'));
            return;
          }
          if (options.refusePlay === true) {
            subscriber.error(new Error(PLAY_REFUSED_MESSAGE));
            return;
          }
          if (options.simulate === true && !playing) {
            playing = true;
            if (positionMs >= durationMs) positionMs = 0;
            fact('playing');
            ticker = scheduler.schedule(tick, tickMs);
          }
          subscriber.next();
          subscriber.complete();
        });
        return () => settle.unsubscribe();
      }),
    pause: () =>
      call('pause', () => {
        if (!playing) return;
        stop();
        later(() => fact('pause'));
      }),
    seek: (ms) =>
      call(`seek ${ms}`, () => {
        positionMs = Math.max(0, Math.min(ms, durationMs));
        later(() => fact('timeupdate'));
      }),
    // No fact follows: a volume change is not one of the facts the core listens to.
    setVolume: (volume) => call(`volume ${volume}`, () => undefined),
  };
}
