import { EMPTY, catchError, concat, distinctUntilChanged, filter, ignoreElements, map, merge, mergeMap, of, switchMap, take, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { userCapped } from '../drm/actions';
import {
  mediaCanPreload,
  mediaElementFact,
  mediaLoadRequested,
  mediaPausedEvent,
  mediaPauseRequested,
  mediaPlayRefused,
  mediaPlayRequested,
  mediaSeekRequested,
  mediaStopRequested,
  mediaTrackEnded,
} from './actions';
import type { MediaEpic } from './deps';
import { errorName } from './error-name';
import { mediaElementError } from './element-fact';
import { failure } from './failure';
import { canPreload } from './fragment-plan';
import { pauseEvents, synthesisedEnded, type PlaybackClock, type PlayerCommand } from './media-timers';
import type { MediaState } from './state';

/**
 * The element's play, pause and seek. A refused play is reported (spec 001 §8 Reactions: autoplay-failed, else pause handling).
 * A stop pauses the element too (spec 001 §4 replace_state without a state ref: "playback is paused, cleared"):
 * detaching the MediaSource alone leaves the element playing what it has buffered.
 */
export const elementCommandsEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(
      (action) => mediaPlayRequested.match(action) || mediaPauseRequested.match(action) || mediaSeekRequested.match(action) || mediaStopRequested.match(action),
    ),
    mergeMap((action): Observable<Action> => {
      const { playId, track, originMs = 0 } = state$.value.media;
      if (track === null) return EMPTY;
      // The track's position on the element's time line (a chained track starts at its origin: state.ts originMs).
      if (mediaSeekRequested.match(action)) return deps.mediaSource.seek(originMs + action.positionMs).pipe(ignoreElements());
      if (mediaPauseRequested.match(action) || mediaStopRequested.match(action)) return deps.mediaSource.pause().pipe(ignoreElements());
      return deps.mediaSource.play().pipe(
        ignoreElements(),
        catchError((err: unknown) => {
          const name = errorName(err);
          const refused = mediaPlayRefused({ playId, name, autoplayBlocked: name === 'NotAllowedError' });
          return name === 'NotAllowedError' ? of(refused) : of(refused, mediaPauseRequested());
        }),
      );
    }),
  );

/** spec 001 §4 Media player: metadata loaded → seek to the start position, then autoplay if asked (once per load). */
export const metadataEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((action) => mediaLoadRequested.match(action) || mediaStopRequested.match(action)),
    switchMap((load) => {
      if (!mediaLoadRequested.match(load)) return EMPTY;
      return action$.pipe(
        filter(mediaElementFact.match),
        filter((fact) => fact.kind === 'loadedmetadata'),
        take(1),
        mergeMap(() => {
          // The start position, or where a seek during the load went.
          const { track, positionMs, originMs = 0 } = state$.value.media;
          if (track === null) return EMPTY;
          const seek = positionMs > 0 ? deps.mediaSource.seek(originMs + positionMs).pipe(ignoreElements()) : EMPTY;
          return concat(seek, track.autoplay ? of(mediaPlayRequested()) : EMPTY);
        }),
      );
    }),
  );

/** spec 001 §4 Media player: a pause event 10 ms after the pause (a play, load or stop before then cancels it). */
export const pauseEventEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(
      (action) => mediaPauseRequested.match(action) || mediaPlayRequested.match(action) || mediaLoadRequested.match(action) || mediaStopRequested.match(action),
    ),
    map((action): PlayerCommand => (mediaPauseRequested.match(action) ? 'pause' : 'play')),
    pauseEvents(deps.scheduler),
    map(() => mediaPausedEvent({ playId: state$.value.media.playId })),
  );

const active = (media: MediaState): boolean => media.status === 'playing' || media.status === 'paused' || media.status === 'buffering';

/** spec 001 §4 Media player: a can-preload signal when 10 s or less remain, once per load. */
export const canPreloadEpic: MediaEpic = (_action$, state$) =>
  state$.pipe(
    filter(({ media }) => media.plan !== null && active(media) && canPreload(media.plan.durationMs, media.positionMs)),
    map(({ media }) => media.playId),
    distinctUntilChanged(),
    map((playId) => mediaCanPreload({ playId })),
  );

interface EndClock extends PlaybackClock {
  readonly playId: number;
}

const sameClock = (a: EndClock, b: EndClock): boolean =>
  a.playId === b.playId && a.playing === b.playing && a.positionMs === b.positionMs && a.durationMs === b.durationMs && a.protected === b.protected;

/**
 * spec 001 §4 Media player: ended — the element's own, or synthesised for a protected track from
 * a timer set to the remaining duration (media-timers.ts); whichever comes first, once. With the
 * next file chained behind the track (issue 15), the element never ends there: its playhead
 * crossing the chained file's origin is the track's end.
 */
export const endedEpic: MediaEpic = (action$, state$, deps) => {
  const notEnded = (playId: number): boolean =>
    state$.value.media.playId === playId && state$.value.media.status !== 'ended' && state$.value.media.status !== 'failed';
  const crossed = (positionMs: number): boolean => {
    const { chain } = state$.value.media;
    return chain !== undefined && positionMs >= chain.originMs;
  };
  const fromElement = action$.pipe(
    filter(mediaElementFact.match),
    filter((fact) => fact.kind === 'ended' || (fact.kind === 'timeupdate' && crossed(fact.positionMs))),
    map(() => state$.value.media.playId),
    filter(notEnded),
    map((playId) => mediaTrackEnded({ playId, synthesised: false })),
  );
  const clocks = state$.pipe(
    map(({ media }): EndClock => ({
      playId: media.playId,
      playing: media.status === 'playing',
      positionMs: media.positionMs,
      durationMs: media.plan?.durationMs ?? 0,
      protected: media.track?.protected ?? false,
    })),
    distinctUntilChanged(sameClock),
  );
  const synthesised = clocks.pipe(
    switchMap((clock) =>
      of(clock).pipe(
        synthesisedEnded(deps.scheduler),
        map(() => clock.playId),
      ),
    ),
    filter(notEnded),
    map((playId) => mediaTrackEnded({ playId, synthesised: true })),
  );
  return merge(fromElement, synthesised);
};

/** spec 001 §8 Media: the element's MediaError, with its text; fatal under the fatal-on-next flag (§4). */
export const elementErrorEpic: MediaEpic = (action$, state$) =>
  action$.pipe(
    filter(mediaElementFact.match),
    filter((fact) => fact.kind === 'error' && state$.value.media.track !== null),
    map((fact) => failure(state$.value.media, state$.value.media.playId, mediaElementError(fact.errorCode ?? 0))),
  );

/** spec 001 §4 Media player: a user who is capped (licence 402, core/engine/drm) has playback paused. */
export const cappedEpic: MediaEpic = (action$, state$) =>
  action$.pipe(
    filter(userCapped.match),
    filter(() => state$.value.media.track !== null),
    map(() => mediaPauseRequested()),
  );
