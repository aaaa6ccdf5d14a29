import { filter, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { listAdopted, listClearRequested, listLoadRequested, navigationRequested, orderChanged, repeatChanged, smartPreviousRequested } from '../lists/actions';
import { onTrackFinished } from '../lists/list-player';
import { estimate } from '../media/bandwidth-estimator';
import { canPreload } from '../media/fragment-plan';
import { mediaCanPreload, mediaPreloadDropped, mediaPreloadRequested } from '../media/actions';
import type { EngineState, PlayerEpic } from './deps';
import { fileOfTrack, videoSourceOfTrack } from './state-machine';
import { playsVideo } from './track.epic';

/**
 * The file the list player will load when the current track finishes (spec 001 §4 List player:
 * "Track finish moves next (reason trackdone)", repeat TRACK loads it again), chosen as
 * trackLoadActions (track.epic.ts) chooses it; null when the list ends there or it has no file.
 */
export function nextFileId(state: EngineState, video = false): string | null {
  const { list, player } = state;
  if (list.status === 'noList') return null;
  const step = onTrackFinished(list);
  if (step.kind !== 'load') return null;
  const track = player.machine?.tracks[step.index];
  // Issue 18: a video track is never fetched ahead nor chained into (it has its own MediaSource).
  if (track !== undefined && videoSourceOfTrack(track, video) !== null) return null;
  return track === undefined ? null : (fileOfTrack(track, estimate(state.media.bandwidth))?.file_id ?? null);
}

/** What changes the track after this one: then what was fetched ahead is not what will play. */
const changesNext = (a: Action): string | null => {
  if (navigationRequested.match(a) || smartPreviousRequested.match(a)) return 'skip';
  if (listLoadRequested.match(a)) return 'new context';
  if (listClearRequested.match(a)) return 'list cleared';
  if (orderChanged.match(a)) return 'shuffle';
  if (repeatChanged.match(a)) return 'repeat';
  return null;
};

/**
 * spec 001 §4 Media player: "A can-preload signal fires when 10 s or less remain." Its consumer:
 * the next track's file is fetched ahead and licensed (core/engine/media/preload.epic.ts, the
 * DRM's licence session), so that at the track's end the next one starts from it. A skip, a new
 * context, a shuffle or repeat change or a cleared list drops it; after a shuffle or repeat change
 * in the last 10 s, the new next file is fetched instead.
 */
export const nextTrackPreloadEpic: PlayerEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((a) => mediaCanPreload.match(a) || listAdopted.match(a) || changesNext(a) !== null),
    mergeMap((a): Action[] => {
      const state = state$.value;
      if (mediaCanPreload.match(a)) {
        const fileId = a.playId === state.media.playId ? nextFileId(state, playsVideo(deps)) : null;
        return fileId === null ? [] : [mediaPreloadRequested({ playId: a.playId, fileId })];
      }
      // A new order or repeat mode changes what comes next while the track plays on: within its last
      // 10 s (the can-preload signal came already, once per load), the new next file is fetched at once.
      const { plan, positionMs, playId, status } = state.media;
      const within = plan !== null && (status === 'playing' || status === 'paused' || status === 'buffering') && canPreload(plan.durationMs, positionMs);
      if (listAdopted.match(a)) return adoptedNext(state, within, playsVideo(deps));
      const reason = changesNext(a);
      const dropped = reason === null || state.media.preload === undefined ? [] : [mediaPreloadDropped({ reason })];
      const fileId = within && (orderChanged.match(a) || repeatChanged.match(a)) ? nextFileId(state, playsVideo(deps)) : null;
      return fileId === null ? dropped : [...dropped, mediaPreloadRequested({ playId, fileId })];
    }),
  );

/**
 * A list adopted around the track playing (a queue change: player/context.epic.ts continuesPlaying)
 * may put another track next: what was fetched ahead (or already chained behind the track) is kept
 * when it is still the next file, else dropped (a chain is taken back) and, within the last 10 s,
 * the new next file is fetched instead.
 */
function adoptedNext(state: EngineState, within: boolean, video: boolean): Action[] {
  const { preload, chain, playId } = state.media;
  const ahead = preload?.fileId ?? chain?.fileId ?? null;
  const next = nextFileId(state, video);
  if (ahead !== null && ahead === next) return [];
  const dropped = ahead === null ? [] : [mediaPreloadDropped({ reason: 'queue changed' })];
  return within && next !== null ? [...dropped, mediaPreloadRequested({ playId, fileId: next })] : dropped;
}
