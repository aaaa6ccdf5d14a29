/**
 * The media player of spec 001 (§4 Media player and Source buffer, §7 Media, §8 Media, Fragment,
 * Manifest and Storage, §9): a load resolves the file's CDN URLs and seek table, opens a
 * MediaSource on the engine's audio element and fills it with the init segment and 10 s fragments
 * by byte range, topped up while under 10 s are buffered ahead, over the MediaSourcePort
 * (core/ports.ts), deps.http and deps.scheduler.
 * Mount: state `{ media: initialMediaState, session }` reduced by mediaReducer, the epics of
 * `mediaEpics`, deps with a MediaSourcePort and a MediaConfig. Feed MediaSourcePort.facts$ through
 * decodeMediaElementFact as actions with src 'adapter'. Drive it with mediaLoadRequested,
 * mediaPlayRequested, mediaPauseRequested, mediaSeekRequested and mediaStopRequested; listen to
 * mediaPlayer/paused, canPreload, ended, playRefused and failed, and to the element facts. A
 * protected track also needs the DRM (core/engine/drm) on the same element; its drm/userCapped
 * pauses playback (spec 001 §4). mediaPreloadRequested (after canPreload) fetches the next file
 * ahead; a load of that file from 0 starts from it (mediaPlayer/preloadUsed), mediaPreloadDropped drops it.
 * Issue 15, gapless: a protected track's next file fetched ahead is chained behind it in the same
 * source buffer (mediaPlayer/chainRequested); the playhead crossing into it ends the track, and
 * the load of that file from 0 continues the MediaSource: its positions count from its origin.
 */
import { combineEpics } from '../../store/store';
import type { MediaEpic } from './deps';
import { fragmentFetchEpic, topUpEpic } from './fragments.epic';
import { loadEpic } from './load.epic';
import { preloadEpic, refetchEpic } from './preload.epic';
import { cappedEpic, canPreloadEpic, elementCommandsEpic, elementErrorEpic, endedEpic, metadataEpic, pauseEventEpic } from './playback.epic';
import { quotaExceededEpic, sourceBufferEpic } from './source-buffer.epic';
import { storageResolveEpic } from './storage-resolve.epic';

export * from './actions';
export * from './constants';
export * from './media-errors';
export { decodeMediaElementFact, mediaElementError } from './element-fact';
export { mediaReducer } from './reducer';
export { initialMediaState, type Chain, type MediaSlice, type MediaState, type MediaStatus, type MediaTrack, type Preload, type PreloadedFile } from './state';
export { preloadKeys } from './preload.epic';
export type { MediaConfig, MediaDeps, MediaEpic } from './deps';

export const mediaEpics: ReadonlyArray<MediaEpic> = [
  loadEpic,
  storageResolveEpic,
  topUpEpic,
  fragmentFetchEpic,
  sourceBufferEpic,
  quotaExceededEpic,
  elementCommandsEpic,
  metadataEpic,
  pauseEventEpic,
  canPreloadEpic,
  preloadEpic,
  refetchEpic,
  endedEpic,
  elementErrorEpic,
  cappedEpic,
];
export const mediaEpic: MediaEpic = combineEpics(...mediaEpics);
