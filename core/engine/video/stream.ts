import { EMPTY, concat, defer, filter, map, mergeMap, of, take, timer, type Observable } from 'rxjs';
import type { Ports, VideoBufferKind, VideoSourcePort } from '../../ports';
import { addSample, estimate, type BandwidthState } from '../media/bandwidth-estimator';
import type { MediaPipelineError } from '../media/media-errors';
import { genericBackoffMs } from '../transport/backoff';
import type { VideoManifest } from './manifest';
import { chooseProfiles, contentType, type ProfileSet } from './profiles';
import { initUrl, judgeSegment, segmentCount, segmentLengthMs, segmentUrl, segmentVerdictAfter } from './segments';

/**
 * How far ahead of the playhead segments are fetched: ours, the audio path's spec 001 §9 top-up
 * (below 10 s buffered), so a profile switch always has the segments already buffered to play
 * while the new profile's init and first segment arrive.
 */
export const VIDEO_AHEAD_MS = 10000;

/** Ours: how close after a segment boundary a playhead still needs the segment before it (nextVideoStep). */
export const BOUNDARY_MARGIN_MS = 250;

/** Where the stream is: the segments appended so far, and whether the MediaSource was ended since. */
export interface VideoProgress {
  readonly count: number;
  readonly lengthMs: number;
  readonly done: ReadonlySet<number>;
  readonly ended: boolean;
}

export type VideoStep = { readonly kind: 'segment'; readonly index: number } | { readonly kind: 'end' } | { readonly kind: 'wait' };

/**
 * The stream's next step at this playhead: the first segment from the playhead's on that is not
 * in yet, once it starts less than VIDEO_AHEAD_MS ahead (a seek forward skips what lies before it;
 * a seek back into a skipped gap fetches it); when everything from the playhead to the end is in,
 * the end of the stream (once: the element then ends at the last frame).
 */
export function nextVideoStep(positionMs: number, progress: VideoProgress): VideoStep {
  const { count, lengthMs, done } = progress;
  // The segment holding a hair before the playhead: a segment's first audio frame starts a little after its
  // boundary (AAC frames), so a playhead on a boundary needs the segment before it too, or it waits in that gap.
  const from = Math.min(Math.max(0, Math.floor((positionMs - BOUNDARY_MARGIN_MS) / lengthMs)), count);
  for (let index = from; index < count; index += 1) {
    if (done.has(index)) continue;
    return index * lengthMs - positionMs < VIDEO_AHEAD_MS ? { kind: 'segment', index } : { kind: 'wait' };
  }
  return progress.ended ? { kind: 'wait' } : { kind: 'end' };
}

export type VideoStreamEvent =
  | { readonly kind: 'attached'; readonly video: number; readonly audio: number }
  /** The video profile changes from the next segment on (spec 001 §9 Video quality at this estimate); nothing buffered is dropped. */
  | { readonly kind: 'switched'; readonly from: number; readonly to: number; readonly index: number; readonly estimateBps: number }
  | {
      readonly kind: 'appended';
      readonly buffer: VideoBufferKind;
      readonly profile: number;
      /** -1 for an init segment. */
      readonly index: number;
      readonly bytes: number;
      readonly elapsedMs: number;
    }
  | { readonly kind: 'retried'; readonly url: string; readonly retry: number; readonly error: MediaPipelineError }
  | { readonly kind: 'ended' }
  | { readonly kind: 'failed'; readonly error: MediaPipelineError };

export interface VideoStreamInput {
  readonly manifest: VideoManifest;
  readonly profiles: ProfileSet;
  /** The audio path's estimator state (spec 001 §9 Estimator): the video's fetches keep feeding it. */
  readonly bandwidth: BandwidthState;
  /** The element's position (ms), current value first (e.g. a BehaviorSubject of timeupdates). */
  readonly positionMs$: Observable<number>;
}

export type VideoStreamDeps = Pick<Ports, 'clock' | 'scheduler' | 'random'> & { readonly video: VideoSourcePort };

/**
 * Plays a video manifest into the element's two source buffers: segment by segment, video then
 * audio, while less than VIDEO_AHEAD_MS is buffered ahead of the playhead, wherever a seek put it
 * (nextVideoStep). Before each video segment the profile
 * is chosen again by spec 001 §9 Video quality from the estimate so far; a new profile's init
 * segment goes in first (every segment starts on a key frame), so the switch happens at a segment
 * boundary, up or down, without flushing what is buffered. Segments are retried as §7 says.
 */
export function streamVideo(input: VideoStreamInput, deps: VideoStreamDeps): Observable<VideoStreamEvent> {
  const { manifest, profiles, positionMs$ } = input;
  const count = segmentCount(manifest);
  const lengthMs = segmentLengthMs(manifest);
  const first = chooseProfiles(profiles, estimate(input.bandwidth));
  const types = { video: contentType(first.video), audio: contentType(first.audio) };
  const s = { bandwidth: input.bandwidth, video: -1, audio: -1, failed: false, buffered: { video: 0, audio: 0 } };

  const guarded = (work: () => Observable<VideoStreamEvent>): Observable<VideoStreamEvent> => defer(() => (s.failed ? EMPTY : work()));

  const fetchAppend = (buffer: VideoBufferKind, profile: number, index: number, url: string, retry = 0): Observable<VideoStreamEvent> =>
    guarded(() => {
      const key = `${buffer}.${profile}.${index}`;
      const startedAt = deps.clock.now();
      return deps.video.fetchSegment(key, url).pipe(
        mergeMap((result): Observable<VideoStreamEvent> => {
          const elapsedMs = deps.clock.now() - startedAt;
          const verdict = segmentVerdictAfter(judgeSegment(result), retry);
          if (verdict.kind === 'fail') {
            s.failed = true;
            return of({ kind: 'failed', error: verdict.error });
          }
          if (verdict.kind === 'retry') {
            const wait = genericBackoffMs(retry + 1, deps.random.next());
            return concat(
              of<VideoStreamEvent>({ kind: 'retried', url, retry: retry + 1, error: verdict.error }),
              timer(wait, deps.scheduler).pipe(mergeMap(() => fetchAppend(buffer, profile, index, url, retry + 1))),
            );
          }
          const bytes = result.kind === 'response' ? result.byteLength : 0;
          // spec 001 §9 Estimator: every fetch is a sample (the estimator ignores the small ones).
          s.bandwidth = addSample(s.bandwidth, { bytes, durationMs: elapsedMs });
          return deps.video.append(buffer, key).pipe(
            map((end): VideoStreamEvent => {
              s.buffered[buffer] = end;
              return { kind: 'appended', buffer, profile, index, bytes, elapsedMs };
            }),
          );
        }),
      );
    });

  const done = new Set<number>();
  let streamEnded = false;

  /** What the playhead calls for (nextVideoStep): one step at a time, each after the one before. */
  const next = (): Observable<VideoStreamEvent> =>
    guarded(() =>
      positionMs$.pipe(
        map((position) => nextVideoStep(position, { count, lengthMs, done, ended: streamEnded })),
        filter((step) => step.kind !== 'wait'),
        take(1),
        mergeMap((step): Observable<VideoStreamEvent> => {
          if (step.kind === 'segment') return concat(segment(step.index), next());
          streamEnded = true;
          const ended = deps.video.endOfStream().pipe(map((): VideoStreamEvent => ({ kind: 'ended' })));
          // Every segment in: nothing a seek could still need. Else a seek back into a gap fetches it (and ends again).
          return done.size >= count ? ended : concat(ended, next());
        }),
      ),
    );

  const segment = (index: number): Observable<VideoStreamEvent> =>
    guarded(() => {
      const estimateBps = estimate(s.bandwidth);
      const choice = chooseProfiles(profiles, estimateBps);
      const steps: Observable<VideoStreamEvent>[] = [];
      if (choice.video.id !== s.video) {
        if (s.video !== -1) steps.push(of({ kind: 'switched', from: s.video, to: choice.video.id, index, estimateBps }));
        s.video = choice.video.id;
        steps.push(fetchAppend('video', choice.video.id, -1, initUrl(manifest, choice.video.id)));
      }
      if (s.audio === -1) {
        s.audio = choice.audio.id;
        steps.push(fetchAppend('audio', choice.audio.id, -1, initUrl(manifest, choice.audio.id)));
      }
      steps.push(fetchAppend('video', choice.video.id, index, segmentUrl(manifest, choice.video.id, index)));
      steps.push(fetchAppend('audio', s.audio, index, segmentUrl(manifest, s.audio, index)));
      return concat(
        ...steps,
        defer(() => {
          // An append to an ended MediaSource reopens it: it is to be ended again.
          done.add(index);
          streamEnded = false;
          return EMPTY;
        }),
      );
    });

  return deps.video
    .attach(types, manifest.end_time_millis - manifest.start_time_millis)
    .pipe(mergeMap(() => concat(of<VideoStreamEvent>({ kind: 'attached', video: first.video.id, audio: first.audio.id }), next())));
}
