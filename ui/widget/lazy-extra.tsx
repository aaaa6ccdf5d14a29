import { lazy, Suspense, type ComponentType } from 'react';
import { extrasLoaded$, loadExtras, type Extras } from './extras-loader';

/**
 * A component of the widget's lazy chunk (ui/widget/extras.ts) for the first frame's code to render.
 * Once the chunk is there (every page fetches it right after booting: ui/widget/main.tsx) it renders
 * at once, in the same commit as the state that shows it; before, it fetches the chunk and renders
 * nothing until it arrives. The store's state does not wait for it: actions are reduced either way,
 * and the component renders the state as it is by then. The tree is the same either way (a Suspense
 * around one lazy component), so a part shown before the chunk came is not mounted again after.
 */
export function lazyExtra<P extends object>(pick: (extras: Extras) => ComponentType<P>): ComponentType<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  extrasLoaded$.subscribe((extras) => {
    loaded = { default: pick(extras) };
  });
  // React reads a thenable that resolves at once in the same render: no suspending when the chunk is in.
  const Lazy = lazy(() => {
    const module = loaded;
    if (module === undefined) return loadExtras().then((extras) => ({ default: pick(extras) }));
    return { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve(module) } as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return function LazyExtra(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
