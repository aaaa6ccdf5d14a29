import type { ClusterPlayerState } from './cluster';
import { TRACK_WINDOW_NEXT, TRACK_WINDOW_PREVIOUS, trackWindowOf } from './track-window';

const t = (n: number) => ({ uri: `spotify:track:t${n}`, name: `Track ${n}` });

const state = (current: number, prev: number[], next: number[]): ClusterPlayerState => ({
  track: t(current),
  options: { shuffling_context: false, repeating_context: false, repeating_track: false },
  next_tracks: next.map(t),
  prev_tracks: prev.map(t),
  position_as_of_timestamp: 0,
  timestamp: 0,
  duration: 1000,
  is_paused: false,
  session_id: 's',
  context_uri: 'spotify:album:a',
  context_url: null,
});
const uris = (tracks: ReadonlyArray<{ uri: string }>) => tracks.map((x) => Number(x.uri.slice('spotify:track:t'.length)));

describe('spec 001 §9 Track window: "2 next and 2 previous (up to 5 from cluster)"', () => {
  it('keeps 2 and 2', () => {
    expect([TRACK_WINDOW_NEXT, TRACK_WINDOW_PREVIOUS]).toEqual([2, 2]);
  });

  it.each<[string, number[], number, number[], number[], number[]]>([
    // name, cluster prev_tracks (play order), current, cluster next_tracks, window previous, window next
    ['the cluster at its 5 and 5: the 2 nearest each way', [1, 2, 3, 4, 5], 6, [7, 8, 9, 10, 11], [4, 5], [7, 8]],
    ['the first track of a context: no previous', [], 1, [2, 3, 4, 5, 6], [], [2, 3]],
    ['the second track: one previous', [1], 2, [3, 4, 5, 6, 7], [1], [3, 4]],
    ['the last track: no next', [3, 4, 5, 6, 7], 8, [], [6, 7], []],
    ['one before the last: one next', [2, 3, 4, 5, 6], 7, [8], [5, 6], [8]],
    ['exactly 2 each way', [1, 2], 3, [4, 5], [1, 2], [4, 5]],
    ['a single track', [], 1, [], [], []],
  ])('%s', (_name, prev, current, next, windowPrev, windowNext) => {
    const window = trackWindowOf(state(current, prev, next));
    expect(window === null ? null : uris([window.current_track])).toEqual([current]);
    expect(uris(window?.previous_tracks ?? [])).toEqual(windowPrev);
    expect(uris(window?.next_tracks ?? [])).toEqual(windowNext);
  });

  it('keeps what the cluster says of each track', () => {
    expect(trackWindowOf(state(3, [1, 2], [4]))?.next_tracks).toEqual([{ uri: 'spotify:track:t4', name: 'Track 4' }]);
  });

  it('no player state, or no current track: no window', () => {
    expect(trackWindowOf(null)).toBeNull();
    expect(trackWindowOf({ ...state(1, [], []), track: null })).toBeNull();
  });
});
