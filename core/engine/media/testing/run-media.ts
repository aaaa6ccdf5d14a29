import type { SchedulerLike } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse, MediaElementFact, MediaSourcePort } from '../../../ports';
import type { Action } from '../../../store/action';
import { createStore, type Envelope } from '../../../store/store';
import { initialSessionState, type SessionSlice } from '../../session/state';
import { mediaLoadRequested } from '../actions';
import type { MediaConfig, MediaDeps } from '../deps';
import { decodeMediaElementFact } from '../element-fact';
import { mediaEpics } from '../index';
import { mediaReducer } from '../reducer';
import { initialMediaState, type MediaSlice, type MediaState } from '../state';

/** As adapters/fake's: core/ may not import adapters/, so the test hands its fakes in. */
export type HttpResponder = (request: HttpRequest) => HttpResponse | Error;
export interface MediaFakes<Script> {
  readonly createFakeHttp: (scheduler: SchedulerLike, calls: HttpRequest[], responder: HttpResponder, latencyMs?: number) => HttpPort;
  readonly createFakeMediaSource: (
    scheduler: SchedulerLike,
    calls: string[],
    script: Script,
  ) => MediaSourcePort & { emitFact(fact: MediaElementFact): void; setBufferedEnd(ms: number): void };
}

/** One epic action as a test reads it: virtual ms, type, payload. */
export type Logged = [number, string, Record<string, unknown>?];

export const CONFIG: MediaConfig = {
  storageResolveBase: 'http://p.test/storage-resolve/files/audio/interactive/',
  seekTableBase: 'http://p.test/seektable/',
  mimeType: 'audio/mp4; codecs="mp4a.40.2"',
  pauseOnQuotaExceeded: false,
};

export const CDN = 'http://cdn.test/audio/f1';
export const CDN_FALLBACK = 'http://cdn2.test/audio/f1';

/** A 25 s file: init of 1000 bytes, then 10 s, 10 s and 5 s segments of 20000, 20000 and 10000 bytes (timescale 1000). */
export const SEEK_TABLE = {
  offset: 1000,
  timescale: 1000,
  segments: [
    [20000, 10000],
    [20000, 10000],
    [10000, 5000],
  ],
};

export const load = (overrides: Partial<ReturnType<typeof mediaLoadRequested>> = {}): Action =>
  mediaLoadRequested({ fileId: 'f1', protected: true, isAd: false, startMs: 0, autoplay: true, ...overrides });

/** The provider: storage-resolve answers `resolve(n)` (two CDN URLs by default), the seek table SEEK_TABLE. */
export function provider(options: { resolve?: (n: number) => HttpResponse | Error; seekTable?: HttpResponse | Error } = {}): HttpResponder {
  let resolves = 0;
  return (request) => {
    if (request.url.startsWith(CONFIG.storageResolveBase)) {
      const n = resolves;
      resolves += 1;
      return options.resolve?.(n) ?? { status: 200, headers: {}, body: JSON.stringify({ cdnurl: [CDN, CDN_FALLBACK], fileid: 'f1', ttl: 86400 }) };
    }
    if (request.url.startsWith(CONFIG.seekTableBase)) return options.seekTable ?? { status: 200, headers: {}, body: JSON.stringify(SEEK_TABLE) };
    return { status: 404, headers: {}, body: '' };
  };
}

export interface MediaRun {
  readonly log: Logged[];
  readonly http: HttpRequest[];
  readonly calls: string[];
  readonly state: () => MediaState;
  /** Schedules an element fact at `at` (decoded as the edge does). */
  fact(at: number, fact: Partial<MediaElementFact> & Pick<MediaElementFact, 'kind'>): void;
}

/** The media player alone in a store with a logged-in session: inputs at their times, stopped at `stopAt`. */
export function runMedia<Script>(
  fakes: MediaFakes<Script>,
  scheduler: SchedulerLike,
  responder: HttpResponder,
  script: Script,
  inputs: ReadonlyArray<readonly [number, Action]>,
  stopAt: number,
  options: { config?: Partial<MediaConfig>; httpLatencyMs?: number; draw?: number } = {},
): MediaRun {
  const log: Logged[] = [];
  const http: HttpRequest[] = [];
  const calls: string[] = [];
  const mediaSource = fakes.createFakeMediaSource(scheduler, calls, script);
  const deps: MediaDeps = {
    clock: { now: () => scheduler.now() },
    scheduler,
    // 0.5: the generic backoff without jitter.
    random: { next: () => options.draw ?? 0.5 },
    http: fakes.createFakeHttp(scheduler, http, responder, options.httpLatencyMs),
    mediaSource,
    media: { ...CONFIG, ...options.config },
  };
  const session = { ...initialSessionState, status: 'loaded' as const, accessToken: 'tok', expiresAtMs: 1e12, isAnonymous: false };
  const store = createStore<MediaSlice & SessionSlice, MediaDeps>({
    reducer: (state, action) => ({ ...state, media: mediaReducer(state.media, action) }),
    epics: mediaEpics,
    deps,
    initialState: { media: initialMediaState, session },
    onEnvelope: (e: Envelope) => {
      if (e.src !== 'epic') return;
      const { type, ...payload } = e.action as Action & Record<string, unknown>;
      log.push(Object.keys(payload).length === 0 ? [e.t, type] : [e.t, type, payload]);
    },
  });
  const facts = mediaSource.facts$.subscribe((fact) => store.dispatch(decodeMediaElementFact(fact, store.getState().media.playId), 'adapter'));
  for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action, 'ui'), at);
  scheduler.schedule(() => {
    facts.unsubscribe();
    store.stop();
  }, stopAt);
  return {
    log,
    http,
    calls,
    state: () => store.getState().media,
    fact: (at, fact) => scheduler.schedule(() => mediaSource.emitFact({ positionMs: 0, durationMs: NaN, bufferedEndMs: 0, ...fact }), at),
  };
}

/** The log's entries of these types only. */
export const only = (log: readonly Logged[], ...types: string[]): Logged[] => log.filter(([, type]) => types.includes(type));
