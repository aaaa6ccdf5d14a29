import { Observable } from 'rxjs';
import type { RangeFetchResult, VideoBufferKind, VideoSourcePort } from '../../core/ports';
import { call } from './element-calls';
import { bufferedEndMs, type MediaSourceWindow } from './media-source';

/** The part of the video element this adapter uses (issue 18, spec 001 §2 video container). */
export type VideoSourceElement = Pick<HTMLMediaElement, 'src' | 'currentTime'>;

/** More than the stream ever holds: it appends each body right after fetching it. */
const MAX_KEPT_BODIES = 8;

const named = (name: string, message: string): Error => Object.assign(new Error(message), { name });

/**
 * VideoSourcePort over Media Source Extensions on a video element: one MediaSource, a video and an
 * audio source buffer (the provider's profiles are video-only or audio-only). Segment bodies stay
 * here under the core's keys until appended; the core runs one update at a time.
 */
export function createBrowserVideoSource(win: MediaSourceWindow, element: VideoSourceElement): VideoSourcePort {
  const bodies = new Map<string, ArrayBuffer>();
  let source: MediaSource | null = null;
  let buffers: Partial<Record<VideoBufferKind, SourceBuffer>> = {};

  const attach = (types: Readonly<Record<VideoBufferKind, string>>, durationMs: number): Observable<void> =>
    new Observable<void>((subscriber) => {
      const ms = new win.MediaSource();
      const url = win.URL.createObjectURL(ms);
      const onOpen = (): void => {
        win.URL.revokeObjectURL(url);
        try {
          buffers = { video: ms.addSourceBuffer(types.video), audio: ms.addSourceBuffer(types.audio) };
          // The seekable range is the whole video before its end is buffered.
          ms.duration = durationMs / 1000;
        } catch (err) {
          subscriber.error(err);
          return;
        }
        subscriber.next();
      };
      ms.addEventListener('sourceopen', onOpen, { once: true });
      source = ms;
      element.src = url;
      return () => {
        ms.removeEventListener('sourceopen', onOpen);
        bodies.clear();
        if (source === ms) {
          source = null;
          buffers = {};
        }
      };
    });

  const fetchSegment = (key: string, url: string): Observable<RangeFetchResult> =>
    new Observable<RangeFetchResult>((subscriber) => {
      const abort = new AbortController();
      void win
        .fetch(url, { signal: abort.signal })
        .then(async (response): Promise<RangeFetchResult> => {
          const body = await response.arrayBuffer();
          if (response.ok) {
            bodies.set(key, body);
            for (const oldest of bodies.keys()) if (bodies.size > MAX_KEPT_BODIES) bodies.delete(oldest);
          }
          return { kind: 'response', status: response.status, byteLength: body.byteLength };
        })
        .catch((): RangeFetchResult => ({ kind: 'connection-error', online: win.navigator.onLine }))
        .then((result) => {
          if (abort.signal.aborted) return;
          subscriber.next(result);
          subscriber.complete();
        });
      return () => abort.abort();
    });

  const append = (kind: VideoBufferKind, key: string): Observable<number> =>
    new Observable<number>((subscriber) => {
      const sb = buffers[kind];
      const body = bodies.get(key);
      if (sb === undefined) {
        subscriber.error(named('InvalidStateError', `no ${kind} source buffer`));
        return undefined;
      }
      if (body === undefined) {
        subscriber.error(named('NotFoundError', `no fetched body under ${key}`));
        return undefined;
      }
      bodies.delete(key);
      const onEnd = (): void => {
        subscriber.next(bufferedEndMs({ currentTime: element.currentTime, buffered: sb.buffered }));
        subscriber.complete();
      };
      const onError = (): void => subscriber.error(named('AppendError', 'source buffer update failed'));
      sb.addEventListener('updateend', onEnd, { once: true });
      sb.addEventListener('error', onError, { once: true });
      try {
        sb.appendBuffer(body);
      } catch (err) {
        subscriber.error(err);
      }
      return () => {
        sb.removeEventListener('updateend', onEnd);
        sb.removeEventListener('error', onError);
      };
    });

  return {
    isTypeSupported: (type) =>
      typeof (win.MediaSource as typeof MediaSource | undefined)?.isTypeSupported === 'function' && win.MediaSource.isTypeSupported(type),
    attach,
    fetchSegment,
    append,
    endOfStream: () =>
      call(() => {
        const updating = Object.values(buffers).some((sb) => sb.updating);
        if (source !== null && source.readyState === 'open' && !updating) source.endOfStream();
      }),
  };
}
