import type { Action } from '../../store/action';
import * as a from './actions';
import { videoSegmentAppended, videoSourceChosen, videoStarted } from '../video/actions';
import { addSample } from './bandwidth-estimator';
import { recordError, recordStop } from './fatal-on-next';
import { fragmentPlan } from './fragment-plan';
import { nextPlayId } from './play-id';
import { clear, emptyQueue, enqueue, sourceOpened, updateEnded, type BufferOperation, type QueueTransition } from './source-buffer-queue';
import { initialMediaState, type Chain, type MediaState, type MediaStatus, type MediaTrack, type PreloadedFile } from './state';

/** Takes a queue transition: its state, and the operation it started for the source-buffer epic. */
function withQueue(state: MediaState, transition: QueueTransition<string>): MediaState {
  const { start } = transition;
  return {
    ...state,
    queue: transition.state,
    started: start === undefined ? state.started : { seq: (state.started?.seq ?? 0) + 1, playId: state.playId, operation: start },
  };
}

const enqueueOp = (state: MediaState, operation: BufferOperation<string>): MediaState =>
  withQueue(state, enqueue(state.queue, { operation, playId: state.playId, clears: state.queue.clears }));

/** spec 001 §4 Source buffer: a step of an older load or from before the last clear is dropped. */
const current = (state: MediaState, step: { playId: number; clears?: number }): boolean =>
  step.playId === state.playId && (step.clears === undefined || step.clears === state.queue.clears);

/** A buffer update's end: of this load, or of the load it continued (the same source buffer, issue 15 chain). */
const currentUpdate = (state: MediaState, step: { playId: number }): boolean => current(state, step) || step.playId === state.chainedFrom;

/** Where the track's time 0 lies on the element's time line (state.ts originMs). */
const originOf = (state: MediaState): number => state.originMs ?? 0;

/** An append of the current track's body, at its origin (no offset at 0: as before chains). */
const appendOp = (state: MediaState, data: string): BufferOperation<string> =>
  originOf(state) === 0 ? { kind: 'append', data } : { kind: 'append', data, offsetMs: originOf(state) };

/**
 * The next file fetched ahead may go behind this track in the same source buffer (issue 15): a
 * protected track followed by a CENC file, whose keys the element's MediaKeys gets ahead (the
 * DRM licenses the preloaded init data). Anything else takes a new MediaSource at the boundary.
 */
export const chainable = (track: MediaTrack, ready: PreloadedFile): boolean =>
  // Issue 18: a video track has two source buffers of its own (core/engine/video): nothing chains out of it.
  track.protected && !track.isAd && track.video === undefined && ready.table.protection === 'cenc';

function withoutChain(state: MediaState): MediaState {
  const { chain: _dropped, ...rest } = state;
  return rest;
}

/**
 * The chain given up before the boundary (a dropped preload: skip, new context, shuffle or repeat
 * change, list cleared): its range is removed and the duration is this track's again; the buffer's
 * last init segment was the chained file's, so this track's is asked for again before any append.
 */
function unchain(state: MediaState, chain: Chain): MediaState {
  const durationMs = originOf(state) + (state.plan?.durationMs ?? 0);
  const unchained = { ...withoutChain(state), endOfStream: false, initRequested: false };
  const removed = enqueueOp(unchained, { kind: 'remove', startMs: chain.originMs, endMs: chain.originMs + chain.plan.durationMs });
  return enqueueOp(removed, { kind: 'duration', durationMs });
}

/**
 * issue 15, gapless: the next file fetched ahead appended behind this track's last fragment, at
 * the track's end on the element's time line (its init segment, then fragment 0), and the
 * MediaSource's duration made to reach its end; its other fragments follow once it is the track.
 */
function chained(state: MediaState, fileId: string, ready: PreloadedFile, current: number): MediaState {
  const plan = fragmentPlan({ ...ready.table, segments: ready.table.segments.map(([size, duration]) => ({ size, duration })), pssh: {} });
  const originMs = originOf(state) + current;
  const chain: Chain = { fileId, originMs, resolved: ready.resolved, plan };
  const next: MediaState = { ...withoutPreload(state), chain, endOfStream: true };
  const appended = enqueueOp(enqueueOp(next, { kind: 'append', data: ready.initKey, offsetMs: originMs }), {
    kind: 'append',
    data: ready.fragmentKey,
    offsetMs: originMs,
  });
  return enqueueOp(appended, { kind: 'duration', durationMs: originMs + plan.durationMs });
}

/**
 * The load of the chained file, from 0, once the element has crossed into it (the track ended
 * there): the same MediaSource and source buffer go on (the queue with its updates, now this
 * load's), its fragment 0 is buffered, and positions count from its origin.
 */
function continued(state: MediaState, track: MediaTrack, playId: number, chain: Chain): MediaState {
  return {
    ...initialMediaState,
    playId,
    status: 'loading',
    track,
    resolved: chain.resolved,
    plan: chain.plan,
    positionMs: 0,
    bufferedEndMs: Math.max(0, originOf(state) + state.bufferedEndMs - chain.originMs),
    fetched: [0],
    initRequested: true,
    queue: { ...state.queue, playId, pending: state.queue.pending.map((update) => ({ ...update, playId })) },
    started: state.started,
    bandwidth: state.bandwidth,
    fatalOnNext: state.fatalOnNext,
    originMs: chain.originMs,
    chainedFrom: state.playId,
  };
}

const ELEMENT_STATUS: Partial<Record<string, MediaStatus>> = { playing: 'playing', pause: 'paused', waiting: 'buffering' };

function withoutInitPending(state: MediaState): MediaState {
  const { initPending: _appended, ...rest } = state;
  return rest;
}

function withoutPreload(state: MediaState): MediaState {
  const { preload: _dropped, ...rest } = state;
  return rest;
}

/**
 * A load of the file fetched ahead (spec 001 §4 can-preload): its URLs and seek table are known,
 * and its init segment and fragment 0 wait in the adapter, queued for the new source buffer (the
 * queue starts them once the source opens), so that it sounds as soon as the element can play.
 */
function fromPreload(loading: MediaState, ready: PreloadedFile): MediaState {
  const plan = fragmentPlan({ ...ready.table, segments: ready.table.segments.map(([size, duration]) => ({ size, duration })), pssh: {} });
  const withPlan: MediaState = { ...loading, resolved: ready.resolved, plan, initRequested: true, initPending: true, fetched: [0] };
  const duration = enqueueOp(withPlan, { kind: 'duration', durationMs: plan.durationMs });
  return enqueueOp(enqueueOp(duration, { kind: 'append', data: ready.initKey }), { kind: 'append', data: ready.fragmentKey });
}

/**
 * Issue 18: the load of a video track (spec 001 §3 manifest_ids_video): no audio MediaSource, fetch
 * or buffer queue of its own (core/engine/video/video.epic.ts streams it); its duration comes with
 * video/started. Nothing fetched ahead goes into it (no preload, no chain: issue 15 is audio only).
 */
function videoLoad(state: MediaState, action: ReturnType<typeof a.mediaLoadRequested>): MediaState {
  const { type: _type, ...track } = action;
  const playId = nextPlayId(state.playId);
  const { nextVideo: video, ...rest } = withoutChain(state);
  return {
    ...initialMediaState,
    playId,
    status: 'loading',
    track: { ...track, video },
    positionMs: track.startMs,
    bufferedEndMs: track.startMs,
    queue: emptyQueue(playId),
    started: rest.started,
    bandwidth: rest.bandwidth,
    fatalOnNext: rest.fatalOnNext,
  };
}

/** The media player of spec 001 §4: the load's steps, the buffer's queue, the estimator and the fatal-on-next flag. */
export function mediaReducer(state: MediaState, action: Action): MediaState {
  if (videoSourceChosen.match(action)) return { ...state, nextVideo: action.sourceId };
  if (a.mediaLoadRequested.match(action) && state.nextVideo !== undefined) return videoLoad(state, action);
  if (a.mediaLoadRequested.match(action)) {
    const { type: _type, ...track } = action;
    const playId = nextPlayId(state.playId);
    const { chain } = state;
    if (chain !== undefined && chain.fileId === track.fileId && track.startMs === 0 && track.autoplay && state.status === 'ended') {
      return continued(state, track, playId, chain);
    }
    // A new load gets a new MediaSource: a fresh queue; the estimator and the fatal-on-next flag carry over.
    const loading: MediaState = {
      ...initialMediaState,
      playId,
      status: 'loading',
      track,
      positionMs: track.startMs,
      bufferedEndMs: track.startMs,
      queue: emptyQueue(playId),
      started: state.started,
      bandwidth: state.bandwidth,
      fatalOnNext: state.fatalOnNext,
    };
    const ready = state.preload !== undefined && state.preload.fileId === track.fileId && track.startMs === 0 ? state.preload.ready : null;
    return ready === null ? loading : fromPreload(loading, ready);
  }
  if (a.mediaPreloadRequested.match(action)) {
    return action.playId === state.playId ? { ...state, preload: { fileId: action.fileId, ready: null } } : state;
  }
  if (a.mediaPreloaded.match(action)) {
    if (action.playId !== state.playId || state.preload?.fileId !== action.fileId) return state;
    const { urls, expiresAt, offset, timescale, segments, protection, initKey, fragmentKey } = action;
    const resolved = expiresAt === null ? { urls } : { urls, expiresAt };
    return { ...state, preload: { fileId: action.fileId, ready: { resolved, table: { offset, timescale, segments, protection }, initKey, fragmentKey } } };
  }
  if (a.mediaPreloadDropped.match(action)) {
    return state.chain === undefined ? withoutPreload(state) : unchain(withoutPreload(state), state.chain);
  }
  if (a.mediaChainRequested.match(action)) {
    const ready = state.preload?.ready;
    if (!current(state, action) || state.chain !== undefined || state.plan === null || ready == null || state.preload?.fileId !== action.fileId) return state;
    return chained(state, action.fileId, ready, state.plan.durationMs);
  }
  if (a.mediaStopRequested.match(action)) {
    return { ...withoutChain(withoutPreload(state)), status: 'stopped', fetching: false, fatalOnNext: recordStop(state.fatalOnNext) };
  }
  // A pause or play before the metadata is loaded decides whether the load starts playing (spec 001 §4 autoplay if requested).
  if ((a.mediaPauseRequested.match(action) || a.mediaPlayRequested.match(action)) && state.status === 'loading' && state.track !== null) {
    return { ...state, track: { ...state.track, autoplay: a.mediaPlayRequested.match(action) } };
  }
  if (a.mediaSourceOpened.match(action)) {
    return current(state, action) ? withQueue(state, sourceOpened(state.queue)) : state;
  }
  if (a.storageResolved.match(action)) {
    if (!current(state, action)) return state;
    return { ...state, resolved: action.expiresAt === null ? { urls: action.urls } : { urls: action.urls, expiresAt: action.expiresAt } };
  }
  if (a.seekTableLoaded.match(action)) {
    if (!current(state, action)) return state;
    const plan = fragmentPlan({ ...action, segments: action.segments.map(([size, duration]) => ({ size, duration })), pssh: {} });
    // The file's length from its seek table (spec 001 §3): a fragmented file's init segment has
    // none, so without it the element's seekable range is only what is buffered and a seek beyond
    // it lands on the buffered end (spec 001 §5: a seek is clamped to 0..duration, not less).
    return enqueueOp({ ...state, plan }, { kind: 'duration', durationMs: plan.durationMs });
  }
  if (a.fragmentRequested.match(action)) {
    if (!current(state, action)) return state;
    return action.index < 0 ? { ...state, fetching: true, initRequested: true, initPending: true } : { ...state, fetching: true };
  }
  if (a.fragmentFetched.match(action)) {
    if (!current(state, action)) return state;
    const next = {
      ...state,
      fetching: false,
      // spec 001 §9 Estimator: every fetch is a sample (the estimator ignores the small ones).
      bandwidth: addSample(state.bandwidth, { bytes: action.bytes, durationMs: action.elapsedMs }),
      fetched: action.index < 0 ? state.fetched : [...state.fetched, action.index],
    };
    return enqueueOp(next, appendOp(state, action.key));
  }
  if (a.endOfStreamRequested.match(action)) {
    if (!current(state, action)) return state;
    return enqueueOp({ ...state, endOfStream: true }, { kind: 'end-of-stream' });
  }
  if (a.bufferUpdateEnded.match(action)) {
    if (!currentUpdate(state, action)) return state;
    // The init segment is the first append of a load (and of a seek that asked for it again): the first to end is it.
    const appended = state.initPending === true && state.started?.operation.kind === 'append' ? withoutInitPending(state) : state;
    return withQueue({ ...appended, bufferedEndMs: action.bufferedEndMs - originOf(state) }, updateEnded(state.queue));
  }
  if (a.bufferUpdateFailed.match(action)) {
    return currentUpdate(state, action) ? withQueue(state, updateEnded(state.queue)) : state;
  }
  if (a.rebufferRequested.match(action)) {
    if (!current(state, action)) return state;
    // spec 001 §8 Media quota exceeded, rebuffer: drop what is behind the playhead, fetch again from what is really buffered.
    return enqueueOp({ ...state, fetched: [], endOfStream: false }, { kind: 'remove', startMs: 0, endMs: originOf(state) + state.positionMs });
  }
  if (videoStarted.match(action)) {
    if (!current(state, action) || state.track?.video === undefined) return state;
    // The video's length (spec 001 §3 start/end_time_millis) is the track's: progress, can-preload and the synthesised end read it.
    return { ...state, plan: { init: { first: 0, last: -1 }, fragments: [], durationMs: action.durationMs } };
  }
  if (videoSegmentAppended.match(action)) {
    if (!current(state, action)) return state;
    // spec 001 §9 Estimator: the video's fetches are samples as the audio's are (the estimator ignores the small ones).
    return { ...state, bandwidth: addSample(state.bandwidth, { bytes: action.bytes, durationMs: action.elapsedMs }) };
  }
  if (a.mediaSeekRequested.match(action) && state.track?.video !== undefined) {
    // Issue 18: a video's buffers are streamVideo's, which fetches from the new position on; nothing is cleared.
    return { ...state, status: state.status === 'ended' ? 'paused' : state.status, positionMs: action.positionMs, bufferedEndMs: action.positionMs };
  }
  if (a.mediaSeekRequested.match(action)) {
    if (state.track === null) return state;
    // spec 001 §4 Source buffer: a seek clears the buffer; what was asked for before is dropped.
    const cleared = withQueue(state, clear(state.queue));
    const status = state.status === 'ended' ? 'paused' : state.status;
    // An init segment not yet appended is dropped with the rest: it is asked for again first (else the
    // fragment appended without it fails as MEDIA_NOT_SUPPORTED).
    // So is the chained file's range (a seek back from the boundary): the buffer's last init segment
    // was the chained file's, so this track's is asked for again too.
    const initRequested = state.initPending === true || state.chain !== undefined ? false : state.initRequested;
    const seeked = {
      ...cleared,
      status,
      positionMs: action.positionMs,
      bufferedEndMs: action.positionMs,
      fetched: [],
      fetching: false,
      endOfStream: false,
      initRequested,
    };
    if (state.chain !== undefined) {
      // The chained file's bodies went with the clear: it is fetched ahead again, to be chained again.
      const again = { ...withoutChain(seeked), preload: { fileId: state.chain.fileId, ready: null, again: true as const } };
      return enqueueOp(again, { kind: 'duration', durationMs: originOf(state) + (state.plan?.durationMs ?? 0) });
    }
    // The duration is the file's, not a buffered fragment's: a duration still waiting goes after the clear.
    const duration = state.queue.pending.find((update) => update.operation.kind === 'duration');
    return duration === undefined ? seeked : enqueueOp(seeked, duration.operation);
  }
  if (a.mediaElementFact.match(action)) {
    if (state.track === null || state.status === 'stopped') return state;
    // A failed load stays failed; an ended one until it plays again (a seek back and play).
    const sticky = state.status === 'failed' || (state.status === 'ended' && action.kind !== 'playing');
    const status = sticky ? state.status : (ELEMENT_STATUS[action.kind] ?? state.status);
    // While loading, the element has not been sent to the start position yet (spec 001 §4: the
    // seek follows metadata loaded): its position is not the player's until it plays.
    if (state.status === 'loading' && action.kind !== 'playing') return { ...state, status };
    // The element's time line, less this track's origin; past the chained file's origin, the track is at its end.
    const origin = originOf(state);
    const end = state.chain === undefined ? Infinity : (state.plan?.durationMs ?? Infinity);
    // Just after a continued load the element may still be a hair before the origin (the track ended by its timer).
    const positionMs = Math.max(0, Math.min(action.positionMs - origin, end));
    return { ...state, status, positionMs, bufferedEndMs: Math.max(action.bufferedEndMs - origin, positionMs) };
  }
  if (a.mediaPausedEvent.match(action)) {
    return current(state, action) && state.status !== 'failed' ? { ...state, status: 'paused' } : state;
  }
  if (a.mediaTrackEnded.match(action)) {
    return current(state, action) ? { ...state, status: 'ended' } : state;
  }
  if (a.mediaPlayerFailed.match(action)) {
    if (!current(state, action)) return state;
    const track = state.track ?? { protected: false, isAd: false };
    const { state: fatalOnNext } = recordError(state.fatalOnNext, action.code, track);
    return {
      ...state,
      status: 'failed',
      fetching: false,
      fatalOnNext,
      lastError:
        action.detail === null ? { code: action.code, message: action.message } : { code: action.code, message: action.message, detail: action.detail },
    };
  }
  return state;
}
