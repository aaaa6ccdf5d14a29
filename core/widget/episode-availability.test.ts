import type { Episode, Resource } from '../model/embed-data';
import { isEpisodeAvailable } from './episode-availability';

const episode = (markets: string[], showMarkets?: string[]): Episode => ({
  type: 'episode',
  uri: 'spotify:episode:e1',
  name: 'Episode',
  duration_ms: 1000,
  audio_preview_url: 'https://cdn.test/e1.mp3',
  available_markets: markets,
  external_urls: { spotify: 'https://open.test/episode/e1' },
  ...(showMarkets === undefined ? {} : { show: { uri: 'spotify:show:s1', available_markets: showMarkets } }),
});

const show = (markets: string[]): Resource => ({
  type: 'show',
  uri: 'spotify:show:s1',
  name: 'Show',
  publisher: 'Publisher',
  external_urls: { spotify: 'https://open.test/show/s1' },
  dominantColor: '#000000',
  images: [],
  available_markets: markets,
  episodes: { items: [] },
});

const album: Resource = {
  type: 'album',
  uri: 'spotify:album:a1',
  name: 'Album',
  external_urls: { spotify: 'https://open.test/album/a1' },
  dominantColor: '#000000',
  artists: [],
  images: [],
  tracks: { items: [] },
};

describe("isEpisodeAvailable (spec 000 §5: the user's country in the markets of the episode, its resource or its show)", () => {
  it.each([
    ['in the episode markets', episode(['SE', 'NO']), undefined, true],
    ['in no market at all', episode([]), undefined, false],
    ['only elsewhere', episode(['US']), undefined, false],
    ["in the embedded resource's markets (the show)", episode(['US']), show(['SE']), true],
    ["not in the embedded show's markets either", episode(['US']), show(['DE']), false],
    ["in the episode's show's markets", episode(['US'], ['SE']), undefined, true],
    ['a resource without markets (an album) adds none', episode(['US']), album, false],
    ['country codes are compared exactly (case matters, as the Web API gives them)', episode(['se']), undefined, false],
  ])('%s -> %s', (_case, e, resource, expected) => {
    expect(isEpisodeAvailable(e, 'SE', resource)).toBe(expected);
  });
});
