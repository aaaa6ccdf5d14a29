import type { EmbedData, Track } from '../../core/model/embed-data';

/** A fixture embed page block for ui tests: an album of three tracks, the second without a preview. */

const albumImages = [
  { url: 'https://static.test/cover-640.jpg', width: 640, height: 640 },
  { url: 'https://static.test/cover-300.jpg', width: 300, height: 300 },
  { url: 'https://static.test/cover-64.jpg', width: 64, height: 64 },
];

const track = (n: number, name: string, durationMs: number, preview: boolean): Track => ({
  type: 'track',
  uri: `spotify:track:4uLU6hMCjMI75M1A2tKUQ${n}`,
  name,
  is_playable: true,
  duration_ms: durationMs,
  track_number: n,
  audio_preview_url: preview ? `https://static.test/previews/${n}.mp3` : null,
  artists: [{ name: 'Ada Lovelace' }, { name: 'Grace Hopper' }],
  external_urls: { spotify: `https://open.test/track/4uLU6hMCjMI75M1A2tKUQ${n}` },
});

export const testEmbedData: EmbedData = {
  resource: {
    type: 'album',
    uri: 'spotify:album:1DFixLWuPkv3KT3TnV35m3',
    name: 'Engines & <Analytical> Songs',
    external_urls: { spotify: 'https://open.test/album/1DFixLWuPkv3KT3TnV35m3' },
    dominantColor: '#5a3d8c',
    artists: [{ name: 'Ada Lovelace' }, { name: 'Grace Hopper' }],
    images: albumImages,
    tracks: {
      items: [track(1, 'Note G', 225000, true), track(2, 'Bernoulli', 61000, false), track(3, 'Compiler', 9000, true)],
    },
  },
  translations: { play: 'Play', pause: 'Pause', download_action_log: 'Download action log', progress: 'Progress' },
  locale: 'en',
  config: {
    countryCode: 'SE',
    features: {},
    hosts: { api: 'https://api.test', open: 'https://open.test', accounts: 'https://accounts.test', static: 'https://static.test' },
    version: 'test-1',
  },
};
