import { initialBandwidthState, type BandwidthState } from './bandwidth-estimator';
import { initialFatalOnNext, type FatalOnNextState } from './fatal-on-next';
import type { FragmentPlan } from './fragment-plan';
import type { MediaPipelineError } from './media-errors';
import { INITIAL_PLAY_ID } from './play-id';
import { emptyQueue, type BufferOperation, type ClearOperation, type SourceBufferQueue } from './source-buffer-queue';
import type { ResolvedUrls } from './storage-resolve';

export interface MediaTrack {
  readonly fileId: string;
  readonly protected: boolean;
  readonly isAd: boolean;
  readonly startMs: number;
  readonly autoplay: boolean;
  /**
   * Issue 18: a video track's source id (spec 001 §3 manifest_ids_video): it plays through the video
   * manifest and streamVideo (core/engine/video) instead of fileId's fragments. Absent for audio.
   */
  readonly video?: string;
}

/** spec 001 §4 Media player steps: load … playing, paused, ended, stopped (and failed on an error of §8). */
export type MediaStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'buffering' | 'ended' | 'stopped' | 'failed';

/** The buffer update the queue started, for the source-buffer epic to perform (seq tells a new one). */
export interface StartedOperation {
  readonly seq: number;
  readonly playId: number;
  readonly operation: BufferOperation<string> | ClearOperation;
}

/** The next track's file fetched ahead (spec 001 §4 can-preload): `ready` once all of it is here. */
export interface Preload {
  readonly fileId: string;
  readonly ready: PreloadedFile | null;
  /** A seek took back the chained file's appended bodies: it is to be fetched ahead again (preload.epic.ts refetchEpic). */
  readonly again?: true;
}

export interface PreloadedFile {
  readonly resolved: ResolvedUrls;
  readonly table: {
    readonly offset: number;
    readonly timescale: number;
    readonly segments: ReadonlyArray<readonly [number, number]>;
    readonly protection: string;
  };
  /** Where the adapter keeps the init segment's and fragment 0's bodies. */
  readonly initKey: string;
  readonly fragmentKey: string;
}

/**
 * The next file, appended behind the current track in the same source buffer (issue 15, gapless):
 * its time 0 is `originMs` on the element's time line, its init segment and fragment 0 are queued
 * or appended there.
 */
export interface Chain {
  readonly fileId: string;
  readonly originMs: number;
  readonly resolved: ResolvedUrls;
  readonly plan: FragmentPlan;
}

export interface MediaState {
  /** spec 001 §4: each load increments it. */
  readonly playId: number;
  readonly status: MediaStatus;
  readonly track: MediaTrack | null;
  readonly resolved: ResolvedUrls | null;
  readonly plan: FragmentPlan | null;
  readonly positionMs: number;
  readonly bufferedEndMs: number;
  /** The fragments fetched since the last clear or rebuffer (queued or appended), by index. */
  readonly fetched: readonly number[];
  readonly initRequested: boolean;
  /**
   * The init segment was asked for (or queued from the file fetched ahead) and no append has ended
   * since: a seek's clear would drop it (its fetch or its queued append), so a seek asks for it again
   * before any fragment. Absent otherwise (recorded states fold as before).
   */
  readonly initPending?: true;
  /** A fragment fetch is in flight (one at a time). */
  readonly fetching: boolean;
  readonly endOfStream: boolean;
  /** The source buffer's update queue; appends carry the adapter's key of the body. */
  readonly queue: SourceBufferQueue<string>;
  readonly started: StartedOperation | null;
  readonly bandwidth: BandwidthState;
  readonly fatalOnNext: FatalOnNextState;
  readonly lastError: MediaPipelineError | null;
  /** The next file fetched ahead; absent when there is none (so logs recorded before it fold as they did). */
  readonly preload?: Preload;
  /**
   * Where this track's time 0 lies on the element's time line (absent: 0). A track that continued
   * the MediaSource of the one before it (a chain) starts where that one ended: the element's
   * positions and buffered ends are this much ahead of the track's, and seeks and removes are
   * sent this much ahead.
   */
  readonly originMs?: number;
  /** The next file, appended behind this track (absent when there is none). */
  readonly chain?: Chain;
  /** The load this one continued (chained): its buffer update still running ends for this one. */
  readonly chainedFrom?: number;
  /** Issue 18: the next load is of this video source (video/sourceChosen); absent otherwise. */
  readonly nextVideo?: string;
}

export interface MediaSlice {
  readonly media: MediaState;
}

export const initialMediaState: MediaState = {
  playId: INITIAL_PLAY_ID,
  status: 'idle',
  track: null,
  resolved: null,
  plan: null,
  positionMs: 0,
  bufferedEndMs: 0,
  fetched: [],
  initRequested: false,
  fetching: false,
  endOfStream: false,
  queue: emptyQueue(INITIAL_PLAY_ID),
  started: null,
  bandwidth: initialBandwidthState(),
  fatalOnNext: initialFatalOnNext,
  lastError: null,
};
