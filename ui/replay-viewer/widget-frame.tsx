import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { createStore, type Store } from '../../core/store/store';
import type { Action } from '../../core/store/action';
import type { WidgetState } from '../../core/widget/state';
import { StoreProvider } from '../hooks/store-context';
import { EmbedApp } from '../widget/EmbedApp';
import type { Viewport } from './load';

/** The inert store's one action: the viewer shows a replayed state; nothing the widget dispatches changes it. */
const STATE_SHOWN = 'replayViewer/stateShown';

interface StateShown extends Action {
  readonly type: typeof STATE_SHOWN;
  readonly state: WidgetState;
}

const isStateShown = (action: Action): action is StateShown => action.type === STATE_SHOWN;

/**
 * Issue 19 "the widget itself rendered from the replayed state": the live widget's components
 * (EmbedApp) over a store with no epics and a reducer that ignores every action but the viewer's,
 * so clicks in the replayed widget do nothing. It renders into a same-origin frame of the captured
 * size holding the widget's own stylesheet, which styles the whole page (html, body) as the embed
 * page does.
 */
export function WidgetFrame({ state, viewport }: { readonly state: WidgetState; readonly viewport: Viewport }) {
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const store = useMemo<Store<WidgetState>>(
    () =>
      createStore<WidgetState, { clock: { now: () => number } }>({
        reducer: (current, action) => (isStateShown(action) ? action.state : current),
        epics: [],
        deps: { clock: { now: () => 0 } },
        initialState: state,
      }),
    // The store is made once; later states arrive by dispatch below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => {
    if (store.getState() !== state) store.dispatch({ type: STATE_SHOWN, state } as StateShown, 'adapter');
  }, [store, state]);
  useEffect(() => () => store.stop(), [store]);

  const srcDoc = '<!doctype html><html><head><link rel="stylesheet" href="/widget/main.css"></head><body><div id="root"></div></body></html>';
  return (
    <div className="rv-frame-wrap">
      <iframe
        className="rv-frame"
        title="The widget at this step"
        data-testid="replay-widget-frame"
        srcDoc={srcDoc}
        width={viewport.width}
        height={viewport.height}
        onLoad={(event) => setMount(event.currentTarget.contentDocument?.getElementById('root') ?? null)}
      />
      {mount === null
        ? null
        : createPortal(
            <StoreProvider store={store}>
              <EmbedApp />
            </StoreProvider>,
            mount,
          )}
      <div className="rv-caption">
        {viewport.width} × {viewport.height}
      </div>
    </div>
  );
}
