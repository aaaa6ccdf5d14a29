import { useCallback } from 'react';
import type { Action } from '../../core/store/action';
import { useStoreContext } from './store-context';

/** Components send intents only: everything dispatched from the UI is tagged `ui` in the log. */
export function useDispatch(): (action: Action) => void {
  const { store } = useStoreContext();
  return useCallback((action: Action) => store.dispatch(action, 'ui'), [store]);
}
