import {
  emptyList,
  hasPrevious,
  loadList,
  navigate,
  onTrackError,
  onTrackFinished,
  reorder,
  shuffledOrder,
  type ListPlayerState,
  type ListTrack,
} from './list-player';
import * as A from './actions';
import { listReducer } from './reducer';
import type { RepeatMode } from './constants';

/*
 * spec 001 §3 Playback state (shuffle, repeat_mode) and Repeat modes (OFF, CONTEXT, TRACK), as the
 * list player of §4 plays them: next, previous and a finished track under each mode, and the
 * shuffled play order.
 */
const T = (uri: string, playable = true): ListTrack => ({ uri, playable });
const tracks = [T('a'), T('b', false), T('c'), T('d')];
const at = (index: number, repeat: RepeatMode, list = tracks): ListPlayerState => ({
  ...loadList(list, 0, { shuffle: false, repeat }),
  status: 'playing',
  index,
  position: index,
});

describe('repeat modes (spec 001 §3 Repeat modes OFF, CONTEXT, TRACK; §4 List player)', () => {
  it.each([
    ['OFF: next past the last track ends the list', at(3, 'OFF'), 'next', { kind: 'listEnded' }],
    ['OFF: previous before the first is out of bounds', at(0, 'OFF'), 'previous', { kind: 'refused', code: 'OUT_OF_BOUNDS', err: 'OUT_OF_BOUNDS' }],
    ['CONTEXT: next past the last track wraps to the first', at(3, 'CONTEXT'), 'next', { kind: 'load', index: 0, uri: 'a', reason: 'fwdbtn' }],
    ['CONTEXT: previous before the first wraps to the last', at(0, 'CONTEXT'), 'previous', { kind: 'load', index: 3, uri: 'd', reason: 'fwdbtn' }],
    [
      'CONTEXT: the wrap skips unplayable tracks too',
      at(0, 'CONTEXT', [T('a'), T('b', false)]),
      'next',
      { kind: 'load', index: 0, uri: 'a', reason: 'fwdbtn' },
    ],
    ['TRACK: a skip still moves on (and wraps)', at(3, 'TRACK'), 'next', { kind: 'load', index: 0, uri: 'a', reason: 'fwdbtn' }],
    ['TRACK: a skip in the middle moves to the next playable', at(0, 'TRACK'), 'next', { kind: 'load', index: 2, uri: 'c', reason: 'fwdbtn' }],
  ] as const)('%s', (_what, state, direction, step) => expect(navigate(state, direction, 'fwdbtn')).toEqual(step));

  it.each([
    ['OFF: the last track finished ends the list', at(3, 'OFF'), { kind: 'listEnded' }],
    ['CONTEXT: the last track finished starts the list again', at(3, 'CONTEXT'), { kind: 'load', index: 0, uri: 'a', reason: 'trackdone' }],
    ['TRACK: a finished track plays again', at(2, 'TRACK'), { kind: 'load', index: 2, uri: 'c', reason: 'trackdone' }],
  ] as const)('track finish — %s', (_what, state, step) => expect(onTrackFinished(state)).toEqual(step));

  it.each(['OFF', 'CONTEXT', 'TRACK'] as const)('%s: a failed track moves next (trackerror), never plays again', (mode) => {
    expect(onTrackError(1, at(0, mode), true)).toEqual({ kind: 'load', index: 2, uri: 'c', reason: 'trackerror' });
  });

  it('CONTEXT with no playable track at all ends the list instead of looping', () => {
    expect(navigate(at(0, 'CONTEXT', [T('a', false), T('b', false)]), 'next', 'trackdone')).toEqual({ kind: 'listEnded' });
  });

  it('smart previous has a previous track on the first one only under repeat (spec 001 §4 Smart previous)', () => {
    expect(hasPrevious(at(0, 'OFF'))).toBe(false);
    expect(hasPrevious(at(0, 'CONTEXT'))).toBe(true);
  });

  it('a repeat mode outlives its list: the next list loaded repeats too, and clearing keeps it', () => {
    const repeating = listReducer(listReducer(emptyList, A.repeatChanged({ mode: 'CONTEXT' })), A.listLoadRequested({ tracks: [T('x')], startIndex: 0 }));
    expect(repeating.repeat).toBe('CONTEXT');
    expect(listReducer(repeating, A.listEnded()).repeat).toBe('CONTEXT');
  });
});

describe('shuffle (spec 001 §3 Playback state shuffle; the order drawn from the injected random)', () => {
  it('shuffledOrder is Fisher–Yates over the draws, the anchor first', () => {
    // rest [0, 2, 3]: i=2 draw 0 → swap 2↔0 → [3, 2, 0]; i=1 draw 0 → swap → [2, 3, 0].
    expect(shuffledOrder(4, 1, () => 0)).toEqual([1, 2, 3, 0]);
    // Draws just under 1 keep every element in place.
    expect(shuffledOrder(4, 1, () => 0.999)).toEqual([1, 0, 2, 3]);
    expect(shuffledOrder(0, -1, () => 0)).toEqual([]);
    // spec 001 §4 add to queue: the queued tracks follow the anchor in their order, never shuffled.
    expect(shuffledOrder(5, 1, () => 0, [3, 2])).toEqual([1, 3, 2, 4, 0]);
    expect(shuffledOrder(4, -1, () => 0, [2])).toEqual([2, 1, 3, 0]);
  });

  it('a shuffled list plays in its order: next follows the order, skipping unplayable tracks', () => {
    // Play order c(2), b(1, unplayable), a(0), d(3); c is current.
    const shuffled = reorder(at(2, 'OFF'), true, [2, 1, 0, 3]);
    expect(shuffled).toMatchObject({ shuffle: true, position: 0, index: 2 });
    expect(navigate(shuffled, 'next', 'fwdbtn')).toEqual({ kind: 'load', index: 0, uri: 'a', reason: 'fwdbtn' });
    const onA = listReducer(shuffled, A.trackLoadRequested({ index: 0, uri: 'a', reason: 'fwdbtn' }));
    expect(navigate(onA, 'previous', 'backbtn')).toEqual({ kind: 'load', index: 2, uri: 'c', reason: 'backbtn' });
  });

  it('shuffle off goes back to list order from the current track', () => {
    const shuffled = { ...reorder(at(2, 'OFF'), true, [2, 1, 0, 3]), index: 0, position: 2 };
    const unshuffled = reorder(shuffled, false, [0, 1, 2, 3]);
    expect(unshuffled).toMatchObject({ shuffle: false, index: 0, position: 0 });
    expect(navigate(unshuffled, 'next', 'fwdbtn')).toEqual({ kind: 'load', index: 2, uri: 'c', reason: 'fwdbtn' });
  });

  it('before the first track the first next still lands on the start track', () => {
    const loaded = loadList(tracks, 2);
    const shuffled = reorder(loaded, true, [2, 3, 0, 1]);
    expect(navigate(shuffled, 'next', 'playbtn')).toEqual({ kind: 'load', index: 2, uri: 'c', reason: 'playbtn' });
  });

  it('an order that is not a permutation of the list (drawn for an older list) is not applied', () => {
    const state = at(0, 'OFF');
    expect(reorder(state, true, [1, 0])).toEqual({ ...state, shuffle: true });
  });
});
