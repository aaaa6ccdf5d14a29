import { renderToString } from 'react-dom/server';
import type { EmbedData } from '../../core/model/embed-data';
import { createStore } from '../../core/store/store';
import { widgetReducer } from '../../core/widget/reducer';
import { initialWidgetState } from '../../core/widget/state';
import { StoreProvider } from '../hooks/store-context';
import { EmbedApp } from './EmbedApp';

/** Rendering has no clock of its own; the store only needs one to stamp envelopes nobody records here. */
const fixedClock = { now: () => 0 };

/**
 * The server-rendered first frame of the widget (ARCHITECTURE.md §4): the same initial state the
 * client builds from the same JSON block, in a store without epics, so that cover art and track
 * list paint before any script runs and the client hydrates without a mismatch.
 */
export function renderEmbedApp(data: EmbedData): string {
  const store = createStore({ reducer: widgetReducer, deps: { clock: fixedClock }, initialState: initialWidgetState(data) });
  return renderToString(
    <StoreProvider store={store}>
      <EmbedApp />
    </StoreProvider>,
  );
}
