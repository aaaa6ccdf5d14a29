import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Store } from '../../core/store/store';
import { deferredSubscribe } from './deferred-subscribe';
import type { WidgetState } from '../../core/widget/state';

interface StoreContextValue {
  readonly store: Store<WidgetState>;
  /**
   * The state the server rendered from. During hydration React reads it (getServerSnapshot), so
   * the first client render matches the server HTML even if epics already moved the store on.
   */
  readonly serverState: WidgetState;
  /** What useSelector subscribes with: the store's own, or its deferred notifications. */
  readonly subscribe: (listener: () => void) => () => void;
}

const StoreContext = createContext<StoreContextValue | null>(null);

export interface StoreProviderProps {
  readonly store: Store<WidgetState>;
  /** Defaults to the store's state when the provider first renders. */
  readonly serverState?: WidgetState;
  /**
   * Runs a UI notification in a later task (./deferred-subscribe.ts); the browser boot passes one.
   * Without it (tests, server rendering) React hears of every change at once.
   */
  readonly deferUpdates?: (run: () => void) => void;
  readonly children?: ReactNode;
}

export function StoreProvider({ store, serverState, deferUpdates, children }: StoreProviderProps) {
  // A new value only when a prop changes (main.tsx makes the element once, so never after the first render):
  // serverState is only read while hydrating, and a new deferUpdates only makes React subscribe again.
  const value = useMemo(
    () => ({
      store,
      serverState: serverState ?? store.getState(),
      subscribe: deferUpdates === undefined ? store.subscribe : deferredSubscribe(store, deferUpdates),
    }),
    [store, serverState, deferUpdates],
  );
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

export function useStoreContext(): StoreContextValue {
  const value = useContext(StoreContext);
  if (value === null) throw new Error('useSelector/useDispatch need a <StoreProvider> above them.');
  return value;
}
