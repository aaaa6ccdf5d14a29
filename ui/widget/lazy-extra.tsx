import { lazy, Suspense, type ComponentType } from 'react';
import { extrasLoaded$, loadExtras, type Extras } from './extras-loader';

/**
 * A component of the widget's lazy chunk (ui/widget/extras.ts) for the first frame's code to render.
 * Once the chunk is there (every page fetches it right after booting: ui/widget/main.tsx) it renders
 * at once, in the same commit as the state that shows it; before, it fetches the chunk and renders
 * nothing until it arrives. The store's state does not wait for it: actions are reduced either way,
 * and the component renders the state as it is by then.
 */
export function lazyExtra<P extends object>(pick: (extras: Extras) => ComponentType<P>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  extrasLoaded$.subscribe((extras) => {
    loaded = pick(extras);
  });
  const Lazy = lazy(() => loadExtras().then((extras) => ({ default: pick(extras) })));
  return function LazyExtra(props: P) {
    if (loaded !== undefined) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
