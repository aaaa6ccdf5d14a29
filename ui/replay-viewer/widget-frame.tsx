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

/** The frame's border (px, replay-viewer.css .rv-frame), drawn around the captured size. */
const FRAME_BORDER = 1;
/** Below this a widget is too small to read; the pane scrolls instead. */
const MIN_SCALE = 0.2;

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

  // Issue 19 "at the captured size": a widget wider than its pane (a 1280-wide capture) is drawn at
  // its size inside the frame, so it keeps its layout, and scaled down to fit (a CSS transform).
  const [pane, setPane] = useState<HTMLElement | null>(null);
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    if (pane === null) return;
    const measure = () => setRoom(pane.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(pane);
    return () => observer.disconnect();
  }, [pane]);
  const outer = { width: viewport.width + 2 * FRAME_BORDER, height: viewport.height + 2 * FRAME_BORDER };
  const scale = room === null || room >= outer.width ? 1 : Math.max(MIN_SCALE, room / outer.width);

  const srcDoc = '<!doctype html><html><head><link rel="stylesheet" href="/widget/main.css"></head><body><div id="root"></div></body></html>';
  return (
    <section className="rv-col rv-col--widget" aria-label="Widget" ref={setPane} style={{ flexBasis: outer.width }}>
      <h2>Widget</h2>
      <div className="rv-frame-box" style={{ width: outer.width * scale, height: outer.height * scale }}>
        <iframe
          className="rv-frame"
          title="The widget at this step"
          data-testid="replay-widget-frame"
          srcDoc={srcDoc}
          width={viewport.width}
          height={viewport.height}
          style={{ width: outer.width, height: outer.height, ...(scale === 1 ? {} : { transform: `scale(${scale})` }) }}
          onLoad={(event) => setMount(event.currentTarget.contentDocument?.getElementById('root') ?? null)}
        />
      </div>
      {mount === null
        ? null
        : createPortal(
            <StoreProvider store={store}>
              <EmbedApp />
            </StoreProvider>,
            mount,
          )}
      <div className="rv-caption" data-testid="replay-widget-scale">
        {viewport.width} × {viewport.height}
        {scale === 1 ? ' · actual size' : ` · shown at ${Math.round(scale * 100)}%`}
      </div>
    </section>
  );
}
