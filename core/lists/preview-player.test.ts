import { isRight } from 'fp-ts/Either';
import { Episode as EmbedEpisode, previewElementTag, type Episode, type Resource } from '../model/embed-data';
import { albumData, testTrack } from '../widget/testing/album-data';
import { availableTo } from '../widget/episode-availability';
import { decideTrack, isPreviewable, nextIndex, previewSrcOf, previousIndex, startIndex, trackListOf } from './preview-player';

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

describe('the video preview (issue 18: an anonymous visitor gets a 30 s clear preview of a video episode)', () => {
  const videoPreview = {
    url: 'https://cdn.test/video/s/preview.mp4?market=SE',
    width: 426,
    height: 240,
    subtitles: [{ language: 'sv', url: 'https://cdn.test/sv.vtt' }],
  };
  const videoEpisode: Episode = { ...episode, uri: 'spotify:episode:v1', available_markets: ['SE'], video_preview: videoPreview };
  const show = (items: Episode[]): Resource => ({
    ...base,
    type: 'show',
    uri: 'spotify:show:s',
    publisher: 'P',
    images: [],
    available_markets: ['SE'],
    episodes: { items },
  });

  it('a video episode loads its video preview (picture and sound), any other item its MP3 preview', () => {
    expect(previewSrcOf(videoEpisode)).toBe(videoPreview.url);
    expect(previewSrcOf(episode)).toBe(episode.audio_preview_url);
    expect(previewSrcOf(t1)).toBe(t1.audio_preview_url);
    expect(decideTrack([episode, videoEpisode], 1, anonymous)).toEqual({ kind: 'load', index: 1, uri: videoEpisode.uri, src: videoPreview.url });
  });

  it('a video episode not sold here (no MP3 preview handed out) is unavailable, its video preview or not', () => {
    expect(decideTrack([{ ...videoEpisode, audio_preview_url: null }], 0, anonymous)).toEqual({ kind: 'unavailable', index: 0, uri: videoEpisode.uri });
  });

  it("the preview player's element is a <video> when the list has a video preview, else an <audio>", () => {
    expect(previewElementTag(show([episode, videoEpisode]))).toBe('video');
    expect(previewElementTag(show([episode]))).toBe('audio');
    expect(previewElementTag({ ...videoEpisode, ...base, uri: videoEpisode.uri })).toBe('video');
    expect(previewElementTag(albumData([t1]).resource)).toBe('audio');
  });

  it('the embed data codec decodes a video preview at the boundary and rejects a malformed one', () => {
    expect(isRight(EmbedEpisode.decode(videoEpisode))).toBe(true);
    expect(isRight(EmbedEpisode.decode({ ...videoEpisode, video_preview: { url: 'x', width: 1, height: 1 } }))).toBe(false);
  });
});
