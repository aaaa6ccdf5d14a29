import type { Store } from '../../core/store/store';
import { pageHidden } from '../../core/widget/actions';
import type { WidgetState } from '../../core/widget/state';

/**
 * The page being hidden or left (pagehide; visibilitychange to hidden, the last event a mobile
 * browser reliably fires) as a `widget/pageHidden` adapter fact, so that the logging channel sends
 * what waits (core/widget/action-logging.epic). Returns the function that removes the listeners.
 */
export function bindPageHidden(store: Store<WidgetState>, win: Window): () => void {
  const onPageHide = () => store.dispatch(pageHidden(), 'adapter');
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') onPageHide();
  };
  win.addEventListener('pagehide', onPageHide);
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('pagehide', onPageHide);
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}
