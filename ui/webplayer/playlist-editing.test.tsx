import { act, useSyncExternalStore } from 'react';
import type { Action } from '../../core/store/action';
import { createStore, type Store } from '../../core/store/store';
import {
  addMenuOpened,
  addToPlaylistChosen,
  initialPlaylistEditingState,
  playlistCreateRequested,
  initialWebPlayerState,
  playlistEditAnswered,
  rowsOf,
  tracksSection,
  webPlayerReducer,
  type WebPlayerPage,
  type WebPlayerState,
  type WebTrack,
} from '../../core/webplayer';
import { cleanup, render } from '../test/render';
import { WebPlayerApp } from './WebPlayerApp';

/*
 * Issue 17 playlist editing in the page (ui/webplayer/playlist-editing.tsx): the "Add to playlist"
 * menu by keyboard (arrows, Escape back to its button, Enter chooses), the owner's row tools showing
 * a change at once and the put-back of a failed one, and an anonymous visitor's log-in offer.
 */

const track = (id: string): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [],
  album: null,
  imageUrl: null,
  durationMs: 60_000,
  previewUrl: null,
  playable: true,
});
const URI = 'spotify:playlist:pl1';
const rows = ['a', 'b', 'c'].map(track);
const page: WebPlayerPage = {
  path: '/playlist/pl1',
  itemUri: URI,
  header: {
    uri: URI,
    typeLabel: 'Public Playlist',
    name: 'Mine',
    imageUrl: null,
    round: false,
    byline: [],
    details: ['3 songs'],
    description: null,
    actions: [],
  },
  sections: [tracksSection('tracks', null, URI, rows, { album: false, cover: false }, '')],
};

function mount(loggedIn: boolean, owned = true): { store: Store<WebPlayerState>; actions: Action[]; root: HTMLElement } {
  const actions: Action[] = [];
  const editing = initialPlaylistEditingState({
    loggedIn,
    userId: loggedIn ? 'demo' : null,
    open: loggedIn && owned ? { id: 'pl1', name: 'Mine', public: true, owned: true, rows: rowsOf(rows), snapshotId: null } : null,
    mine: loggedIn
      ? [
          { id: 'pl1', name: 'Mine' },
          { id: 'pl2', name: 'Other' },
        ]
      : null,
  });
  const store = createStore<WebPlayerState, { clock: { now(): number } }>({
    reducer: webPlayerReducer,
    deps: { clock: { now: () => 0 } },
    initialState: initialWebPlayerState(page, loggedIn, {}, editing),
    onEnvelope: (e) => actions.push(e.action),
  });
  // One dispatch for the page's life, as main.tsx's (the bar's effects depend on it).
  const dispatch = (a: Action) => store.dispatch(a);
  function App() {
    const state = useSyncExternalStore(store.subscribe, () => store.getState());
    return <WebPlayerApp state={state} dispatch={dispatch} title="Mine" query="" />;
  }
  const { container } = render(<App />);
  return { store, actions, root: container };
}

const key = (target: Element, k: string) => act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));
const click = (target: Element) => act(() => (target as HTMLElement).click());
const $ = (root: ParentNode, selector: string) => {
  const el = root.querySelector<HTMLElement>(selector);
  if (el === null) throw new Error(`no ${selector}`);
  return el;
};
const names = (root: ParentNode) => [...root.querySelectorAll('.wp-title > a')].map((a) => a.textContent);
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

afterEach(cleanup);

describe('"Add to playlist" (issue 17: keyboard and screen-reader use as in the widget)', () => {
  it('opens on its button with the first playlist focused; arrows move, Escape closes back to the button', async () => {
    const { root, actions } = mount(true);
    const button = $(root, 'button[aria-label="Add Song b to playlist"]');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    click(button);
    expect(actions).toContainEqual(addMenuOpened());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = $(root, '[role="menu"]');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(document.activeElement?.textContent).toBe('Mine');
    key(menu, 'ArrowDown');
    expect(document.activeElement?.textContent).toBe('Other');
    key(menu, 'ArrowDown');
    expect(document.activeElement?.textContent).toBe('Mine');
    key(menu, 'ArrowUp');
    expect(document.activeElement?.textContent).toBe('Other');
    key(menu, 'Escape');
    expect(root.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('choosing a playlist adds the row’s track to it and closes the menu', () => {
    const { root, actions } = mount(true);
    click($(root, 'button[aria-label="Add Song b to playlist"]'));
    click([...root.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Other')!);
    expect(actions).toContainEqual(addToPlaylistChosen({ playlistId: 'pl2', track: rows[1]! }));
    expect(root.querySelector('[role="menu"]')).toBeNull();
  });

  it('an anonymous visitor gets the log-in offer, no menu', () => {
    const { root, store } = mount(false);
    click($(root, 'button[aria-label="Add Song a to playlist"]'));
    expect(root.querySelector('[role="menu"]')).toBeNull();
    expect(store.getState().loginOffer).toBe('playlist');
    expect($(root, '.wp-offer a').textContent).toBe('Log in to make playlists');
    expect($(root, '.wp-offer a').getAttribute('href')).toBe(`/login?continue=${encodeURIComponent('/playlist/pl1')}`);
  });
});

describe('"Create playlist" and rename: a name field, by keyboard', () => {
  const type = (input: HTMLInputElement, text: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it('asks for a name (focused), then asks the provider to make it', async () => {
    const { root, actions } = mount(true);
    const button = $(root, '.wp-pl-create-button');
    click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // Focused as it appears, not a tick later: keys typed at once must not go to the button (e2e lost the first letter).
    const input = $(root, '.wp-pl-create input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(root.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Playlist name');
    type(input, 'Road trip');
    act(() => void $(root, '.wp-pl-create form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(actions).toContainEqual(playlistCreateRequested({ name: 'Road trip' }));
    expect($(root, '.wp-pl-create button[type="submit"]').textContent).toBe('Creating…');
  });

  it('an anonymous visitor gets the log-in offer instead of the form', () => {
    const { root, store } = mount(false);
    click($(root, '.wp-pl-create-button'));
    expect(root.querySelector('.wp-pl-create form')).toBeNull();
    expect(store.getState().loginOffer).toBe('playlist');
  });

  it('rename: the field starts with the name, focused; the new name shows at once', async () => {
    const { root } = mount(true);
    click([...root.querySelectorAll('.wp-pl-tools button')].find((b) => b.textContent === 'Rename')!);
    await settle();
    const input = $(root, '.wp-pl-tools input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('Mine');
    type(input, 'Road trip');
    act(() => void $(root, '.wp-pl-tools form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(root.querySelector('.wp-pl-tools form')).toBeNull();
    expect($(root, '.wp-header h1').textContent).toBe('Road trip');
  });
});

describe("the owner's playlist page", () => {
  it('moving a row shows at once and the focus follows it; a failed move is put back and said', async () => {
    const { root, store } = mount(true);
    click($(root, 'button[aria-label="Move Song c up"]'));
    expect(names(root)).toEqual(['Song a', 'Song c', 'Song b']);
    await settle();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Song c up');
    act(() => store.dispatch(playlistEditAnswered({ seq: 1, ok: false, snapshotId: null })));
    expect(names(root)).toEqual(['Song a', 'Song b', 'Song c']);
    expect($(root, '[role="status"]').textContent).toBe('Could not change the playlist; it is back as it was.');
  });

  it('the first row cannot move up nor the last down; removing a row takes it off the list', () => {
    const { root } = mount(true);
    expect(($(root, 'button[aria-label="Move Song a up"]') as HTMLButtonElement).disabled).toBe(true);
    expect(($(root, 'button[aria-label="Move Song c down"]') as HTMLButtonElement).disabled).toBe(true);
    click($(root, 'button[aria-label="Remove Song b from this playlist"]'));
    expect(names(root)).toEqual(['Song a', 'Song c']);
  });

  it('dragging a row by its grip onto another row moves it there', () => {
    const { root } = mount(true);
    const data = new Map<string, string>();
    const transfer = {
      get types() {
        return [...data.keys()];
      },
      setData: (type: string, value: string) => void data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'none',
      dropEffect: 'none',
    };
    const fire = (target: Element, type: string) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: transfer });
      act(() => void target.dispatchEvent(event));
      return event;
    };
    const [first, , last] = [...root.querySelectorAll('.wp-row')];
    fire(last!.querySelector('.wp-pl-grip')!, 'dragstart');
    expect(fire(first!, 'dragover').defaultPrevented).toBe(true);
    fire(first!, 'drop');
    expect(names(root)).toEqual(['Song c', 'Song a', 'Song b']);
  });

  it('make private and rename are there for the owner only', () => {
    const owner = mount(true);
    expect($(owner.root, '.wp-pl-tools button[aria-pressed]').textContent).toBe('Make private');
    click($(owner.root, '.wp-pl-tools button[aria-pressed]'));
    expect($(owner.root, '.wp-pl-tools button[aria-pressed]').textContent).toBe('Make public');
    cleanup();
    const other = mount(true, false);
    expect(other.root.querySelector('.wp-pl-tools')).toBeNull();
    expect(other.root.querySelector('button[aria-label="Move Song b up"]')).toBeNull();
  });
});
