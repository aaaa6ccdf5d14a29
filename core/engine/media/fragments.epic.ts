import { EMPTY, concat, defer, distinctUntilChanged, filter, map, mergeMap, of, switchMap, take, timer, type Observable } from 'rxjs';
import type { RangeFetchResult } from '../../ports';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import type { SessionSlice } from '../session/state';
import { genericBackoffMs } from '../transport/backoff';
import {
  endOfStreamRequested,
  fragmentFetched,
  mediaChainRequested,
  fragmentRequested,
  fragmentRetried,
  fragmentStalled,
  fragmentUrlFallback,
  mediaLoadRequested,
  mediaSeekRequested,
  mediaStopRequested,
  storageResolved,
  storageResolveRequested,
} from './actions';
import type { MediaDeps, MediaEpic } from './deps';
import { failure } from './failure';
import { flagStall } from './fetch-stall';
import { fragmentRequest, judgeFragment, withRetryLimit } from './fragment-fetch';
import { fragmentAfter, nextFetch, type FragmentPlan } from './fragment-plan';
import { chainable } from './reducer';
import type { MediaSlice, MediaState } from './state';
import { onStatusZero } from './storage-resolve';

type FragmentRequest = ReturnType<typeof fragmentRequested>;
type MediaStates = StateObservable<MediaSlice & SessionSlice>;

/**
 * What the buffer needs now (spec 001 §9 Audio fragment length 10 s, top-up below 10 s buffered,
 * the stream ends within 10 s of the end): the init segment first, then the fragment after what
 * is buffered or already fetched; nothing while a fetch is in flight or before the source, the
 * URLs and the seek table are there.
 */
export function wantedStep(media: MediaState): Action | null {
  const { plan, track, resolved, queue, playId } = media;
  if (track === null || plan === null || resolved === null || !queue.open || media.fetching || media.endOfStream) return null;
  if (media.status === 'failed' || media.status === 'stopped' || media.status === 'ended') return null;
  const { clears } = queue;
  if (!media.initRequested) return fragmentRequested({ playId, clears, index: -1, ...plan.init });
  const decision = nextFetch(plan, media.positionMs, coveredEndMs(plan, media.positionMs, media.bufferedEndMs, media.fetched));
  if (decision.kind === 'enough') return null;
  if (decision.kind === 'end-of-stream') return holdsStreamOpen(media) ? null : endOfStreamRequested({ playId, clears });
  return fragmentRequested({ playId, clears, index: decision.fragment.index, ...decision.fragment.bytes });
}

/**
 * issue 15: the stream does not end while the next file fetched ahead may still go behind this
 * one (chainStep). A protected track only: its ended is synthesised (spec 001 §4), so a preload
 * that never comes cannot leave the element waiting at the end for ever.
 */
function holdsStreamOpen(media: MediaState): boolean {
  const { preload, track } = media;
  if (preload === undefined || track === null || !track.protected) return false;
  return preload.ready === null || chainable(track, preload.ready);
}

const ACTIVE: ReadonlySet<string> = new Set(['playing', 'paused', 'buffering']);

/**
 * issue 15, gapless: once every fragment of the track is fetched (its stream would end), the next
 * file fetched ahead is chained behind it in the same source buffer (reducer.ts chained), when it
 * can be (reducer.ts chainable); also after the stream ended, when the preload came later (an
 * append reopens an ended MediaSource).
 */
export function chainStep(media: MediaState): Action | null {
  const { plan, track, preload, queue, playId } = media;
  const ready = preload?.ready ?? null;
  if (track === null || plan === null || preload === undefined || ready === null || media.chain !== undefined) return null;
  if (!queue.open || media.fetching || !ACTIVE.has(media.status) || !chainable(track, ready)) return null;
  // The track's own init segment is in (a seek may have asked for it again).
  if (!media.initRequested || media.initPending === true) return null;
  const done =
    media.endOfStream || nextFetch(plan, media.positionMs, coveredEndMs(plan, media.positionMs, media.bufferedEndMs, media.fetched)).kind === 'end-of-stream';
  return done ? mediaChainRequested({ playId, clears: queue.clears, fileId: preload.fileId }) : null;
}

/**
 * How far the buffer will reach once what was fetched is appended: from the buffered end (or the
 * playhead), on through each following fragment already fetched.
 */
export function coveredEndMs(plan: FragmentPlan, positionMs: number, bufferedEndMs: number, fetched: readonly number[]): number {
  let end = Math.max(positionMs, bufferedEndMs);
  for (
    let fragment = fragmentAfter(plan, positionMs, end);
    fragment !== undefined && fetched.includes(fragment.index);
    fragment = fragmentAfter(plan, positionMs, end)
  ) {
    end = fragment.endMs;
  }
  return end;
}

const stepKey = (step: Action | null): string => (step === null ? 'none' : JSON.stringify(step));

/**
 * Asks for the next fragment whenever the state calls for one. A step is asked for once: the same
 * step again before the reducer marks the fetch in flight is the same request.
 */
export const topUpEpic: MediaEpic = (_action$, state$) =>
  state$.pipe(
    map((state) => wantedStep(state.media) ?? chainStep(state.media)),
    distinctUntilChanged((a, b) => stepKey(a) === stepKey(b)),
    filter((step): step is Action => step !== null),
  );

/** The status-0 fallback of spec 001 §8 Fragment applies to a status 0 or a connection error while online. */
function statusZeroOnline(result: RangeFetchResult): boolean | undefined {
  if (result.kind === 'connection-error') return result.online;
  return result.status === 0 ? true : undefined;
}

/**
 * One fragment: fetched by byte range through the MediaSource adapter (the body stays there under
 * `key`), flagged as a stall after 9000 ms (spec 001 §9), judged by fragment-fetch.ts: retried on
 * connection or server errors or a wrong length with the generic backoff (spec 001 §9: 200 ms
 * linear, 20% jitter), the fallback URL first on an online status 0, re-resolved on a 403.
 */
function fetchFragment(
  deps: MediaDeps,
  action$: Observable<Action>,
  state$: MediaStates,
  request: FragmentRequest,
  retries: number,
  urlIndex: number,
): Observable<Action> {
  return defer(() => {
    const { media } = state$.value;
    const { playId, index } = request;
    const range = { first: request.first, last: request.last };
    const url = media.resolved?.urls[urlIndex];
    const built = fragmentRequest(url, range);
    if ('error' in built) return of(failure(media, playId, built.error));
    const key = `${playId}.${request.clears}.${index}`;
    const startedAt = deps.clock.now();
    return deps.mediaSource.fetchRange(key, built.request.url, range).pipe(
      take(1),
      flagStall(deps.scheduler),
      mergeMap((event): Observable<Action> => {
        if (event.kind === 'stall') return of(fragmentStalled({ playId, index, afterMs: event.afterMs }));
        const result = event.value;
        const online = statusZeroOnline(result);
        const resolved = state$.value.media.resolved;
        if (online !== undefined && resolved !== null) {
          const step = onStatusZero(resolved, urlIndex, online);
          if (step.kind === 'fallback') {
            return concat(
              of(fragmentUrlFallback({ playId, urlIndex: step.urlIndex, warning: step.warning })),
              fetchFragment(deps, action$, state$, request, retries, step.urlIndex),
            );
          }
        }
        const verdict = withRetryLimit(judgeFragment(result, range), retries);
        switch (verdict.kind) {
          case 'ok':
            return of(
              fragmentFetched({
                playId,
                clears: request.clears,
                index,
                key,
                bytes: result.kind === 'response' ? result.byteLength : 0,
                elapsedMs: deps.clock.now() - startedAt,
              }),
            );
          case 'retry': {
            const delayMs = genericBackoffMs(retries + 1, deps.random.next());
            return concat(
              of(fragmentRetried({ playId, index, retry: retries + 1, delayMs, code: verdict.error.code, message: verdict.error.message })),
              timer(delayMs, deps.scheduler).pipe(mergeMap(() => fetchFragment(deps, action$, state$, request, retries + 1, urlIndex))),
            );
          }
          case 're-resolve': {
            const fileId = state$.value.media.track?.fileId ?? '';
            return concat(
              of(storageResolveRequested({ playId, fileId, reason: 're-resolve' })),
              action$.pipe(
                filter(storageResolved.match),
                filter((resolvedAgain) => resolvedAgain.playId === playId),
                take(1),
                mergeMap(() => fetchFragment(deps, action$, state$, request, retries, 0)),
              ),
            );
          }
          case 'fail':
            return of(failure(state$.value.media, playId, verdict.error));
        }
      }),
    );
  });
}

/** Fetches what topUpEpic asked for; a newer request, load, seek or stop cancels the fetch in flight. */
export const fragmentFetchEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(
      (action) => fragmentRequested.match(action) || mediaLoadRequested.match(action) || mediaSeekRequested.match(action) || mediaStopRequested.match(action),
    ),
    switchMap((action) => {
      if (!fragmentRequested.match(action)) return EMPTY;
      const { media } = state$.value;
      // spec 001 §4: a step of an older load, or from before the last clear, is dropped.
      if (action.playId !== media.playId || action.clears !== media.queue.clears) return EMPTY;
      return fetchFragment(deps, action$, state$, action, 0, 0);
    }),
  );
