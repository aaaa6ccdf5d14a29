import type { Draft } from 'immer';

/*
 * A copy-on-write `produce` for the widget's reducer, in place of immer's (which weighs 3.5 KB of the
 * widget's initial JS, gzipped, against the 100 KB budget of issue 2). It keeps what the reducers use
 * of immer: a draft of plain objects and arrays to assign to and delete from, structural sharing (an
 * untouched branch is the same object after, and a recipe that changes nothing gives back the base),
 * and drafts placed anywhere in the tree (`draft.a = draft.b`, `{ ...draft.c }`) ending as plain values.
 * It leaves out what they do not use: Maps and Sets, recipes that return a new state, patches, and
 * immer's freezing of the result (a reducer that mutated a state outside a draft would throw there).
 * The `Draft` type stays immer's: a draft here is read and written as immer's is.
 */

interface DraftState {
  readonly base: Record<PropertyKey, unknown>;
  readonly parent: DraftState | undefined;
  /** The base's shallow copy once a property was written or a child drafted; the final value if modified. */
  copy: Record<PropertyKey, unknown> | undefined;
  modified: boolean;
  final: unknown;
  finalized: boolean;
}

const STATE = Symbol('draft state');

const isPlain = (value: unknown): value is Record<PropertyKey, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const stateOf = (value: unknown): DraftState | undefined =>
  typeof value === 'object' && value !== null ? ((value as Record<symbol, DraftState | undefined>)[STATE] ?? undefined) : undefined;

const shallowCopy = (base: Record<PropertyKey, unknown>): Record<PropertyKey, unknown> =>
  Array.isArray(base)
    ? ([...(base as unknown[])] as unknown as Record<PropertyKey, unknown>)
    : Object.assign(Object.create(Object.getPrototypeOf(base) as object | null) as object, base);

const source = (state: DraftState): Record<PropertyKey, unknown> => state.copy ?? state.base;

function markModified(state: DraftState | undefined): void {
  for (let s = state; s !== undefined && !s.modified; s = s.parent) {
    s.modified = true;
    s.copy ??= shallowCopy(s.base);
  }
}

const traps: ProxyHandler<DraftState> = {
  get(target, prop) {
    const state = (target as unknown as { s: DraftState }).s;
    if (prop === STATE) return state;
    const from = source(state);
    const value = from[prop];
    // A branch of the base is drafted when first read, so that writing to it copies it and its parents.
    if (!Object.prototype.hasOwnProperty.call(from, prop) || !isPlain(value) || value !== state.base[prop]) return value;
    state.copy ??= shallowCopy(state.base);
    const child = createDraft(value, state);
    state.copy[prop] = child;
    return child;
  },
  set(target, prop, value) {
    const state = (target as unknown as { s: DraftState }).s;
    const from = source(state);
    if (Object.prototype.hasOwnProperty.call(from, prop) && Object.is(from[prop], value)) return true;
    // Writing back the base's own value over its draft is no change either.
    if (Object.prototype.hasOwnProperty.call(state.base, prop) && Object.is(state.base[prop], value) && stateOf(from[prop])?.modified === false) return true;
    markModified(state);
    state.copy![prop] = value;
    return true;
  },
  deleteProperty(target, prop) {
    const state = (target as unknown as { s: DraftState }).s;
    if (!Object.prototype.hasOwnProperty.call(source(state), prop)) return true;
    markModified(state);
    delete state.copy![prop];
    return true;
  },
  has: (target, prop) => prop in source((target as unknown as { s: DraftState }).s),
  ownKeys: (target) => Reflect.ownKeys(source((target as unknown as { s: DraftState }).s)),
  getOwnPropertyDescriptor(target, prop) {
    const state = (target as unknown as { s: DraftState }).s;
    const from = source(state);
    const descriptor = Reflect.getOwnPropertyDescriptor(from, prop);
    if (descriptor === undefined) return undefined;
    // An array proxy's target is an array: its length must be reported as the target has it (non-configurable).
    const isLength = Array.isArray(from) && prop === 'length';
    if (isLength) Reflect.set(target, 'length', from.length);
    return { writable: true, configurable: !isLength, enumerable: descriptor.enumerable, value: traps.get!(target, prop, undefined) as unknown };
  },
  getPrototypeOf: (target) => Object.getPrototypeOf((target as unknown as { s: DraftState }).s.base) as object | null,
  // Unsupported on a draft: false makes Object.defineProperty and Object.setPrototypeOf throw a TypeError.
  defineProperty: () => false,
  setPrototypeOf: () => false,
};

function createDraft(base: Record<PropertyKey, unknown>, parent: DraftState | undefined): Record<PropertyKey, unknown> {
  const state: DraftState = { base, parent, copy: undefined, modified: false, final: undefined, finalized: false };
  // The proxy's target is of the base's kind, so Array.isArray and spreads see an array; it holds the state.
  const target = (Array.isArray(base) ? [] : {}) as unknown as { s: DraftState };
  // Configurable: a proxy must list every non-configurable property of its target among its own keys.
  Object.defineProperty(target, 's', { value: state, configurable: true });
  return new Proxy(target as unknown as DraftState, traps) as unknown as Record<PropertyKey, unknown>;
}

/** A value as it ends: a draft becomes its base (untouched) or its finalized copy; a new value has the drafts in it replaced. */
function finalize(value: unknown, seen: Set<object>): unknown {
  const state = stateOf(value);
  if (state !== undefined) {
    if (state.finalized) return state.final;
    state.finalized = true;
    state.final = state.base;
    if (state.modified) {
      const copy = state.copy!;
      state.final = copy;
      for (const key of Reflect.ownKeys(copy)) {
        const item = copy[key];
        if (item !== state.base[key] || stateOf(item) !== undefined) copy[key] = finalize(item, seen);
      }
    }
    return state.final;
  }
  // A new value (not from the base): it may hold drafts, read from the tree while it was built.
  if (isPlain(value) && !seen.has(value)) {
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      const item = value[key];
      if (typeof item === 'object' && item !== null) {
        const final = finalize(item, seen);
        if (final !== item) value[key] = final;
      }
    }
  }
  return value;
}

/** immer's `produce(base, recipe)` for a plain object or array, as the reducers call it (the recipe mutates, returns nothing). */
export function produce<S extends object>(base: S, recipe: (draft: Draft<S>) => void): S {
  const draft = createDraft(base as unknown as Record<PropertyKey, unknown>, undefined);
  recipe(draft as unknown as Draft<S>);
  return finalize(draft, new Set()) as S;
}
