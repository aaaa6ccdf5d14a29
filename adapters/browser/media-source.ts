import { Observable } from 'rxjs';
import { PRELOAD_KEY_PREFIX, type MediaByteRange, type MediaElementFact, type MediaSourcePort, type RangeFetchResult } from '../../core/ports';
import { psshInitData } from './pssh';
import { call, elementControls, elementFacts } from './element-calls';

/** The part of the window this adapter uses. */
export interface MediaSourceWindow {
  readonly MediaSource: typeof MediaSource;
  readonly URL: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  readonly navigator: Pick<Navigator, 'onLine'>;
  fetch(url: string, init: RequestInit): Promise<Response>;
}

/** The part of the audio element this adapter uses (the element the EME adapter sets media keys on). */
export type MediaSourceElement = Pick<
  HTMLMediaElement,
  'src' | 'currentTime' | 'duration' | 'buffered' | 'error' | 'volume' | 'play' | 'pause' | 'addEventListener' | 'removeEventListener'
>;

/** Far more than the source-buffer queue ever holds (a fetch runs ahead of at most a few appends). */
const MAX_KEPT_BODIES = 16;

const named = (name: string, message: string): Error => Object.assign(new Error(message), { name });

/** Buffered ends this close to the playhead count as holding it (a seek lands a hair before a range). */
const HOLD_TOLERANCE_S = 0.05;

/** The end of the buffered range holding the playhead, in ms; the playhead when none does. */
export function bufferedEndMs(element: Pick<HTMLMediaElement, 'currentTime' | 'buffered'>): number {
  const at = element.currentTime;
  for (let i = 0; i < element.buffered.length; i += 1) {
    if (element.buffered.start(i) <= at + HOLD_TOLERANCE_S && at <= element.buffered.end(i)) return element.buffered.end(i) * 1000;
  }
  return at * 1000;
}

/**
 * MediaSourcePort over Media Source Extensions on one audio element. Range bodies are kept here,
 * under the core's keys, until appended (or a remove or detach frees them): no byte crosses into
 * the core. The order of buffer updates is the core's; this adapter only performs one.
 */
export function createBrowserMediaSource(win: MediaSourceWindow, element: MediaSourceElement): MediaSourcePort {
  const bodies = new Map<string, ArrayBuffer>();
  // Bodies the core dropped (a seek, a newer load) are never appended: only the newest are kept.
  const keep = (key: string, body: ArrayBuffer): void => {
    bodies.set(key, body);
    for (const oldest of bodies.keys()) {
      if (bodies.size <= MAX_KEPT_BODIES) break;
      bodies.delete(oldest);
    }
  };
  let source: MediaSource | null = null;
  let buffer: SourceBuffer | null = null;

  /** Runs one update of the source buffer: resolves on updateend with the buffered end. */
  const update = (start: (sb: SourceBuffer) => void): Observable<number> =>
    new Observable<number>((subscriber) => {
      const sb = buffer;
      if (sb === null) {
        subscriber.error(named('InvalidStateError', 'no source buffer'));
        return undefined;
      }
      const onEnd = (): void => {
        subscriber.next(bufferedEndMs(element));
        subscriber.complete();
      };
      const onError = (): void => subscriber.error(named('AppendError', 'source buffer update failed'));
      sb.addEventListener('updateend', onEnd, { once: true });
      sb.addEventListener('error', onError, { once: true });
      try {
        start(sb);
      } catch (err) {
        subscriber.error(err);
      }
      return () => {
        sb.removeEventListener('updateend', onEnd);
        sb.removeEventListener('error', onError);
      };
    });

  const attach = (mimeType: string): Observable<void> =>
    new Observable<void>((subscriber) => {
      const ms = new win.MediaSource();
      const url = win.URL.createObjectURL(ms);
      const onOpen = (): void => {
        win.URL.revokeObjectURL(url);
        try {
          buffer = ms.addSourceBuffer(mimeType);
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
        // The next track's bodies, fetched ahead, outlive this source (core/ports.ts PRELOAD_KEY_PREFIX).
        for (const key of [...bodies.keys()]) if (!key.startsWith(PRELOAD_KEY_PREFIX)) bodies.delete(key);
        if (source === ms) {
          source = null;
          buffer = null;
        }
      };
    });

  const fetchRange = (key: string, url: string, range: MediaByteRange): Observable<RangeFetchResult> =>
    new Observable<RangeFetchResult>((subscriber) => {
      const abort = new AbortController();
      void win
        .fetch(url, { headers: { range: `bytes=${range.first}-${range.last}` }, signal: abort.signal })
        .then(async (response) => {
          const body = await response.arrayBuffer();
          if (response.ok) keep(key, body);
          // A body that starts the file is an init segment: its pssh boxes let the DRM license it before it is appended.
          const initData = response.ok && range.first === 0 ? psshInitData(body) : undefined;
          return { kind: 'response', status: response.status, byteLength: body.byteLength, ...(initData === undefined ? {} : { initData }) } as const;
        })
        .catch((): RangeFetchResult => ({ kind: 'connection-error', online: win.navigator.onLine }))
        .then((result) => {
          if (abort.signal.aborted) return;
          subscriber.next(result);
          subscriber.complete();
        });
      return () => {
        abort.abort();
      };
    });

  const append = (key: string, offsetMs = 0): Observable<number> =>
    update((sb) => {
      const body = bodies.get(key);
      if (body === undefined) throw named('NotFoundError', `no fetched body under ${key}`);
      bodies.delete(key);
      // Only when it changes: a chained track's appends are behind the playing one's (core/ports.ts append).
      if (sb.timestampOffset !== offsetMs / 1000) sb.timestampOffset = offsetMs / 1000;
      sb.appendBuffer(body);
    });

  const remove = (startMs: number, endMs: number): Observable<number> => {
    if (!(endMs > startMs)) return new Observable<number>((subscriber) => (subscriber.next(bufferedEndMs(element)), subscriber.complete()));
    return update((sb) => sb.remove(startMs / 1000, endMs / 1000));
  };

  const facts$ = elementFacts(element, (kind): MediaElementFact => {
    const fact = { kind, positionMs: element.currentTime * 1000, durationMs: element.duration * 1000, bufferedEndMs: bufferedEndMs(element) };
    return kind === 'error' && element.error !== null ? { ...fact, errorCode: element.error.code } : fact;
  });

  return {
    // Browsers without MediaSource (older iOS) have no window.MediaSource at all.
    isTypeSupported: (mimeType) =>
      typeof (win.MediaSource as typeof MediaSource | undefined)?.isTypeSupported === 'function' && win.MediaSource.isTypeSupported(mimeType),
    attach,
    fetchRange,
    append,
    remove,
    endOfStream: () =>
      call(() => {
        if (source !== null && source.readyState === 'open' && buffer?.updating !== true) source.endOfStream();
      }),
    // The core queues it behind any update (setting it while the buffer updates throws InvalidStateError).
    setDuration: (durationMs) =>
      call(() => {
        if (source !== null && source.readyState === 'open') source.duration = durationMs / 1000;
      }),
    ...elementControls(element),
    facts$,
  };
}
