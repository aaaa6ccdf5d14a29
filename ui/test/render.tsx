import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Action } from '../../core/store/action';
import { createStore, type Envelope, type Store } from '../../core/store/store';
import type { EmbedData } from '../../core/model/embed-data';
import { widgetReducer } from '../../core/widget/reducer';
import { initialWidgetState, type WidgetState } from '../../core/widget/state';

// Tells React this is a test environment where updates are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  readonly container: HTMLElement;
  rerender(node: ReactNode): void;
  unmount(): void;
}

const mounted: Rendered[] = [];

/** Unmounts everything render() mounted (document listeners included) and empties the body. */
export function cleanup(): void {
  mounted.splice(0).forEach((r) => r.unmount());
  document.body.replaceChildren();
}

/** Renders into a fresh container in document.body (jsdom), inside act(). Call cleanup() after each test. */
export function render(node: ReactNode): Rendered {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  act(() => {
    root = createRoot(container);
    root.render(node);
  });
  const rendered: Rendered = {
    container,
    rerender: (next) => act(() => root?.render(next)),
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
  mounted.push(rendered);
  return rendered;
}

/** A store with the real reducer and no epics, on a fixed clock, recording what enters it. */
export function testStore(
  data: EmbedData,
  patch: (s: WidgetState) => WidgetState = (s) => s,
): {
  store: Store<WidgetState>;
  actions: () => ReadonlyArray<Action>;
  envelopes: ReadonlyArray<Envelope>;
} {
  const envelopes: Envelope[] = [];
  const store = createStore({
    reducer: widgetReducer,
    deps: { clock: { now: () => 0 } },
    initialState: patch(initialWidgetState(data)),
    onEnvelope: (e) => envelopes.push(e),
  });
  return { store, actions: () => envelopes.map((e) => e.action), envelopes };
}

export function byTestId(root: ParentNode, id: string): HTMLElement {
  const el = root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (el === null) throw new Error(`no element with data-testid="${id}"`);
  return el;
}
