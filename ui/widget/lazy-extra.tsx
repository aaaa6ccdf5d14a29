import { useEffect, useState, type ComponentType } from 'react';
import { loadedExtras, loadExtras, type Extras } from './extras-loader';

/**
 * A component of the widget's lazy chunk (ui/widget/extras.ts) for the first frame's code to render.
 * Once the chunk is there (every page fetches it right after booting: ui/widget/start-widget.tsx) it renders
 * at once, in the same commit as the state that shows it; before, it fetches the chunk and renders
 * nothing until it arrives, then renders in place (the same element: a part shown before the chunk
 * came is not mounted again after). The store's state does not wait for it: actions are reduced
 * either way, and the component renders the state as it is by then.
 *
 * A chunk that cannot be had (every retry of loadExtras failed) leaves the part empty and the rest of
 * the widget working: no error is thrown into React (React.lazy would keep the rejection for ever and,
 * without an error boundary, unmount the whole widget). `useOnUnavailable` (a hook, called on every
 * render) gives what to do then, e.g. close the dialog so that the button's next click mounts the part
 * again, which tries the chunk again.
 */
export function lazyExtra<P extends object>(pick: (extras: Extras) => ComponentType<P>, useOnUnavailable?: () => () => void): ComponentType<P> {
  return function LazyExtra(props: P) {
    const [extras, setExtras] = useState<Extras | undefined>(loadedExtras);
    const onUnavailable = useOnUnavailable?.();
    useEffect(() => {
      if (extras !== undefined) return undefined;
      let mounted = true;
      loadExtras().then(
        (loaded) => {
          if (mounted) setExtras(loaded);
        },
        () => {
          if (mounted) onUnavailable?.();
        },
      );
      return () => {
        mounted = false;
      };
    }, [extras, onUnavailable]);
    if (extras === undefined) return null;
    const Part = pick(extras);
    return <Part {...props} />;
  };
}
