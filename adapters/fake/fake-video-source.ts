import type { SchedulerLike } from 'rxjs';
import { later } from './scheduled-answer';
import type { RangeFetchResult, VideoBufferKind, VideoSourcePort } from '../../core/ports';

/** What the fake network and buffers do (issue 18 video playback). */
export interface FakeVideoSourceScript {
  /** The n-th fetch of `url` (0-based) at scheduler time `now`: its result and how many ms it takes. */
  readonly fetch: (url: string, n: number, now: number) => { readonly result: RangeFetchResult; readonly ms: number };
  /** The buffer's buffered end (ms) once `key` is appended. */
  readonly bufferedEnd: (kind: VideoBufferKind, key: string) => number;
  /** Types the browser plays; all by default. */
  readonly isTypeSupported?: (contentType: string) => boolean;
}

export interface FakeVideoSource extends VideoSourcePort {
  /** The buffered end of each buffer now. */
  buffered(): Readonly<Record<VideoBufferKind, number>>;
}

/** A scheduler-driven VideoSourcePort recording each call in `calls` ('attach v|a 22000', 'fetch url', 'append video key', 'end'). */
export function createFakeVideoSource(scheduler: SchedulerLike, calls: string[], script: FakeVideoSourceScript): FakeVideoSource {
  const ends: Record<VideoBufferKind, number> = { video: 0, audio: 0 };
  const attempts = new Map<string, number>();
  return {
    isTypeSupported: (type) => script.isTypeSupported?.(type) ?? true,
    attach: (types, durationMs) =>
      later(scheduler, () => {
        calls.push(`attach ${types.video} | ${types.audio} ${durationMs}`);
      }),
    fetchSegment: (key, url) => {
      const n = attempts.get(url) ?? 0;
      attempts.set(url, n + 1);
      calls.push(`fetch ${url}`);
      const { result, ms } = script.fetch(url, n, scheduler.now());
      return later(scheduler, () => result, ms);
    },
    append: (kind, key) =>
      later(scheduler, () => {
        calls.push(`append ${kind} ${key}`);
        ends[kind] = script.bufferedEnd(kind, key);
        return ends[kind];
      }),
    endOfStream: () =>
      later(scheduler, () => {
        calls.push('end');
      }),
    buffered: () => ({ ...ends }),
  };
}
