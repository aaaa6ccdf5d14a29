import { diffStates, ROOT_PATH, type StateChange } from './state-diff';

describe('diffStates (ARCHITECTURE.md §1: replay shows why the widget did what it did, change by change)', () => {
  const table: ReadonlyArray<readonly [string, unknown, unknown, StateChange[]]> = [
    ['equal primitives give no change', 3, 3, []],
    ['NaN equals NaN', Number.NaN, Number.NaN, []],
    ['deep-equal objects that are not the same reference give no change', { a: { b: [1, 2] } }, { a: { b: [1, 2] } }, []],
    [
      'a changed leaf is reported by its dotted path',
      { playback: { progress: 1, isPlaying: true } },
      { playback: { progress: 2, isPlaying: true } },
      [{ path: 'playback.progress', before: 1, after: 2 }],
    ],
    [
      'array items are reported by index',
      { tracks: [{ name: 'a' }, { name: 'b' }] },
      { tracks: [{ name: 'a' }, { name: 'c' }] },
      [{ path: 'tracks[1].name', before: 'b', after: 'c' }],
    ],
    ['an added key has undefined before', { a: 1 }, { a: 1, b: { c: 2 } }, [{ path: 'b', before: undefined, after: { c: 2 } }]],
    ['a removed key has undefined after', { a: 1, b: 2 }, { a: 1 }, [{ path: 'b', before: 2, after: undefined }]],
    ['an array that grows reports the new index', [1], [1, 2], [{ path: '[1]', before: undefined, after: 2 }]],
    ['an array that shrinks reports the lost index', [1, 2], [1], [{ path: '[1]', before: 2, after: undefined }]],
    [
      'a key that is not an identifier is quoted',
      { byUri: { 'spotify:track:1': 1 } },
      { byUri: { 'spotify:track:1': 2 } },
      [{ path: 'byUri["spotify:track:1"]', before: 1, after: 2 }],
    ],
    ['a type change is one change at that path', { a: [1] }, { a: { 0: 1 } }, [{ path: 'a', before: [1], after: { 0: 1 } }]],
    ['null against an object is one change', { a: null }, { a: { b: 1 } }, [{ path: 'a', before: null, after: { b: 1 } }]],
    ['different whole values are reported at the root', 1, 'one', [{ path: ROOT_PATH, before: 1, after: 'one' }]],
    ['a key undefined on one side and absent on the other is no change (JSON drops it)', { a: undefined }, {}, []],
  ];

  it.each(table)('%s', (_rule, a, b, expected) => {
    expect(diffStates(a, b)).toEqual(expected);
  });

  it('lists changes in key order: keys of the first state, then keys only the second has', () => {
    expect(diffStates({ x: 1, y: 1 }, { z: 1, y: 2, x: 1 }).map((c) => c.path)).toEqual(['y', 'z']);
  });
});
