import type { EmbedData, Track } from '../../model/embed-data';

/*
 * Test data for the widget's tests: a small album whose tracks cover the preview player's cases
 * (spec 001 §4, §5): playable with a preview address, playable without one, not playable.
 */

export function testTrack(n: number, patch: Partial<Track> = {}): Track {
  return {
    type: 'track',
    uri: `spotify:track:track${n}`,
    name: `Track ${n}`,
    is_playable: true,
    duration_ms: 200000 + n,
    track_number: n,
    audio_preview_url: `https://cdn.test/preview/track${n}.mp3`,
    artists: [{ name: 'Artist' }],
    external_urls: { spotify: `https://open.test/track/track${n}` },
    ...patch,
  };
}

export const API_HOST = 'https://api.test';

/** An album of `tracks` (three playable previews by default). */
export function albumData(tracks: ReadonlyArray<Track> = [testTrack(1), testTrack(2), testTrack(3)]): EmbedData {
  return {
    resource: {
      type: 'album',
      uri: 'spotify:album:album1',
      name: 'Album',
      external_urls: { spotify: 'https://open.test/album/album1' },
      dominantColor: '#123456',
      artists: [{ name: 'Artist' }],
      images: [{ url: 'https://cdn.test/cover.jpg', width: 300, height: 300 }],
      tracks: { items: [...tracks] },
    },
    translations: {},
    locale: 'en',
    config: {
      countryCode: 'SE',
      features: {},
      hosts: { api: API_HOST, open: 'https://open.test', accounts: 'https://accounts.test', static: 'https://static.test' },
      version: 'test',
    },
  };
}
