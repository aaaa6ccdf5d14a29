import { Observable, Subject, type SchedulerLike } from 'rxjs';
import { later as answerLater, named } from './scheduled-answer';
import { PRELOAD_KEY_PREFIX, type MediaByteRange, type MediaElementFact, type MediaSourcePort, type RangeFetchResult } from '../../core/ports';

/** What the fake element and network do; by default every range arrives whole on the next turn. */
export interface FakeMediaSourceScript {
  /** The answer to the n-th fetch (0-based) of a range; undefined: 206 with the range's length. */
  readonly fetch?: (url: string, range: MediaByteRange, n: number) => RangeFetchResult | undefined;
  /** Scheduler ms before a fetch answers (0: the next turn); 'never' for a fetch that hangs. */
  readonly fetchMs?: number | 'never' | ((url: string, range: MediaByteRange, n: number) => number | 'never');
  /** Scheduler ms an append or remove takes (0 by default). */
  readonly updateMs?: number;
  /** The DOMException name an append of `key` fails with, if any (e.g. QuotaExceededError). */
  readonly appendError?: (key: string, n: number) => string | undefined;
  /** isTypeSupported() answers false (a browser without MediaSource). */
  readonly unsupported?: boolean;
  /** attach() fails with this name (NotSupportedError) instead of opening. */
  readonly attachError?: string;
  /** play() is refused with this name (NotAllowedError: autoplay blocked). */
  readonly playError?: string;
}

export interface FakeMediaSource extends MediaSourcePort {
  /** Reports an element event. */
  emitFact(fact: MediaElementFact): void;
  /** What the fake reports as the buffered end after an update. */
  setBufferedEnd(ms: number): void;
}

/** A scheduler-driven MediaSourcePort that records each call in `calls` ('attach audio/mp4', 'fetch url 0-99', 'append k', ...). */
export function createFakeMediaSource(scheduler: SchedulerLike, calls: string[], script: FakeMediaSourceScript = {}): FakeMediaSource {
  const facts$ = new Subject<MediaElementFact>();
  const kept = new Set<string>();
  let bufferedEnd = 0;
  let fetches = 0;
  let appends = 0;

  const later = <T>(ms: number, work: () => T | Error): Observable<T> => answerLater(scheduler, work, ms);

  return {
    isTypeSupported: () => script.unsupported !== true,
    attach: (mimeType) =>
      new Observable<void>((subscriber) => {
        calls.push(`attach ${mimeType}`);
        const task = scheduler.schedule(() => (script.attachError === undefined ? subscriber.next() : subscriber.error(named(script.attachError))));
        return () => {
          calls.push('detach');
          // The next track's bodies, fetched ahead, outlive the current track's source (core/ports.ts).
          for (const key of kept) if (!key.startsWith(PRELOAD_KEY_PREFIX)) kept.delete(key);
          task.unsubscribe();
        };
      }),
    fetchRange: (key, url, range) => {
      const n = fetches;
      fetches += 1;
      const delay = typeof script.fetchMs === 'function' ? script.fetchMs(url, range, n) : (script.fetchMs ?? 0);
      calls.push(`fetch ${url} ${range.first}-${range.last}`);
      if (delay === 'never') return new Observable<RangeFetchResult>(() => undefined);
      return later(delay, (): RangeFetchResult => {
        const result = script.fetch?.(url, range, n) ?? { kind: 'response', status: 206, byteLength: range.last - range.first + 1 };
        if (result.kind === 'response' && result.status >= 200 && result.status < 300) kept.add(key);
        return result;
      });
    },
    append: (key, offsetMs) => {
      const n = appends;
      appends += 1;
      return later(script.updateMs ?? 0, () => {
        calls.push(offsetMs === undefined || offsetMs === 0 ? `append ${key}` : `append ${key} at ${offsetMs}`);
        if (!kept.delete(key)) return named('NotFoundError');
        const error = script.appendError?.(key, n);
        return error === undefined ? bufferedEnd : named(error);
      });
    },
    remove: (startMs, endMs) =>
      later(script.updateMs ?? 0, () => {
        calls.push(`remove ${startMs}-${endMs}`);
        return bufferedEnd;
      }),
    endOfStream: () => later(0, () => void calls.push('endOfStream')),
    setDuration: (durationMs) => later(0, () => void calls.push(`duration ${durationMs}`)),
    play: () => later(0, () => (calls.push('play'), script.playError === undefined ? undefined : named(script.playError))),
    pause: () => later(0, () => void calls.push('pause')),
    seek: (positionMs) => later(0, () => void calls.push(`seek ${positionMs}`)),
    setVolume: (volume) => later(0, () => void calls.push(`volume ${volume}`)),
    facts$: facts$.asObservable(),
    emitFact: (fact) => facts$.next(fact),
    setBufferedEnd: (ms) => {
      bufferedEnd = ms;
    },
  };
}
