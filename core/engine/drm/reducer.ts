import type { Action } from '../../store/action';
import { playerInitFailed } from '../../contract';
import { mediaLoadRequested } from '../media/actions';
import * as a from './actions';
import type { DrmState } from './state';

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
  if (a.licenceUrlResolved.match(action)) return { ...state, licenceUrl: { uri: action.uri, expiresAt: action.expiresAt } };
  if (a.licenceUrlInvalidated.match(action)) return { ...state, licenceUrl: null };
  if (a.licencePrefetchStarted.match(action)) return { ...state, prefetching: true };
  if (a.licencePrefetchEnded.match(action)) return { ...state, prefetching: false };
  if (a.userCapped.match(action)) return { ...state, capped: true };
  // spec 001 §7 Media: the licence of the file being loaded is asked for with its id as the content id.
  if (mediaLoadRequested.match(action)) return { ...state, contentId: action.fileId };
  return state;
}
