import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { EmbedData } from '../../core/model/embed-data';
import { playbackPlayed, sessionStarted, viewportMeasured } from '../../core/widget/actions';
import { initialWidgetState } from '../../core/widget/state';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, testStore } from '../test/render';
import { EmbedApp } from './EmbedApp';
import { renderEmbedApp } from './ssr';
import { testEmbedData } from './test-embed-data';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];

afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.replaceChildren();
  jest.restoreAllMocks();
});

describe('renderEmbedApp (ARCHITECTURE.md §4: the server renders the first frame, the client hydrates it)', () => {
  it('the fixture decodes with the EmbedData codec', () => {
    expect(EmbedData.is(testEmbedData)).toBe(true);
    expect(EmbedData.decode(JSON.parse(JSON.stringify(testEmbedData)))._tag).toBe('Right');
  });

  it('renders cover art, title and track list as HTML, escaping catalogue text', () => {
    const html = renderEmbedApp(testEmbedData);
    expect(html).toContain('data-testid="cover"');
    expect(html).toContain('Engines &amp; &lt;Analytical&gt; Songs');
    expect(html.match(/data-testid="track-row"/g)).toHaveLength(3);
    expect(html).toContain('data-state="paused"');
  });

  const hydrate = (html: string, advance?: (dispatch: (a: { type: string }) => void) => void) => {
    const errors: unknown[] = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
    const recoverable: unknown[] = [];
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const serverButton = byTestId(container, 'play-button');
    const initialState = initialWidgetState(testEmbedData);
    const { store } = testStore(testEmbedData);
    advance?.((a) => store.dispatch(a, 'adapter'));
    act(() => {
      const root = hydrateRoot(
        container,
        <StoreProvider store={store} serverState={initialState}>
          <EmbedApp />
        </StoreProvider>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
      roots.push(root);
    });
    return { errors, recoverable, container, serverButton };
  };

  it('hydrates without a mismatch and keeps the server nodes', () => {
    const { errors, recoverable, container, serverButton } = hydrate(renderEmbedApp(testEmbedData));
    expect(errors).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(byTestId(container, 'play-button')).toBe(serverButton);
  });

  it('hydrates without a mismatch even when the store moved on before hydration, then shows the new state', () => {
    const { errors, recoverable, container, serverButton } = hydrate(renderEmbedApp(testEmbedData), (dispatch) => {
      dispatch(sessionStarted({ sessionId: 's1' }));
      dispatch(viewportMeasured({ width: 300, height: 380 }));
      dispatch(playbackPlayed());
    });
    expect(errors).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(byTestId(container, 'play-button')).toBe(serverButton);
    expect(serverButton.dataset['state']).toBe('playing');
  });

  it('a different server frame is reported as a mismatch (the check can fail)', () => {
    const html = renderEmbedApp({ ...testEmbedData, resource: { ...testEmbedData.resource, name: 'Another title' } });
    const { errors, recoverable } = hydrate(html);
    expect(errors.length + recoverable.length).toBeGreaterThan(0);
  });
});
