import { useRef, useSyncExternalStore } from 'react';
import type { WidgetState } from '../../core/widget/state';
import { useStoreContext } from './store-context';

export type Equality<T> = (a: T, b: T) => boolean;

/** Equal when both are the same value, or arrays/objects whose own entries are the same values. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

interface Memo<T> {
  readonly state: WidgetState;
  readonly selector: (state: WidgetState) => T;
  readonly selection: T;
}

/**
 * Reads a slice of the store and re-renders only when it changes (by `equal`, identity by default).
 * The selection is cached per state, as useSyncExternalStore requires a stable snapshot; an equal
 * new selection keeps the old reference, so selectors may build objects and arrays.
 */
export function useSelector<T>(selector: (state: WidgetState) => T, equal: Equality<T> = Object.is): T {
  const { store, serverState, subscribe } = useStoreContext();
  const client = useRef<Memo<T> | null>(null);
  const server = useRef<Memo<T> | null>(null);

  const select = (memo: { current: Memo<T> | null }, state: WidgetState): T => {
    const last = memo.current;
    if (last !== null && last.state === state && last.selector === selector) return last.selection;
    const next = selector(state);
    const selection = last !== null && equal(last.selection, next) ? last.selection : next;
    memo.current = { state, selector, selection };
    return selection;
  };

  return useSyncExternalStore(
    subscribe,
    () => select(client, store.getState()),
    // Server render and hydration: the state the HTML was (or is being) rendered from.
    () => select(server, serverState),
  );
}
