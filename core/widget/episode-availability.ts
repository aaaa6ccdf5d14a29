import type { Playable, Resource } from '../model/embed-data';
import { isTrackPlayable } from './preview-mode';
import type { WidgetState } from './state';

/**
 * spec 000 §5: "An episode is available only if the user's country code is in the available_markets
 * of the episode, its resource or its show." `resource` is the embedded resource the episode came
 * with (the episode itself, or the show whose list holds it); a resource without markets (an album,
 * a playlist) adds none.
 */
export function isEpisodeAvailable(
  episode: { readonly available_markets: ReadonlyArray<string>; readonly show?: { readonly available_markets?: ReadonlyArray<string> } },
  countryCode: string,
  resource?: Resource,
): boolean {
  const markets = [
    episode.available_markets,
    resource !== undefined && 'available_markets' in resource ? resource.available_markets : undefined,
    episode.show?.available_markets,
  ];
  return markets.some((list) => list?.includes(countryCode) === true);
}

/** Who asks to play, as the availability rules need it (spec 000 §4 Track availability, §5). */
export interface Visitor {
  readonly loggedIn: boolean;
  /**
   * The visitor's country (spec 000 §3 page config countryCode): the server gives a logged-in
   * visitor's account market there, an anonymous visitor's the provider's country.
   */
  readonly countryCode: string;
  /** The embedded resource the items come with (its markets count for its episodes, §5). */
  readonly resource?: Resource;
}

export function visitorOf(state: Pick<WidgetState, 'session' | 'config' | 'entities' | 'resourceUri'>): Visitor {
  const resource = state.entities[state.resourceUri];
  return { loggedIn: state.session.loggedIn, countryCode: state.config.countryCode, ...(resource === undefined ? {} : { resource }) };
}

/**
 * Whether the visitor may play an item at all, in preview or full playback: spec 000 §4 Track
 * availability (marked playable, or an episode for a logged-in visitor) and, for an episode, the
 * markets of §5, for anonymous and logged-in visitors alike (a logged-in visitor's episode not flagged
 * playable is still bound to its markets). What is not available shows the unavailable notice
 * (§4 UNAVAILABLE_TRACK, §8) and is marked in the list.
 */
export function isAvailableTo(item: Playable, visitor: Visitor): boolean {
  if (!isTrackPlayable(item, visitor.loggedIn)) return false;
  return item.type !== 'episode' || isEpisodeAvailable(item, visitor.countryCode, visitor.resource);
}

/** isAvailableTo for one visitor, as the preview player's rules take it (core/lists/preview-player IsAvailable). */
export const availableTo =
  (visitor: Visitor) =>
  (item: Playable): boolean =>
    isAvailableTo(item, visitor);
