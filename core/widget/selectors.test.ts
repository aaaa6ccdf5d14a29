import type { EmbedData, Resource, Track } from '../model/embed-data';
import { initialWidgetState, type WidgetState } from './state';
import {
  progressPercent,
  remainingTime,
  selectCoverImages,
  selectCurrentTrack,
  selectIsPlaying,
  selectProgressPercent,
  selectRemaining,
  selectResource,
  selectSubtitle,
  selectTitle,
  selectTotalMs,
  selectTrackList,
  toTrackRows,
} from './selectors';

const track = (n: number, extra: Partial<Track> = {}): Track => ({
  type: 'track',
  uri: `spotify:track:t${n}`,
  name: `Track ${n}`,
  external_urls: { spotify: `https://open.test/track/t${n}` },
  is_playable: true,
  duration_ms: 200000 + n,
  track_number: n,
  audio_preview_url: `https://cdn.test/p${n}.mp3`,
  artists: [{ name: 'Ann' }, { name: 'Bob' }],
  ...extra,
});

const base = { name: 'Thing', external_urls: { spotify: 'https://open.test/x' }, dominantColor: '#123456' };
const images = [
  { url: 'big', width: 640 },
  { url: 'small', width: 64 },
];

const album = (tracks: Track[]): Resource => ({
  ...base,
  uri: 'spotify:album:a1',
  type: 'album',
  name: 'An Album',
  artists: [{ name: 'Ann' }, { name: 'Bob' }],
  images,
  tracks: { items: tracks },
});

const stateOf = (resource: Resource, patch: (s: WidgetState) => WidgetState = (s) => s): WidgetState => {
  const data: EmbedData = {
    resource,
    translations: {},
    locale: 'en',
    config: { countryCode: 'SE', features: {}, hosts: { api: 'a', open: 'o', accounts: 'c', static: 's' }, version: 'test' },
  };
  return patch(initialWidgetState(data));
};

const withPlayback =
  (p: Partial<WidgetState['playback']>) =>
  (s: WidgetState): WidgetState => ({
    ...s,
    playback: { ...s.playback, ...p },
  });
const loggedInFull = (s: WidgetState): WidgetState => ({ ...s, session: { loggedIn: true, accessToken: 'tok' } });

describe('selectors: the resource and its track list', () => {
  it('selects the current resource by its uri (spec 000 §3)', () => {
    const r = album([track(1)]);
    expect(selectResource(stateOf(r))).toBe(r);
  });

  it('lists the album tracks', () => {
    expect(selectTrackList(stateOf(album([track(1), track(2)]))).map((t) => t.uri)).toEqual(['spotify:track:t1', 'spotify:track:t2']);
  });

  it('current track: the playing track when there is one', () => {
    const s = stateOf(album([track(1), track(2)]), withPlayback({ trackUri: 'spotify:track:t2' }));
    expect(selectCurrentTrack(s)?.uri).toBe('spotify:track:t2');
  });

  it('current track: else the first playable one (spec 001 §5), skipping unplayable and preview-less tracks', () => {
    const s = stateOf(album([track(1, { is_playable: false }), track(2, { audio_preview_url: null }), track(3)]));
    expect(selectCurrentTrack(s)?.uri).toBe('spotify:track:t3');
  });

  it('current track: the first one when none is playable', () => {
    const s = stateOf(album([track(1, { is_playable: false }), track(2, { is_playable: false })]));
    expect(selectCurrentTrack(s)?.uri).toBe('spotify:track:t1');
  });
});

describe('selectors: title and subtitle', () => {
  const showResource: Resource = {
    ...base,
    uri: 'spotify:show:s1',
    type: 'show',
    name: 'A Show',
    publisher: 'Pod People',
    images,
    available_markets: ['SE'],
    episodes: { items: [] },
  };
  const playlist: Resource = {
    ...base,
    uri: 'spotify:playlist:p1',
    type: 'playlist',
    name: 'A Playlist',
    images,
    owner: { display_name: 'Olga' },
    tracks: { items: [{ track: track(1) }] },
  };
  const single: Resource = { ...base, ...track(7), artists: [{ name: 'Cy' }, { name: 'Di' }, { name: 'Ed' }] };

  it.each<[string, Resource, string, string]>([
    ['album: artists joined with ", "', album([track(1)]), 'An Album', 'Ann, Bob'],
    ['track: its artists', single, 'Track 7', 'Cy, Di, Ed'],
    ['playlist: the owner', playlist, 'A Playlist', 'Olga'],
    ['show: the publisher', showResource, 'A Show', 'Pod People'],
  ])('%s', (_rule, resource, title, subtitle) => {
    const s = stateOf(resource);
    expect(selectTitle(s)).toBe(title);
    expect(selectSubtitle(s)).toBe(subtitle);
  });

  it('cover images: a track resource shows its album images (spec 000 §3)', () => {
    const s = stateOf({ ...single, album: { images: [{ url: 'cover' }] } });
    expect(selectCoverImages(s)).toEqual([{ url: 'cover' }]);
  });
});

describe('remainingTime (spec 000 §2 Remaining-time label)', () => {
  it.each<[number | null, number | null, boolean, string]>([
    // total, position, hidden, text
    [30000, 0, false, '-0:30'],
    [30000, 12500, false, '-0:17'],
    [30000, 30000, false, '-0:00'],
    [30000, 45000, false, '-0:00'], // never negative
    [30000, null, false, '-0:00'], // zero when the position is missing
    [null, 5000, true, '-0:00'], // hidden when there is no total
    [null, null, true, '-0:00'],
    [225000, 0, false, '-3:45'],
  ])('total %p, position %p -> hidden %p, %s', (total, position, hidden, text) => {
    expect(remainingTime(total, position)).toEqual({ hidden, text });
  });
});

describe('selectRemaining / selectTotalMs (spec 000 §4 Preview mode: length capped at 30000 ms)', () => {
  it('caps the total at 30000 ms in preview mode (anonymous)', () => {
    const s = stateOf(album([track(1)]), withPlayback({ durationMs: 200000, progress: 10000 }));
    expect(selectTotalMs(s)).toBe(30000);
    expect(selectRemaining(s)).toEqual({ hidden: false, text: '-0:20' });
  });

  it('does not cap in full playback (logged in with a token)', () => {
    const s = stateOf(album([track(1)]), (x) => withPlayback({ durationMs: 200000, progress: 10000 })(loggedInFull(x)));
    expect(selectTotalMs(s)).toBe(200000);
    expect(selectRemaining(s).text).toBe('-3:10');
  });

  it('uses the current track length before the player reports one', () => {
    const s = stateOf(album([track(1, { duration_ms: 20000 })]));
    expect(selectRemaining(s)).toEqual({ hidden: false, text: '-0:20' });
  });

  it('is hidden when there is no total (no tracks, nothing reported)', () => {
    expect(selectRemaining(stateOf(album([])))).toEqual({ hidden: true, text: '-0:00' });
  });
});

describe('progressPercent (spec 000 §5: progress percent is capped at 100)', () => {
  it.each<[number | null, number, number]>([
    [30000, 0, 0],
    [30000, 15000, 50],
    [30000, 30000, 100],
    [30000, 90000, 100],
    [30000, -5, 0],
    [null, 5000, 0],
    [0, 5000, 0],
  ])('total %p, position %p -> %p%%', (total, position, percent) => {
    expect(progressPercent(total, position)).toBe(percent);
  });

  it('selectProgressPercent measures against the preview cap', () => {
    const s = stateOf(album([track(1)]), withPlayback({ durationMs: 200000, progress: 45000 }));
    expect(selectProgressPercent(s)).toBe(100);
  });
});

describe('selectIsPlaying (spec 000 §4 Playback state)', () => {
  it.each([
    [false, false],
    [true, true],
  ])('isPlaying %p -> %p', (isPlaying, expected) => {
    expect(selectIsPlaying(stateOf(album([track(1)]), withPlayback({ isPlaying })))).toBe(expected);
  });
});

describe('toTrackRows (spec 000 §2 Track list table: artists subtitle for playlists only)', () => {
  it('gives rows without subtitle outside playlists', () => {
    expect(toTrackRows([track(1)], false)).toEqual([{ uri: 'spotify:track:t1', name: 'Track 1', subtitle: null, durationMs: 200001, unavailable: false }]);
  });

  it('gives rows with the artists joined for playlists', () => {
    expect(toTrackRows([track(1)], true)[0]?.subtitle).toBe('Ann, Bob');
  });
});
