import { NO_LIST, REASON_REQUIRED } from './constants';
import { adoptList, emptyList, landing, loadList, navigate, onTrackError, onTrackFinished, type ListPlayerState, type ListTrack } from './list-player';

const T = (uri: string, playable = true): ListTrack => ({ uri, playable });
const tracks = [T('a'), T('b', false), T('c'), T('d', false)];
const at = (index: number, list = tracks): ListPlayerState => ({ ...loadList(list), status: 'playing', index, position: index });

describe('list navigation (spec 001 §4 List player: next/previous, unplayable tracks skipped)', () => {
  it.each([
    ['the first next lands on the first playable track', loadList([T('x', false), T('a')]), 'next', { kind: 'load', index: 1, uri: 'a', reason: 'fwdbtn' }],
    ['next skips an unplayable track', at(0), 'next', { kind: 'load', index: 2, uri: 'c', reason: 'fwdbtn' }],
    ['previous skips an unplayable track', at(2), 'previous', { kind: 'load', index: 0, uri: 'a', reason: 'fwdbtn' }],
    ['next past the last playable track ends the list', at(2), 'next', { kind: 'listEnded' }],
    ['previous before the first track is out of bounds', at(0), 'previous', { kind: 'refused', code: 'OUT_OF_BOUNDS', err: 'OUT_OF_BOUNDS' }],
  ] as const)('%s', (_what, state, direction, step) => expect(navigate(state, direction, 'fwdbtn')).toEqual(step));

  it.each([undefined, null, '', 'skip'])(
    "a navigation without a valid reason %p is refused with 'The argument `reason` is required.' (spec 001 §5)",
    (reason) => {
      expect(navigate(at(0), 'next', reason)).toEqual({ kind: 'refused', code: 'INVALID', err: REASON_REQUIRED });
    },
  );

  it("with no list: 'Cannot perform operation; no list was loaded.' (spec 001 §5)", () => {
    expect(navigate(emptyList, 'next', 'fwdbtn')).toEqual({ kind: 'refused', code: 'NO_LIST', err: NO_LIST });
  });

  it.each([
    [[T('a'), T('b')], -1, 'next', 0],
    [[T('a', false), T('b', false)], -1, 'next', null],
    [[T('a'), T('b', false), T('c', false)], 2, 'previous', 0],
  ] as const)('landing(%p, %p, %p) = %p', (list, from, direction, index) => expect(landing(list, from, direction)).toBe(index));
});

describe('track finish and errors (spec 001 §4 List player, §9 max consecutive list errors 5)', () => {
  it('a finished track moves next with reason trackdone', () => {
    expect(onTrackFinished(at(0))).toEqual({ kind: 'load', index: 2, uri: 'c', reason: 'trackdone' });
  });

  it.each([
    [1, true, { kind: 'load', index: 2, uri: 'c', reason: 'trackerror' }],
    [5, true, { kind: 'load', index: 2, uri: 'c', reason: 'trackerror' }],
    [6, true, { kind: 'maxListErrors' }],
    [6, false, { kind: 'stay' }],
    [1, false, { kind: 'stay' }],
  ])('error count %p, allows next %p → %p', (errors, allowsNext, step) => expect(onTrackError(errors, at(0), allowsNext)).toEqual(step));
});

describe('a list loaded from a start track (spec 001 §4 List player: a context played from one of its tracks)', () => {
  it.each([
    ['lands on the start track', [T('a'), T('b'), T('c')], 1, 1],
    ['skips an unplayable start track to the next playable one', [T('a'), T('b', false), T('c')], 1, 2],
  ])('the first next %s', (_name, list, start, landed) => {
    expect(navigate(loadList(list, start), 'next', 'playbtn')).toMatchObject({ kind: 'load', index: landed });
  });
});

describe('a list adopted around the track playing (spec 001 §4 add to queue: the queue changes, the track goes on)', () => {
  it('the tracks are replaced, the track playing stays current at its index in the new list, the status, errors and options stay', () => {
    const playing = { ...at(2), errors: 2, repeat: 'CONTEXT' as const };
    const adopted = adoptList(playing, [T('a'), T('c'), T('q'), T('e')], 1);
    expect(adopted).toEqual({ ...playing, tracks: [T('a'), T('c'), T('q'), T('e')], order: [0, 1, 2, 3], position: 1, index: 1 });
    expect(navigate(adopted, 'next', 'fwdbtn')).toEqual({ kind: 'load', index: 2, uri: 'q', reason: 'fwdbtn' });
  });

  it('with no track current (no list, or one before its first track), or an index outside the new list, nothing changes', () => {
    expect(adoptList(emptyList, [T('a')], 0)).toBe(emptyList);
    const before = loadList(tracks);
    expect(adoptList(before, [T('a')], 0)).toBe(before);
    expect(adoptList(at(0), [T('a')], 3)).toEqual(at(0));
  });
});
