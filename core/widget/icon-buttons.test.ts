import type { EmbedData, Resource } from '../model/embed-data';
import { selectIconButtons } from './icon-buttons';
import { initialWidgetState } from './state';
import { albumData, testTrack } from './testing/album-data';

const withResource = (resource: Resource): EmbedData => ({ ...albumData(), resource });
const base = { name: 'X', external_urls: { spotify: 'x' }, dominantColor: '#000' };
const episode = {
  type: 'episode' as const,
  uri: 'spotify:episode:e1',
  name: 'Episode',
  is_playable: true,
  duration_ms: 900000,
  audio_preview_url: 'https://cdn.test/e1.mp3',
};

describe('icon buttons shown (spec 000 §2 Icon buttons; where each shows is our choice)', () => {
  it('an album of several tracks: previous/next, no 15-second jumps', () => {
    expect(selectIconButtons(initialWidgetState(albumData()))).toEqual({ skip: true, jump: false });
  });

  it('an album of one track: nothing to skip between', () => {
    expect(selectIconButtons(initialWidgetState(albumData([testTrack(1)])))).toEqual({ skip: false, jump: false });
  });

  it('an episode: the 15-second jumps, no skip', () => {
    const state = initialWidgetState(withResource({ ...base, ...episode } as Resource));
    expect(selectIconButtons(state)).toEqual({ skip: false, jump: true });
  });

  it('a show of several episodes: both', () => {
    const show = {
      ...base,
      type: 'show',
      uri: 'spotify:show:s1',
      publisher: 'P',
      images: [],
      episodes: { items: [episode, { ...episode, uri: 'spotify:episode:e2' }] },
    } as unknown as Resource;
    expect(selectIconButtons(initialWidgetState(withResource(show)))).toEqual({ skip: true, jump: true });
  });
});
