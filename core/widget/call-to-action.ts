import type { WidgetState } from './state';

type ResourceType = 'album' | 'artist' | 'playlist' | 'track' | 'show' | 'episode';

/** spec 000 §2 Call-to-action text: a "listen to full" text chosen by resource type. */
export const CALL_TO_ACTION_KEYS: Readonly<Record<ResourceType, string>> = {
  track: 'cta_listen_full_track',
  album: 'cta_listen_full_album',
  playlist: 'cta_listen_full_playlist',
  artist: 'cta_listen_full_artist',
  show: 'cta_listen_full_show',
  episode: 'cta_listen_full_episode',
};

/** The translation key of the current resource's call to action. */
export function selectCallToActionKey(state: WidgetState): string {
  const type = state.entities[state.resourceUri]?.type;
  return type !== undefined && type in CALL_TO_ACTION_KEYS ? CALL_TO_ACTION_KEYS[type] : CALL_TO_ACTION_KEYS.track;
}
