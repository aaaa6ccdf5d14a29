import type { ActionLogFile } from './action-log';
import { applyChanges, changesBetween, firstStateDivergence, parseTrail, recordTrail, serializeTrail, type TrailChange } from './golden-trail';
import type { Action } from './action';
import type { Envelope } from './store';

describe('changesBetween and applyChanges: what a step changed, and back (issue 19 golden trail)', () => {
  it.each<[string, unknown, unknown, TrailChange[]]>([
    ['a leaf', { a: { b: 1 } }, { a: { b: 2 } }, [[['a', 'b'], 2]]],
    ['a key added', { a: 1 }, { a: 1, b: { c: [1] } }, [[['b'], { c: [1] }]]],
    ['a key removed', { a: 1, b: 2 }, { a: 1 }, [[['b']]]],
    ['a key that became undefined is removed', { a: 1, b: 2 }, { a: 1, b: undefined }, [[['b']]]],
    ['an array item, lengths equal', { xs: [1, 2, 3] }, { xs: [1, 9, 3] }, [[['xs', 1], 9]]],
    ['an array that grew, whole', { xs: [1] }, { xs: [1, 2] }, [[['xs'], [1, 2]]]],
    ['a key that is not an identifier', { m: { 'spotify:track:1': 1 } }, { m: { 'spotify:track:1': 2 } }, [[['m', 'spotify:track:1'], 2]]],
    ['null to an object', { a: null }, { a: { b: 1 } }, [[['a'], { b: 1 }]]],
    ['nothing', { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, []],
  ])('%s', (_name, before, after, changes) => {
    expect(changesBetween(before, after)).toEqual(changes);
    expect(applyChanges(before, changes)).toEqual(JSON.parse(JSON.stringify(after)));
  });

  it('applyChanges copies along the path only: the state it was given is not changed', () => {
    const before = { a: { b: 1 }, c: { d: 2 } };
    const after = applyChanges(before, [[['a', 'b'], 5]]) as typeof before;
    expect(before.a.b).toBe(1);
    expect(after.c).toBe(before.c);
  });
});

// A toy app: a counter with a name. The golden trail is recorded with `reducer`; the table's reducers are "today's code".
interface S {
  readonly count: number;
  readonly name?: string;
  readonly extra?: boolean;
}
const reducer = (s: S, a: Action): S => {
  if (a.type === 'inc') return { ...s, count: s.count + 1 };
  if (a.type === 'named') return { ...s, name: (a as Action & { name: string }).name };
  return s;
};
const entry = (seq: number, action: Action): Envelope => ({ seq, t: seq * 10, src: 'ui', action });
const log: ActionLogFile = {
  header: { kind: 'header', schema: 1, app: 'toy', version: '0', initialState: { count: 0 } },
  entries: [entry(1, { type: 'named', name: 'x' } as Action), entry(2, { type: 'inc' }), entry(3, { type: 'inc' }), entry(4, { type: 'noop' })],
};
const fold = (r: (s: S, a: Action) => S): S[] => {
  let s = log.header.initialState as S;
  return log.entries.map((e) => (s = r(s, e.action)));
};
const trail = parseTrail(serializeTrail(recordTrail(log, fold(reducer))));

describe('firstStateDivergence: the first seq whose state leaves the golden trail, and the paths (issue 19)', () => {
  it.each<[string, (s: S, a: Action) => S, string | undefined]>([
    ['the same code', reducer, undefined],
    ['a step that counts two', (s, a) => (a.type === 'inc' && s.count === 1 ? { ...s, count: s.count + 2 } : reducer(s, a)), 'seq 3 (inc): state.count: 2 ≠ 3'],
    ['a step that no longer sets a key', (s, a) => (a.type === 'named' ? s : reducer(s, a)), 'seq 1 (named): state.name: "x" ≠ undefined'],
    ['a step that adds a key', (s, a) => (a.type === 'noop' ? { ...s, extra: true } : reducer(s, a)), 'seq 4 (noop): state.extra: undefined ≠ true'],
    [
      'a step that changes two paths: both named',
      (s, a) => (a.type === 'inc' && s.count === 0 ? { ...s, count: 5, name: 'y' } : reducer(s, a)),
      'seq 2 (inc): state.count: 1 ≠ 5; state.name: "x" ≠ "y"',
    ],
  ])('%s', (_name, today, message) => {
    expect(firstStateDivergence(log, trail, fold(today))?.message).toBe(message);
  });

  it('names only the first divergent step, not the ones after it that follow from it', () => {
    const today = (s: S, a: Action): S => (a.type === 'named' ? { ...reducer(s, a), count: 10 } : reducer(s, a));
    expect(firstStateDivergence(log, trail, fold(today))).toMatchObject({ seq: 1, changes: [{ path: 'count', before: 0, after: 10 }] });
  });

  it("says when the trail is another log's", () => {
    const other = trail.map((step) => (step.seq === 2 ? { ...step, type: 'dec' } : step));
    expect(firstStateDivergence(log, other, fold(reducer))?.message).toMatch(
      /^seq 2 \(inc\): the trail has seq 2 \(dec\) there; the golden trail is not this log's/,
    );
    expect(firstStateDivergence(log, trail.slice(0, 2), fold(reducer))?.message).toMatch(/^seq 3 \(inc\): the trail ends before it/);
  });
});
