import type { Playable } from '../model/embed-data';
import type { WidgetState } from './state';

/** spec 000 §4 Preview mode / §9: in preview mode a track's length is capped at 30000 ms. */
export const PREVIEW_CAP_MS = 30000;

/**
 * spec 000 §4 Preview mode: on when forcePreview is set, or on mobile, or on Safari, or when not
 * logged in, or when there is no access token. Otherwise full playback.
 */
export function isPreviewMode(state: Pick<WidgetState, 'platform' | 'session'>): boolean {
  const { platform, session } = state;
  return platform.forcePreview || platform.isMobile || platform.isSafari || !session.loggedIn || !session.accessToken;
}

/**
 * spec 000 §4 Track availability: a track is playable if marked playable, or if the user is
 * logged in and it is an episode.
 */
export function isTrackPlayable(track: Playable, loggedIn: boolean): boolean {
  return track.is_playable === true || (loggedIn && track.type === 'episode');
}
