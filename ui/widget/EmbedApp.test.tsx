import { act } from 'react';
import { playbackPlayed, playbackProgressed, playbackTrackChanged, playToggleRequested, pointerEntered } from '../../core/widget/actions';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { EmbedApp } from './EmbedApp';
import { testEmbedData } from './test-embed-data';

afterEach(cleanup);

const mount = () => {
  const t = testStore(testEmbedData);
  const r = render(
    <StoreProvider store={t.store}>
      <EmbedApp />
    </StoreProvider>,
  );
  return { ...t, ...r };
};

const pressSpace = (target: EventTarget, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true, ...init });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
};

const toggles = (actions: ReadonlyArray<{ type: string }>) => actions.filter(playToggleRequested.match);

describe('EmbedApp (spec 000 §2 The embed screen)', () => {
  it('renders the resource: title, artists, cover, dominant colour, one row per track', () => {
    const { container } = mount();
    expect(byTestId(container, 'title').textContent).toBe('Engines & <Analytical> Songs');
    expect(byTestId(container, 'subtitle').textContent).toBe('Ada Lovelace, Grace Hopper');
    expect(byTestId(container, 'cover').getAttribute('src')).toBe('https://static.test/cover-300.jpg');
    expect((container.firstElementChild as HTMLElement).style.backgroundColor).toBe('rgb(90, 61, 140)');
    expect(container.querySelectorAll('[data-testid="track-row"]')).toHaveLength(3);
    // Before play: the first track's length capped at the preview's 30000 ms (spec 000 §4 Preview mode).
    expect(byTestId(container, 'remaining').textContent).toBe('-0:30');
    expect(byTestId(container, 'play-button').getAttribute('aria-label')).toBe('Play');
  });

  it('clicking the play button dispatches playToggleRequested via button', () => {
    const { container, actions } = mount();
    act(() => byTestId(container, 'play-button').click());
    expect(toggles(actions())).toEqual([playToggleRequested({ via: 'button' })]);
  });

  it('the space bar on the document dispatches playToggleRequested via keyboard, and stops the page scrolling', () => {
    const { actions } = mount();
    const event = pressSpace(document.body);
    expect(toggles(actions())).toEqual([playToggleRequested({ via: 'keyboard' })]);
    expect(event.defaultPrevented).toBe(true);
  });

  it('ignores key repeats and Space while a button has the focus (the button handles its own Space)', () => {
    const { container, actions } = mount();
    pressSpace(document.body, { repeat: true });
    pressSpace(byTestId(container, 'play-button'));
    pressSpace(document.body, { key: 'a', code: 'KeyA' });
    expect(toggles(actions())).toEqual([]);
  });

  it('Space on the progress slider still toggles playback', () => {
    const { container, actions } = mount();
    pressSpace(byTestId(container, 'progress'));
    expect(toggles(actions())).toHaveLength(1);
  });

  it('dispatches pointerEntered once, on the first pointer entry (spec 000 §2 first-use rule)', () => {
    const { actions } = mount();
    act(() => {
      document.body.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
      document.body.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    });
    expect(actions().filter(pointerEntered.match)).toHaveLength(1);
  });

  it('follows the store: playing state, remaining time, progress and the playing row', () => {
    const { container, store } = mount();
    act(() => {
      store.dispatch(playbackTrackChanged({ uri: 'spotify:track:4uLU6hMCjMI75M1A2tKUQ1', durationMs: 30000 }), 'adapter');
      store.dispatch(playbackPlayed(), 'adapter');
      store.dispatch(playbackProgressed({ progress: 12500 }), 'adapter');
    });
    const button = byTestId(container, 'play-button');
    expect(button.dataset['state']).toBe('playing');
    expect(button.getAttribute('aria-label')).toBe('Pause');
    expect(byTestId(container, 'remaining').textContent).toBe('-0:17');
    expect(byTestId(container, 'progress').getAttribute('aria-valuenow')).toBe('12500');
    expect(container.querySelector('[data-testid="track-row"][aria-current="true"]')?.textContent).toContain('Note G');
  });

  it('every control is reachable by keyboard', () => {
    const { container } = mount();
    const focusable = container.querySelectorAll('button, a[href], input, [tabindex="0"]');
    expect(Array.from(focusable, (el) => el.getAttribute('data-testid') ?? el.tagName)).toEqual([
      'play-button',
      'A',
      // spec 000 §2 Call-to-action text with the provider logo link, under the title.
      'call-to-action',
      // spec 000 §2 Share dialog: the share button ends the header.
      'share-button',
      'skip-back',
      'progress',
      'skip-forward',
      // The volume control: the mute button and the slider (a native range input).
      'mute-button',
      'volume-slider',
      'track-row',
      'track-row',
      'track-row',
    ]);
  });
});
