import { produce as immerProduce, type Draft } from 'immer';
import { produce } from './produce';

// core/store/produce.ts stands in for immer's produce in the widget's reducer (the initial-JS budget
// of issue 2): each recipe here runs under both, and the results must be equal and share as immer's do.

interface S {
  n: number;
  a: { x: number; y?: number; deep: { z: string } };
  b: { list: Array<{ id: number }> };
  c: { untouched: number[] };
  v?: { w: number };
}

const base = (): S => ({ n: 1, a: { x: 1, y: 2, deep: { z: 'z' } }, b: { list: [{ id: 1 }, { id: 2 }] }, c: { untouched: [1, 2] } });

const both = (recipe: (draft: Draft<S>) => void) => {
  const start = base();
  const ours = produce(start, recipe);
  const theirs = immerProduce(base(), recipe);
  expect(ours).toEqual(theirs);
  return { start, ours };
};

describe('produce (copy-on-write, as immer for the reducers)', () => {
  it('a recipe that changes nothing, or writes back the same values, gives back the base itself', () => {
    const read = both((d) => {
      void d.a.deep.z;
      void [...d.b.list];
      void { ...d.a };
    });
    expect(read.ours).toBe(read.start);
    const same = both((d) => {
      d.n = 1;
      d.a.x = 1;
      const a = d.a;
      d.a = a;
    });
    expect(same.ours).toBe(same.start);
  });

  it('a write copies its branch and the parents up to the root; the other branches are the same objects; the base is left as it was', () => {
    const { start, ours } = both((d) => {
      d.a.deep.z = 'new';
    });
    expect(ours).not.toBe(start);
    expect(ours.a).not.toBe(start.a);
    expect(ours.a.deep).toEqual({ z: 'new' });
    expect(ours.b).toBe(start.b);
    expect(ours.c).toBe(start.c);
    expect(start).toEqual(base());
  });

  it('delete, new keys, replaced branches and writes to a detached draft', () => {
    const { start, ours } = both((d) => {
      const a = d.a;
      delete a.y;
      d.v = { w: 3 };
      d.b = { list: [] };
      d.a = { x: 9, deep: { z: 'q' } };
      // immer ignores writes to a draft no longer in the tree; so must this.
      a.x = 100;
    });
    expect(ours).toEqual({ n: 1, a: { x: 9, deep: { z: 'q' } }, b: { list: [] }, c: start.c, v: { w: 3 } });
    expect('y' in start.a).toBe(true);
  });

  it('array drafts: push, splice, index writes, length; Array.isArray holds on a draft', () => {
    const { start, ours } = both((d) => {
      expect(Array.isArray(d.b.list)).toBe(true);
      d.b.list.push({ id: 3 });
      d.b.list[0]!.id = 10;
      d.b.list.splice(1, 1);
      d.c.untouched.length = 1;
    });
    expect(ours.b.list).toEqual([{ id: 10 }, { id: 3 }]);
    expect(ours.c.untouched).toEqual([1]);
    expect(start.b.list).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('drafts moved or spread into new values end as plain values, with their changes', () => {
    const { ours } = both((d) => {
      d.a.deep.z = 'moved';
      d.v = { w: d.a.x };
      d.b = { list: [{ ...d.b.list[0]! }, d.b.list[1]!] };
      (d as unknown as { moved: unknown }).moved = d.a.deep;
    });
    const moved = (ours as unknown as { moved: { z: string } }).moved;
    expect(moved).toEqual({ z: 'moved' });
    expect(moved).toBe(ours.a.deep);
    // No proxy is left in the result: a structured clone of a proxy throws.
    expect(() => structuredClone(ours)).not.toThrow();
  });

  it('reading through a draft sees the writes made so far (Object.keys, in, spread)', () => {
    both((d) => {
      delete d.a.y;
      d.a.x = 5;
      expect(Object.keys(d.a)).toEqual(['x', 'deep']);
      expect('y' in d.a).toBe(false);
      expect({ ...d.a }.x).toBe(5);
    });
  });

  it('a draft refuses defineProperty and setPrototypeOf (a TypeError, as a frozen object would)', () => {
    produce(base(), (d) => {
      expect(() => Object.defineProperty(d, 'n', { value: 2 })).toThrow(TypeError);
      expect(() => Object.setPrototypeOf(d, null)).toThrow(TypeError);
    });
  });
});
