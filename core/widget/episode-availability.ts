import type { Episode, Resource } from '../model/embed-data';

/**
 * spec 000 §5: "An episode is available only if the user's country code is in the available_markets
 * of the episode, its resource or its show." `resource` is the embedded resource the episode came
 * with (the episode itself, or the show whose list holds it); a resource without markets (an album,
 * a playlist) adds none.
 *
 * Where it applies today: the reference server marks an episode is_playable from the same markets
 * (server/catalogue/resources.ts), so an anonymous visitor's preview already follows it. It matters
 * in the widget once logged-in visitors exist (issue 5: they may play episodes not flagged playable,
 * spec 000 §4 Track availability, but still only in these markets).
 */
export function isEpisodeAvailable(episode: Episode, countryCode: string, resource?: Resource): boolean {
  const markets = [
    episode.available_markets,
    resource !== undefined && 'available_markets' in resource ? resource.available_markets : undefined,
    episode.show?.available_markets,
  ];
  return markets.some((list) => list?.includes(countryCode) === true);
}
