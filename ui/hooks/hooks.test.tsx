import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { mediaTimeUpdated, playbackPlayed, playToggleRequested } from '../../core/widget/actions';
import type { WidgetState } from '../../core/widget/state';
import { cleanup, render, testStore } from '../test/render';
import { testEmbedData } from '../widget/test-embed-data';
import { StoreProvider } from './store-context';
import { useDispatch } from './use-dispatch';
import { isSpaceToggle } from './use-space-toggle';
import { shallowEqual, useSelector } from './use-selector';

afterEach(cleanup);

/** A selector that builds a new object on every call, like selectRemaining. */
const selectFlags = (s: WidgetState) => ({ playing: s.playback.isPlaying });

function Probe({ onRender, equal }: { onRender: (v: { playing: boolean }) => void; equal?: typeof shallowEqual }) {
  const value = useSelector(selectFlags, equal);
  onRender(value);
  return <span>{String(value.playing)}</span>;
}

describe('useSelector (useSyncExternalStore over the store)', () => {
  it('re-renders when the selection changes', () => {
    const { store } = testStore(testEmbedData);
    const seen: boolean[] = [];
    const r = render(
      <StoreProvider store={store}>
        <Probe onRender={(v) => seen.push(v.playing)} equal={shallowEqual} />
      </StoreProvider>,
    );
    act(() => store.dispatch(playbackPlayed(), 'adapter'));
    expect(seen).toEqual([false, true]);
    expect(r.container.textContent).toBe('true');
  });

  it('with shallowEqual, an equal new object does not re-render', () => {
    const { store } = testStore(testEmbedData);
    let renders = 0;
    render(
      <StoreProvider store={store}>
        <Probe onRender={() => (renders += 1)} equal={shallowEqual} />
      </StoreProvider>,
    );
    act(() => store.dispatch(mediaTimeUpdated({ positionMs: 100 }), 'adapter'));
    act(() => store.dispatch(playbackPlayed(), 'adapter'));
    expect(renders).toBe(2);
  });

  it('by identity (the default), a new object each state is a change', () => {
    const { store } = testStore(testEmbedData);
    let renders = 0;
    render(
      <StoreProvider store={store}>
        <Probe onRender={() => (renders += 1)} />
      </StoreProvider>,
    );
    act(() => store.dispatch(playbackPlayed(), 'adapter'));
    expect(renders).toBe(2);
  });

  it('renders the server state on the server (getServerSnapshot)', () => {
    const { store } = testStore(testEmbedData);
    const serverState = store.getState();
    store.dispatch(playbackPlayed(), 'adapter');
    const html = renderToString(
      <StoreProvider store={store} serverState={serverState}>
        <Probe onRender={() => undefined} />
      </StoreProvider>,
    );
    expect(html).toBe('<span>false</span>');
  });

  it('needs a StoreProvider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe onRender={() => undefined} />)).toThrow('<StoreProvider>');
    jest.restoreAllMocks();
  });
});

describe('useDispatch', () => {
  it('dispatches intents tagged ui in the log', () => {
    const t = testStore(testEmbedData);
    function Button() {
      const dispatch = useDispatch();
      return <button onClick={() => dispatch(playToggleRequested({ via: 'button' }))}>x</button>;
    }
    const r = render(
      <StoreProvider store={t.store}>
        <Button />
      </StoreProvider>,
    );
    act(() => r.container.querySelector('button')?.click());
    expect(t.envelopes.map((e) => [e.src, e.action.type])).toEqual([['ui', 'widget/playToggleRequested']]);
  });
});

describe('isSpaceToggle (spec 000 §2: the space bar also toggles playback)', () => {
  const on = (tag: string, init: KeyboardEventInit = {}) => {
    const el = document.createElement(tag);
    document.body.appendChild(el);
    let result: boolean | undefined;
    el.addEventListener('keydown', (e) => (result = isSpaceToggle(e)));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, ...init }));
    return result;
  };

  it.each<[string, string, KeyboardEventInit, boolean]>([
    ['Space on the page', 'div', {}, true],
    ['a held key (repeat)', 'div', { repeat: true }, false],
    ['another key', 'div', { key: 'Enter', code: 'Enter' }, false],
    ['with Ctrl', 'div', { ctrlKey: true }, false],
    ['on a button (it clicks itself)', 'button', {}, false],
    ['in an input', 'input', {}, false],
    ['in a textarea', 'textarea', {}, false],
  ])('%s -> %p', (_case, tag, init, expected) => {
    expect(on(tag, init)).toBe(expected);
  });
});
