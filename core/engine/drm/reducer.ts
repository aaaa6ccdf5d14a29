import type { Action } from '../../store/action';
import { playerInitFailed } from '../../contract';
import { mediaLoadRequested } from '../media/actions';
import { videoSourceChosen } from '../video/actions';
import * as a from './actions';
import type { LicenceUrlCache } from './licence-url';
import type { DrmState, MediaType } from './state';

/** The licence URL cache of one media type replaced (spec 001 §7 Media: one per mediatype). */
function withLicenceUrl(state: DrmState, mediaType: 'video' | undefined, cache: LicenceUrlCache | null): DrmState {
  return mediaType === 'video' ? { ...state, videoLicenceUrl: cache } : { ...state, licenceUrl: cache };
}

/**
 * The load's content id and media type: video when video/sourceChosen came right before it
 * (core/engine/player/track.epic.ts trackLoadActions). The type is written only when it changes, so
 * an audio-only session's state keeps the shape it had before video.
 */
function loaded(state: DrmState, fileId: string): DrmState {
  const mediaType: MediaType = state.nextMediaType ?? 'audio';
  const { nextMediaType: _next, ...rest } = state;
  const next: DrmState = { ...rest, contentId: fileId };
  return (state.mediaType ?? 'audio') === mediaType ? next : { ...next, mediaType };
}

/** The DRM's small state machine: setup, the chosen key system, the licence URL and server-time caches, capping. */
export function drmReducer(state: DrmState, action: Action): DrmState {
  if (a.drmSetupRequested.match(action)) {
    const { type: _type, applicationCertificateUrl, ...rest } = action;
    const config = {
      ...rest,
      ...(applicationCertificateUrl === undefined ? {} : { applicationCertificateUrl }),
    };
    return { ...state, status: 'selecting', config, keySystem: null, mediaKeys: false, prefetching: false };
  }
  if (a.keySystemSelected.match(action)) return { ...state, keySystem: action.keySystem };
  if (a.mediaKeysAttached.match(action)) return { ...state, status: 'ready', mediaKeys: true };
  if (playerInitFailed.match(action)) return state.status === 'selecting' ? { ...state, status: 'failed' } : state;
  if (a.serverTimeFetched.match(action)) return { ...state, serverTime: { offsetMs: action.offsetMs, at: action.at } };
  if (a.licenceUrlResolved.match(action)) return withLicenceUrl(state, action.mediaType, { uri: action.uri, expiresAt: action.expiresAt });
  if (a.licenceUrlInvalidated.match(action)) return withLicenceUrl(state, action.mediaType, null);
  if (a.licencePrefetchStarted.match(action)) return { ...state, prefetching: true };
  if (a.licencePrefetchEnded.match(action)) return { ...state, prefetching: false };
  if (a.userCapped.match(action)) return { ...state, capped: true };
  // spec 001 §7 Media: the licence of the file being loaded is asked for with its id as the content id.
  if (videoSourceChosen.match(action)) return { ...state, nextMediaType: 'video' };
  if (mediaLoadRequested.match(action)) return loaded(state, action.fileId);
  return state;
}
