import type { Episode, Resource } from '../model/embed-data';
import { albumData, testTrack } from '../widget/testing/album-data';
import { availableTo } from '../widget/episode-availability';
import { decideTrack, isPreviewable, nextIndex, previousIndex, startIndex, trackListOf } from './preview-player';

const base = { external_urls: { spotify: 'https://open.test/x' }, dominantColor: '#000', name: 'R' };
const episode: Episode = {
  type: 'episode',
  uri: 'spotify:episode:e1',
  name: 'E',
  duration_ms: 1000,
  audio_preview_url: 'https://cdn.test/e1.mp3',
  available_markets: [],
  external_urls: { spotify: 'https://open.test/episode/e1' },
  is_playable: true,
};
const [t1, t2] = [testTrack(1), testTrack(2)];
// The widget's availability rule for an anonymous visitor (the preview player takes it as a parameter).
const anonymous = availableTo({ loggedIn: false, countryCode: 'SE' });

describe('trackListOf (spec 000 §3: where each resource keeps its tracks)', () => {
  const album = albumData([t1, t2]).resource;
  it.each<[string, Resource, ReadonlyArray<string>]>([
    ['album: tracks.items', album, [t1.uri, t2.uri]],
    [
      'playlist: tracks.items[].track',
      { ...base, type: 'playlist', uri: 'spotify:playlist:p', images: [], owner: { display_name: 'o' }, tracks: { items: [{ track: t2 }, { track: t1 }] } },
      [t2.uri, t1.uri],
    ],
    ['artist: tracks', { ...base, type: 'artist', uri: 'spotify:artist:a', images: [], tracks: [t1] }, [t1.uri]],
    [
      'show: episodes.items',
      { ...base, type: 'show', uri: 'spotify:show:s', publisher: 'p', images: [], available_markets: [], episodes: { items: [episode] } },
      [episode.uri],
    ],
    ['track: a list of one', { ...t1, ...base, uri: t1.uri }, [t1.uri]],
    ['episode: a list of one', { ...episode, ...base, uri: episode.uri }, [episode.uri]],
  ])('%s', (_case, resource, uris) => {
    expect(trackListOf(resource).map((t) => t.uri)).toEqual(uris);
  });
});

describe('the preview player rules (spec 001 §4 Preview player, §5)', () => {
  const noPreview = testTrack(1, { audio_preview_url: null });
  const emptyPreview = testTrack(2, { audio_preview_url: '' });
  const unplayable = testTrack(3, { is_playable: false });
  const good = testTrack(4);
  const list = [noPreview, emptyPreview, unplayable, good];

  it('plays only playable tracks with a preview address', () => {
    expect(list.map((t) => isPreviewable(t, anonymous))).toEqual([false, false, false, true]);
  });

  it('starts at the first playable track with a preview address', () => {
    expect(startIndex(list, anonymous)).toBe(3);
    expect(startIndex([noPreview], anonymous)).toBeNull();
  });

  it('starts at the given index when one is given, even an unavailable one', () => {
    expect(startIndex(list, anonymous, 1)).toBe(1);
    expect(startIndex(list, anonymous, 9)).toBeNull();
  });

  it('next wraps to the first', () => {
    expect([0, 1, 2, 3].map((i) => nextIndex(i, 4))).toEqual([1, 2, 3, 0]);
    expect(nextIndex(0, 1)).toBe(0);
  });

  it('previous goes to the prior index, and stays at the first', () => {
    expect([3, 1, 0].map(previousIndex)).toEqual([2, 0, 0]);
  });

  it('loads a previewable track by its preview address', () => {
    expect(decideTrack(list, 3, anonymous)).toEqual({ kind: 'load', index: 3, uri: good.uri, src: good.audio_preview_url });
  });

  it('reports a track without playability or preview address as unavailable', () => {
    expect([0, 1, 2].map((i) => decideTrack(list, i, anonymous)?.kind)).toEqual(['unavailable', 'unavailable', 'unavailable']);
    expect(decideTrack(list, 2, anonymous)).toEqual({ kind: 'unavailable', index: 2, uri: unplayable.uri });
  });

  it('has nothing to decide outside the list', () => {
    expect(decideTrack(list, 4, anonymous)).toBeNull();
  });

  it("takes availability from the caller (the widget's rule is not imported): an item it refuses is not previewable", () => {
    const refuseAll = () => false;
    expect(isPreviewable(good, refuseAll)).toBe(false);
    expect(startIndex(list, refuseAll)).toBeNull();
    expect(decideTrack(list, 3, refuseAll)).toEqual({ kind: 'unavailable', index: 3, uri: good.uri });
  });
});
